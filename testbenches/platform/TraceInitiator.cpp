// An initiator replaying a memory-access trace (see TraceInitiator.hpp).
#include "TraceInitiator.hpp"

#include <random>

#include <fmt/format.h>

namespace wormcast::platform {

using namespace sc_core;

TraceInitiator::TraceInitiator(sc_module_name name, std::vector<Access> trace, CodingStyle style,
                               sc_time clock, std::vector<NodeId> broadcast_nodes,
                               std::uint64_t seed)
    : sc_module(name),
      socket("socket"),
      trace_(std::move(trace)),
      style_(style),
      clock_(clock),
      broadcast_(std::move(broadcast_nodes)),
      seed_(seed) {
    socket.register_nb_transport_bw(this, &TraceInitiator::nb_transport_bw);
    SC_THREAD(run);
}

Cycle TraceInitiator::cycle_now() const {
    return sc_time_stamp().value() / clock_.value();
}

void TraceInitiator::free(tlm::tlm_generic_payload*) {
    references_ = 0;
}

void TraceInitiator::run() {
    tlm::tlm_generic_payload gp;
    gp.set_mm(this);
    std::mt19937_64 random(seed_);
    for (std::size_t i = 0; i < trace_.size(); ++i) {
        const Access& a = trace_[i];
        wait(clock_ * static_cast<double>(a.think));
        Completion c;
        c.index = i;
        c.data.assign(a.bytes, 0);
        if (a.write)
            for (auto& byte : c.data) byte = static_cast<std::uint8_t>(random());
        gp.set_command(a.write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
        gp.set_address(a.address);
        gp.set_data_ptr(c.data.data());
        gp.set_data_length(a.bytes);
        gp.set_streaming_width(a.bytes);
        gp.set_byte_enable_ptr(nullptr);
        gp.set_byte_enable_length(0);
        gp.set_dmi_allowed(false);
        gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
        if (a.broadcast) gp.set_extension(&broadcast_);
        c.issued = cycle_now();
        transact(gp);
        c.completed = cycle_now();
        if (a.broadcast) gp.clear_extension(&broadcast_);
        c.status = gp.get_response_status();
        if (c.status == tlm::TLM_INCOMPLETE_RESPONSE)
            violations_.push_back(
                fmt::format("access {}: completed with TLM_INCOMPLETE_RESPONSE", i));
        if (references_ != 0)
            violations_.push_back(fmt::format(
                "access {}: payload still acquired {} times after its response", i, references_));
        completions_.push_back(std::move(c));
    }
}

void TraceInitiator::transact(tlm::tlm_generic_payload& gp) {
    gp.acquire();
    references_ = gp.get_ref_count();
    if (style_ == CodingStyle::LooselyTimed) {
        sc_time delay = SC_ZERO_TIME;
        socket->b_transport(gp, delay);
        wait(delay);
        gp.release();
        references_ = gp.get_ref_count();
        return;
    }
    in_flight_ = &gp;
    responded_ = false;
    request_ended_ = sc_max_time();  // END_REQ not yet seen
    tlm::tlm_phase phase = tlm::BEGIN_REQ;
    sc_time delay = SC_ZERO_TIME;
    const tlm::tlm_sync_enum reply = socket->nb_transport_fw(gp, phase, delay);
    if (reply == tlm::TLM_COMPLETED) {  // answered at once (e.g. an address error)
        wait(delay);
    } else {
        if (reply == tlm::TLM_UPDATED && phase != tlm::END_REQ)
            violations_.push_back(fmt::format("BEGIN_REQ answered with {}", phase.get_name()));
        if (reply == tlm::TLM_UPDATED) request_ended_ = sc_time_stamp() + delay;
        // END_REQ (annotated, here, or later on the backward path); the response comes backward.
        while (!responded_) wait(response_event_);
        phase = tlm::END_RESP;
        delay = SC_ZERO_TIME;
        const tlm::tlm_sync_enum end = socket->nb_transport_fw(gp, phase, delay);
        if (end != tlm::TLM_COMPLETED)
            violations_.push_back("END_RESP not answered with TLM_COMPLETED");
    }
    in_flight_ = nullptr;
    gp.release();
    references_ = gp.get_ref_count();
}

tlm::tlm_sync_enum TraceInitiator::nb_transport_bw(tlm::tlm_generic_payload& gp,
                                                   tlm::tlm_phase& phase, sc_time& delay) {
    if (&gp != in_flight_) {
        violations_.push_back(fmt::format("{} for a transaction not in flight", phase.get_name()));
        return tlm::TLM_COMPLETED;
    }
    if (phase == tlm::END_REQ) {
        if (request_ended_ != sc_max_time()) violations_.push_back("END_REQ twice");
        request_ended_ = sc_time_stamp() + delay;
        return tlm::TLM_ACCEPTED;
    }
    if (phase != tlm::BEGIN_RESP) {
        violations_.push_back(fmt::format("{} on the backward path", phase.get_name()));
        return tlm::TLM_COMPLETED;
    }
    if (responded_) violations_.push_back("BEGIN_RESP twice for one request");
    // BEGIN_RESP implies END_REQ; one announced for later must not come after the response.
    if (request_ended_ != sc_max_time() && sc_time_stamp() + delay < request_ended_)
        violations_.push_back("BEGIN_RESP before the END_REQ annotated for the request");
    responded_ = true;
    response_event_.notify(delay);
    return tlm::TLM_ACCEPTED;  // END_RESP follows on the forward path
}

}  // namespace wormcast::platform
