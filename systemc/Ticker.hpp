// One shared clock edge for the activity-driven modules of a network (DESIGN.md §7): instead of a
// timed notification per busy module per cycle, busy modules book the cycle they want with this
// module, whose one process runs them, in cycles somebody booked, by a plain call: a busy cycle
// costs no process activation of the module's own.
#pragma once

#include <cstdint>
#include <vector>

#include <systemc>

#include "systemc/pure/Types.hpp"

namespace wormcast {

/// A module the ticker runs: on_edge(now) is its cycle `now`, called from the ticker's process in
/// the first delta of the cycle it booked.
class Clocked {
  public:
    virtual void on_edge(Cycle now) = 0;

  protected:
    ~Clocked() = default;
};

class Ticker : public sc_core::sc_module {
  public:
    Ticker(sc_core::sc_module_name name, sc_core::sc_time period)
        : sc_module(name), period_(period) {
        SC_METHOD(edge);
    }

    /// `who` runs in `cycle` (the next one). Bookings alternate between two lists by cycle
    /// parity, so one made in cycle c for c+1 never joins the list being run in c.
    void book(Cycle cycle, Clocked* who) {
        due_[cycle & 1U].push_back(who);
        if (!running_) {
            running_ = true;
            wake_.notify(period_);  // every booking is for a cycle boundary
        }
    }

  private:
    SC_HAS_PROCESS(Ticker);
    void edge() {
        const Cycle now = sc_core::sc_time_stamp().value() / period_.value();
        const unsigned parity = static_cast<unsigned>(now & 1U);
        // Modules run now book now + 1, in the other list, which therefore does not move.
        std::vector<Clocked*>& due = due_[parity];
        for (Clocked* who : due) who->on_edge(now);
        due.clear();
        if (!due_[parity ^ 1U].empty()) {
            sc_core::next_trigger(period_);
        } else {
            running_ = false;
            sc_core::next_trigger(wake_);
        }
    }

    sc_core::sc_time period_;
    sc_core::sc_event wake_;
    std::vector<Clocked*> due_[2];
    bool running_ = true;  // the process runs once at time 0
};

}  // namespace wormcast
