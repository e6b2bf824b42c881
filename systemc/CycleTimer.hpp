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
    /// With a ticker, "run next cycle" waits on its shared edge; without one, on a timed
    /// notification of this process's own.
    CycleTimer(sc_core::sc_time period, bool always_clocked, Ticker* ticker = nullptr)
        : period_(period), always_(always_clocked), ticker_(ticker) {}

    sc_core::sc_time period() const { return period_; }
    Cycle now() const { return sc_core::sc_time_stamp().value() / period_.value(); }
    bool always_clocked() const { return always_; }

    /// Call first in the process. Returns false when this activation was an event wake-up: the
    /// process must return at once (the next cycle has been booked).
    bool begin() {
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
    /// Run again next cycle.
    void next_cycle() {
        if (ticker_)
            sc_core::next_trigger(ticker_->request(now() + 1));
        else
            sc_core::next_trigger(period_);
    }
    /// Sleep until one of `wake` fires (then run the cycle after it), or forever if none does.
    void sleep(const sc_core::sc_event_or_list& wake) {
        if (always_) return next_cycle();
        sleeping_ = true;
        sc_core::next_trigger(wake);
    }
    /// Sleep until `cycles` from now (a timed wake-up is a real cycle) or until one of `wake`
    /// fires.
    void sleep_for(Cycle cycles, const sc_core::sc_event_or_list& wake) {
        if (always_ || cycles <= 1) return next_cycle();
        sleeping_ = true;
        timed_wake_ = now() + cycles;
        sc_core::next_trigger(period_ * static_cast<double>(cycles), wake);
    }

  private:
    sc_core::sc_time period_;
    bool always_;
    Ticker* ticker_;
    bool sleeping_ = false;
    Cycle timed_wake_ = ~Cycle{0};
};

}  // namespace wormcast
