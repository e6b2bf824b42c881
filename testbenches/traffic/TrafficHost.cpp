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
    if (!sends_.empty()) SC_THREAD(run);
}

void TrafficHost::run() {
    for (const ScheduledSend& s : sends_) {
        const sc_time at = clock_ * static_cast<double>(s.at);
        if (at > sc_time_stamp()) wait(at - sc_time_stamp());
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
