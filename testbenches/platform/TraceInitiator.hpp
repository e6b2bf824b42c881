// An initiator of the example platform: replays a memory-access trace through a TLM-2.0
// initiator socket, one access at a time, either loosely timed (b_transport) or approximately
// timed (nb_transport_fw/bw through all four phases of the base protocol), and measures each
// access's latency. Broadcast accesses carry a MulticastExtension naming every memory's node.
#pragma once

#include <cstdint>
#include <vector>

#include <tlm_utils/simple_initiator_socket.h>
#include <systemc>
#include <tlm>

#include "MemoryTrace.hpp"
#include "systemc/tlm/MulticastExtension.hpp"

namespace wormcast::platform {

enum class CodingStyle { LooselyTimed, ApproximatelyTimed };

/// What became of one access.
struct Completion {
    std::size_t index = 0;  ///< in the trace
    tlm::tlm_response_status status = tlm::TLM_INCOMPLETE_RESPONSE;
    Cycle issued = 0;                ///< cycle it was issued
    Cycle completed = 0;             ///< cycle its response came back
    std::vector<std::uint8_t> data;  ///< the bytes read or written
};

class TraceInitiator : public sc_core::sc_module, private tlm::tlm_mm_interface {
  public:
    tlm_utils::simple_initiator_socket<TraceInitiator> socket;

    /// `broadcast_nodes`: the nodes a broadcast access goes to. The data of a write is drawn
    /// from `seed` and the access's index.
    TraceInitiator(sc_core::sc_module_name name, std::vector<Access> trace, CodingStyle style,
                   sc_core::sc_time clock, std::vector<NodeId> broadcast_nodes, std::uint64_t seed);

    bool done() const { return completions_.size() == trace_.size(); }
    const std::vector<Access>& trace() const { return trace_; }
    const std::vector<Completion>& completions() const { return completions_; }
    /// Protocol rules it saw broken (empty: none): phases out of order (BEGIN_RESP before the
    /// END_REQ time annotated), a phase on the wrong path, a response to no request, a request
    /// answered twice or left TLM_INCOMPLETE_RESPONSE, its payload still acquired afterwards.
    const std::vector<std::string>& violations() const { return violations_; }

  private:
    SC_HAS_PROCESS(TraceInitiator);
    void run();
    tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase,
                                       sc_core::sc_time& delay);
    void free(tlm::tlm_generic_payload* gp) override;
    Cycle cycle_now() const;
    /// Issues one access and waits for its response (either coding style).
    void transact(tlm::tlm_generic_payload& gp);

    std::vector<Access> trace_;
    CodingStyle style_;
    sc_core::sc_time clock_;
    tlm_net::MulticastExtension broadcast_;
    std::uint64_t seed_;
    std::vector<Completion> completions_;
    std::vector<std::string> violations_;
    // Approximately timed: the one transaction in flight and where its phases got to.
    tlm::tlm_generic_payload* in_flight_ = nullptr;
    bool responded_ = false;
    sc_core::sc_time request_ended_;  ///< when END_REQ said the request was taken
    sc_core::sc_event response_event_;
    int references_ = 0;  ///< acquire/release count of the payload (its memory manager is this)
};

}  // namespace wormcast::platform
