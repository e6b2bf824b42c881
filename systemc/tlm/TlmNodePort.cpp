// One node's side of the memory-mapped TLM-2.0 interconnect (see TlmNodePort.hpp).
//
// Loosely timed (b_transport): the initiator's annotated delay is waited out first, then the
// request goes into the network and the calling thread waits until the last response worm is
// delivered; the call returns with a zero delay. The network's latency is synchronised, not
// annotated: it depends on every other worm in the cycle-accurate network, which is known only by
// simulating it, so it cannot be computed ahead and added to the initiator's local time.
// Approximately timed (nb_transport_fw/bw): BEGIN_REQ is taken at its annotated time and answered
// at once with END_REQ (TLM_UPDATED) annotated one cycle later, the cycle the NIC takes the
// request; BEGIN_RESP goes backward when the last response worm is delivered, one response at a
// time (the next after END_RESP, or TLM_COMPLETED / TLM_UPDATED on the backward call's return).
#include "systemc/tlm/TlmNodePort.hpp"

#include <fmt/format.h>

#include "systemc/tlm/TlmInterconnect.hpp"
#include "systemc/tlm/WormLength.hpp"

namespace wormcast::tlm_net {

using namespace sc_core;

TlmNodePort::TlmNodePort(sc_module_name name, NodeId node, TlmInterconnect& interconnect)
    : sc_module(name),
      target_socket("target_socket"),
      initiator_socket("initiator_socket"),
      to_nic("to_nic"),
      from_nic("from_nic"),
      node_(node),
      interconnect_(interconnect),
      issue_queue_("issue_queue") {
    target_socket.register_b_transport(this, &TlmNodePort::b_transport);
    target_socket.register_nb_transport_fw(this, &TlmNodePort::nb_transport_fw);
    target_socket.register_transport_dbg(this, &TlmNodePort::transport_dbg);
    target_socket.register_get_direct_mem_ptr(this, &TlmNodePort::get_direct_mem_ptr);
    from_nic.register_b_transport(this, &TlmNodePort::delivered);
    SC_METHOD(issue_due);
    sensitive << issue_queue_.get_event();
    dont_initialize();
    SC_METHOD(respond);
    sensitive << respond_event_;
    dont_initialize();
    SC_METHOD(local_arrived);
    sensitive << local_due_;
    dont_initialize();
    SC_THREAD(serve);
}

void TlmNodePort::b_transport(tlm::tlm_generic_payload& gp, sc_time& delay) {
    std::unique_ptr<Transaction> t = interconnect_.open(gp, node_, /*blocking=*/true);
    if (!t) {
        ++stats_.address_errors;
        return;
    }
    ++outstanding_;
    wait(delay);  // synchronise: the network runs in simulated time
    delay = SC_ZERO_TIME;
    issue(t.get());
    if (!t->complete) wait(t->done);
    finish(t.get());
}

tlm::tlm_sync_enum TlmNodePort::nb_transport_fw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase,
                                                sc_time& delay) {
    if (phase == tlm::BEGIN_REQ) {
        std::unique_ptr<Transaction> t = interconnect_.open(gp, node_, /*blocking=*/false);
        if (!t) {  // refused at once: the response status says why
            ++stats_.address_errors;
            phase = tlm::BEGIN_RESP;
            return tlm::TLM_COMPLETED;
        }
        ++outstanding_;
        issue_queue_.notify(*t, delay);
        open_.emplace(t.get(), std::move(t));
        phase = tlm::END_REQ;
        delay += interconnect_.clock();
        return tlm::TLM_UPDATED;
    }
    if (phase == tlm::END_RESP) {
        if (!response_open_ || response_open_->gp != &gp)
            throw ModelError(
                fmt::format("{}: END_RESP for a transaction without BEGIN_RESP open", name()));
        Transaction* t = response_open_;
        response_open_ = nullptr;
        finish(t);
        respond_event_.notify(delay);
        return tlm::TLM_COMPLETED;
    }
    throw ModelError(fmt::format("{}: an initiator may not send {} on the forward path", name(),
                                 phase.get_name()));
}

void TlmNodePort::issue_due() {
    while (Transaction* t = issue_queue_.get_next_transaction()) issue(t);
}

void TlmNodePort::issue(Transaction* t) {
    ++stats_.requests;
    if (t->targets.size() > 1) ++stats_.multicast_writes;
    t->issued = sc_time_stamp();
    std::vector<NodeId> remote;
    for (std::size_t i = 0; i < t->targets.size(); ++i) {
        if (t->targets[i] != node_) {
            remote.push_back(t->targets[i]);
            continue;
        }
        // The node's own target: no worm; served after the NIC's cycle, as a worm would be at
        // the earliest.
        ++stats_.local_accesses;
        local_pending_.push_back({t, i});
        local_due_.notify(interconnect_.clock());
    }
    if (remote.empty()) return;
    const tlm::tlm_generic_payload& gp = *t->gp;
    SendDescriptor send;
    send.destinations = std::move(remote);
    send.length = request_flits(gp.is_write(), gp.get_data_length(),
                                gp.get_byte_enable_ptr() != nullptr, interconnect_.flit_width());
    tlm::tlm_generic_payload to;
    tlm_write(to, send);
    sc_time zero = SC_ZERO_TIME;
    to_nic->b_transport(to, zero);
    if (to.is_response_error())
        throw ModelError(fmt::format("{}: the NIC refused a request worm", name()));
    ++stats_.request_worms;
    interconnect_.sent_request(send.multicast, t);
}

