// Host model (see TrafficHost.hpp).
#include "testbenches/traffic/TrafficHost.hpp"

#include <fmt/format.h>

namespace wormcast {

using namespace sc_core;

TrafficHost::TrafficHost(sc_module_name name, std::unique_ptr<SendStream> sends, sc_time clock)
    : sc_module(name),
      to_nic("to_nic"),
      from_nic("from_nic", this, &TrafficHost::b_transport),
      sends_(std::move(sends)),
      next_(sends_->next()),
      clock_(clock) {
    // A method, not a thread: it re-arms itself for the next send's time, so no run has a
    // coroutine stack (which the address sanitizer cannot follow, docs/hardening.md). The NIC
    // sees a request written in cycle t in cycle t+1, so the order of processes within a cycle
    // does not matter.
    if (next_) SC_METHOD(run);
}

void TrafficHost::run() {
    while (next_) {
        ScheduledSend& s = *next_;
        const sc_time at = clock_ * static_cast<double>(s.at);
        if (at > sc_time_stamp()) return next_trigger(at - sc_time_stamp());
        SendDescriptor d{std::move(s.destinations), s.length, s.measured, 0};
        tlm::tlm_generic_payload gp;
        tlm_write(gp, d);
        sc_time delay = SC_ZERO_TIME;
        to_nic->b_transport(gp, delay);
        if (gp.is_response_error())
            throw ModelError(fmt::format("{}: the NIC refused a send descriptor", name()));
        if (s.measured) measured_flits_ += s.length;
        next_ = sends_->next();
    }
}

std::uint64_t TrafficHost::measured_flits() {
    std::uint64_t flits = measured_flits_;
    for (; next_; next_ = sends_->next())
        if (next_->measured) flits += next_->length;
    return flits;
}

void TrafficHost::b_transport(tlm::tlm_generic_payload& gp, sc_time&) {
    (void)tlm_object<DeliveryRecord>(gp);  // checks the write and sets the response
}

}  // namespace wormcast
