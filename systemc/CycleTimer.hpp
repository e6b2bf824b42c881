// Activity-driven clocking for one SystemC process (DESIGN.md §7): the process runs on cycle
// boundaries while it has work and sleeps on its wake-up events otherwise, bit-identical to
// evaluating it every cycle. An event wake-up never does work itself; it books the next cycle.
#pragma once

#include <systemc>

#include "systemc/Ticker.hpp"
#include "systemc/pure/Types.hpp"

namespace wormcast {

class CycleTimer {
  public:
    /// With a ticker, "run next cycle" books the ticker's shared edge, which calls
    /// `owner->on_edge()`; without one, the process waits on a timed notification of its own.
    /// The owner's process must be statically sensitive to arm_event() (see sleep()).
    CycleTimer(sc_core::sc_time period, bool always_clocked, Ticker* ticker = nullptr,
               Clocked* owner = nullptr)
        : period_(period), always_(always_clocked), ticker_(ticker), owner_(owner) {}

    sc_core::sc_time period() const { return period_; }
    Cycle now() const {
        if (on_edge_) return edge_cycle_;  // handed over by the ticker
        return sc_core::sc_time_stamp().value() / period_.value();
    }
    bool always_clocked() const { return always_; }
    const sc_core::sc_event& arm_event() const { return arm_; }

    /// Call first in the owner's process. Returns false when the activation was not a cycle: an
    /// event wake-up (the next cycle has been booked) or the arming of a sleep decided on the
    /// ticker's edge (done here); the process must return at once.
    bool begin() {
        on_edge_ = false;
        if (arming_) {
            arming_ = false;
            arm();
            return false;
        }
        if (!sleeping_) return true;
        sleeping_ = false;
        // A timed wake-up fires in the first delta of its cycle, before any event of that cycle.
        if (now() == timed_wake_) {
            timed_wake_ = ~Cycle{0};
            return true;
        }
        timed_wake_ = ~Cycle{0};
        next_cycle();
        return false;
    }
    /// Call first in the owner's on_edge(now): the cycle runs in the ticker's process.
    void begin_edge(Cycle now) {
        on_edge_ = true;
        edge_cycle_ = now;
    }
    /// Call last in the owner's on_edge().
    void end_edge() { on_edge_ = false; }
    /// Run again next cycle.
    void next_cycle() {
        if (ticker_)
            ticker_->book(now() + 1, owner_);
        else
            sc_core::next_trigger(period_);
    }
    /// Sleep until one of `wake` fires (then run the cycle after it), or forever if none does.
    void sleep(const sc_core::sc_event_or_list& wake) {
        if (always_) return next_cycle();
        wait_for(0, wake);
    }
    /// Sleep until `cycles` from now (a timed wake-up is a real cycle) or until one of `wake`
    /// fires.
    void sleep_for(Cycle cycles, const sc_core::sc_event_or_list& wake) {
        if (always_ || cycles <= 1) return next_cycle();
        timed_wake_ = now() + cycles;
        wait_for(cycles, wake);
    }

  private:
    /// Waits on `wake` and, unless 0, `cycles` (from the owner's process; on the ticker's edge,
    /// by having it run at once: an immediate notification, in this same evaluation phase,
    /// before any wire written now changes).
    void wait_for(Cycle cycles, const sc_core::sc_event_or_list& wake) {
        sleeping_ = true;
        wake_ = &wake;
        sleep_cycles_ = cycles;
        if (!on_edge_) return arm();
        arming_ = true;
        arm_.notify();
    }
    void arm() {
        if (sleep_cycles_)
            sc_core::next_trigger(period_ * static_cast<double>(sleep_cycles_), *wake_);
        else
            sc_core::next_trigger(*wake_);
    }

    sc_core::sc_time period_;
    bool always_;
    Ticker* ticker_;
    Clocked* owner_;
    sc_core::sc_event arm_;
    const sc_core::sc_event_or_list* wake_ = nullptr;
    Cycle sleep_cycles_ = 0;
    bool on_edge_ = false;  ///< the cycle being run is on the ticker's edge
    Cycle edge_cycle_ = 0;  ///< ... which is this one
    bool arming_ = false;   ///< a sleep decided on the ticker's edge awaits the owner's process
    bool sleeping_ = false;
    Cycle timed_wake_ = ~Cycle{0};
};

}  // namespace wormcast