void TlmNodePort::local_arrived() {
    request_arrived(local_pending_.front().transaction, local_pending_.front().target_index);
    local_pending_.pop_front();
}

void TlmNodePort::delivered(tlm::tlm_generic_payload& gp, sc_time&) {
    const DeliveryRecord* record = tlm_object<DeliveryRecord>(gp);
    if (!record) throw ModelError(fmt::format("{}: the NIC wrote something else", name()));
    interconnect_.worm_delivered(record->multicast, node_);
}

void TlmNodePort::request_arrived(Transaction* t, std::size_t target_index) {
    services_.push_back({t, target_index});
    service_event_.notify(SC_ZERO_TIME);
}

void TlmNodePort::serve() {
    for (;;) {
        while (services_.empty()) wait(service_event_);
        const Service s = services_.front();
        services_.pop_front();
        ++stats_.served;
        tlm::tlm_generic_payload& gp = s.transaction->payload_for(s.target_index);
        gp.set_address(s.transaction->target_addresses[s.target_index]);
        sc_time delay = SC_ZERO_TIME;
        initiator_socket->b_transport(gp, delay);
        wait(delay);  // the target's own latency, before its response leaves
        send_response(s.transaction, s.target_index);
    }
}

void TlmNodePort::send_response(Transaction* t, std::size_t target_index) {
    if (t->source == node_) {
        response_arrived(t, target_index);
        return;
    }
    const tlm::tlm_generic_payload& gp = t->payload_for(target_index);
    SendDescriptor send;
    send.destinations = {t->source};
    send.length = response_flits(gp.is_read(), gp.get_data_length(), interconnect_.flit_width());
    tlm::tlm_generic_payload to;
    tlm_write(to, send);
    sc_time zero = SC_ZERO_TIME;
    to_nic->b_transport(to, zero);
    if (to.is_response_error())
        throw ModelError(fmt::format("{}: the NIC refused a response worm", name()));
    ++stats_.response_worms;
    interconnect_.sent_response(send.multicast, t, target_index);
}

void TlmNodePort::response_arrived(Transaction* t, std::size_t target_index) {
    const tlm::tlm_response_status status = t->payload_for(target_index).get_response_status();
    if (status != tlm::TLM_OK_RESPONSE && t->status == tlm::TLM_OK_RESPONSE) t->status = status;
    if (t->responses_due == 0)
        throw ModelError(fmt::format("{}: more responses than targets", name()));
    if (--t->responses_due > 0) return;
    t->complete = true;
    interconnect_.close(t);
    t->gp->set_address(t->address);
    if (!t->copies.empty()) t->gp->set_response_status(t->status);
    if (t->blocking) {
        t->done.notify(SC_ZERO_TIME);
        return;
    }
    responses_.push_back(t);
    respond_event_.notify(SC_ZERO_TIME);
}

void TlmNodePort::respond() {
    if (response_open_ || responses_.empty()) return;
    Transaction* t = responses_.front();
    responses_.pop_front();
    tlm::tlm_phase phase = tlm::BEGIN_RESP;
    sc_time delay = SC_ZERO_TIME;
    const tlm::tlm_sync_enum reply = target_socket->nb_transport_bw(*t->gp, phase, delay);
    if (reply == tlm::TLM_ACCEPTED) {
        response_open_ = t;  // END_RESP comes on the forward path
        return;
    }
    if (reply == tlm::TLM_UPDATED && phase != tlm::END_RESP)
        throw ModelError(
            fmt::format("{}: BEGIN_RESP answered with {} (TLM_UPDATED)", name(), phase.get_name()));
    finish(t);
    if (!responses_.empty()) respond_event_.notify(delay);
}

void TlmNodePort::finish(Transaction* t) {
    --outstanding_;
    if (t->gp->has_mm()) t->gp->release();
    open_.erase(t);  // an AT transaction's end; a blocking one ends with its call
}

unsigned int TlmNodePort::transport_dbg(tlm::tlm_generic_payload& gp) {
    // Served at once, without the network and without time: each target's own debug transport.
    std::unique_ptr<Transaction> t = interconnect_.open(gp, node_, /*blocking=*/true);
    if (!t) return 0;
    if (gp.has_mm()) gp.release();  // open() acquired it for a transport that does not happen
    unsigned bytes = gp.get_data_length();
    for (std::size_t i = 0; i < t->targets.size(); ++i) {
        tlm::tlm_generic_payload& to = t->payload_for(i);
        to.set_address(t->target_addresses[i]);
        bytes =
            std::min(bytes, interconnect_.port(t->targets[i]).initiator_socket->transport_dbg(to));
    }
    gp.set_address(t->address);
    return bytes;
}

bool TlmNodePort::get_direct_mem_ptr(tlm::tlm_generic_payload&, tlm::tlm_dmi& dmi) {
    // Refused everywhere: every access must travel through the network to be timed.
    dmi.allow_none();
    dmi.set_start_address(0);
    dmi.set_end_address(~sc_dt::uint64{0});
    return false;
}

}  // namespace wormcast::tlm_net
