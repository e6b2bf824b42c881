// Host model (see TrafficHost.hpp).
#include "testbenches/traffic/TrafficHost.hpp"

#include <fmt/format.h>

namespace wormcast {

using namespace sc_core;

TrafficHost::TrafficHost(sc_module_name name, std::vector<ScheduledSend> sends, sc_time clock)
    : sc_module(name),
      to_nic("to_nic"),
      from_nic("from_nic"),
      sends_(std::move(sends)),
      clock_(clock) {
    from_nic.register_b_transport(this, &TrafficHost::b_transport);
    // A method, not a thread: it re-arms itself for the next send's time, so no run has a
    // coroutine stack (which the address sanitizer cannot follow, docs/hardening.md). The NIC
    // sees a request written in cycle t in cycle t+1, so the order of processes within a cycle
    // does not matter.
    if (!sends_.empty()) SC_METHOD(run);
}

void TrafficHost::run() {
    while (submitted_ < sends_.size()) {
        const ScheduledSend& s = sends_[submitted_];
        const sc_time at = clock_ * static_cast<double>(s.at);
        if (at > sc_time_stamp()) return next_trigger(at - sc_time_stamp());
        SendDescriptor d{s.destinations, s.length, s.measured, 0};
        tlm::tlm_generic_payload gp;
        tlm_write(gp, d);
        sc_time delay = SC_ZERO_TIME;
        to_nic->b_transport(gp, delay);
        if (gp.is_response_error())
            throw ModelError(fmt::format("{}: the NIC refused a send descriptor", name()));
        ++submitted_;
    }
}

void TrafficHost::b_transport(tlm::tlm_generic_payload& gp, sc_time&) {
    if (DeliveryRecord* r = tlm_object<DeliveryRecord>(gp)) deliveries_.push_back(*r);
}

}  // namespace wormcast
