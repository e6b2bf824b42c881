// One shared clock edge for the activity-driven modules of a network (DESIGN.md §7): instead of a
// timed notification per busy module per cycle, busy modules wait on this module's event for the
// cycle they want, and one process notifies it, only in cycles somebody asked for.
#pragma once

#include <cstdint>

#include <systemc>

#include "systemc/pure/Types.hpp"

namespace wormcast {

class Ticker : public sc_core::sc_module {
  public:
    Ticker(sc_core::sc_module_name name, sc_core::sc_time period)
        : sc_module(name), period_(period) {
        SC_METHOD(edge);
    }

    /// A process wants to run in `cycle` (the next one): it must then next_trigger(event(cycle)).
    /// Two events alternate by cycle parity, so a request made in cycle c for c+1 is never
    /// served by c's notification, whatever the order of processes within cycle c.
    const sc_core::sc_event& request(Cycle cycle) {
        ++requests_[cycle & 1U];
        if (!running_) {
            running_ = true;
            wake_.notify(period_);  // every caller runs on a cycle boundary
        }
        return tick_[cycle & 1U];
    }

  private:
    SC_HAS_PROCESS(Ticker);
    void edge() {
        const Cycle now = sc_core::sc_time_stamp().value() / period_.value();
        const unsigned parity = static_cast<unsigned>(now & 1U);
        const std::uint64_t asked = requests_[parity];
        requests_[parity] = 0;
        if (asked) tick_[parity].notify();  // immediate: the waiting modules run in this phase
        if (asked || requests_[parity ^ 1U]) {
            sc_core::next_trigger(period_);
        } else {
            running_ = false;
            sc_core::next_trigger(wake_);
        }
    }

    sc_core::sc_time period_;
    sc_core::sc_event tick_[2];
    sc_core::sc_event wake_;
    std::uint64_t requests_[2] = {0, 0};
    bool running_ = true;  // the process runs once at time 0
};

}  // namespace wormcast
