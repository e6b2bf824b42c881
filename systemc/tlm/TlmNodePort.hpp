// One node's side of the memory-mapped TLM-2.0 interconnect (TlmInterconnect.hpp): a target
// socket an initiator at the node binds to (b_transport: loosely timed, synchronised with the
// network; nb_transport_fw/bw: the base protocol's four phases, approximately timed), an initiator
// socket the node's target binds to, and the NIC's host sockets, through which requests and
// responses leave and arrive as worms.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <unordered_map>

#include <tlm_utils/peq_with_get.h>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>
#include <systemc>
#include <tlm>

#include "systemc/HostInterface.hpp"
#include "systemc/tlm/Transaction.hpp"

namespace wormcast::tlm_net {

class TlmInterconnect;

/// What one node's port counted.
struct TlmNodeStats {
    std::uint64_t requests = 0;          ///< transactions its initiator issued into the network
    std::uint64_t multicast_writes = 0;  ///< of them, multicast writes
    std::uint64_t local_accesses = 0;    ///< targets at the initiator's own node (no worm)
    std::uint64_t address_errors = 0;    ///< refused: unmapped, or a multicast node without target
    std::uint64_t served = 0;            ///< requests its target served
    std::uint64_t request_worms = 0;     ///< worms sent: requests ...
    std::uint64_t response_worms = 0;    ///< ... and responses
};

class TlmNodePort : public sc_core::sc_module {
  public:
    using TargetSocket = tlm_utils::simple_target_socket_optional<TlmNodePort>;
    using InitiatorSocket = tlm_utils::simple_initiator_socket_optional<TlmNodePort>;
    TargetSocket target_socket;        ///< bind the initiator at this node here
    InitiatorSocket initiator_socket;  ///< bind the target at this node here
    tlm_utils::simple_initiator_socket<TlmNodePort> to_nic;  ///< the NIC's host_in
    tlm_utils::simple_target_socket<TlmNodePort> from_nic;   ///< the NIC's host_out

    TlmNodePort(sc_core::sc_module_name name, NodeId node, TlmInterconnect& interconnect);

    NodeId node() const { return node_; }
    bool has_target() const { return initiator_socket.size() > 0; }
    const TlmNodeStats& stats() const { return stats_; }
    /// Transactions of its initiator not yet answered.
    std::size_t outstanding() const { return outstanding_; }

    /// A request worm for this node's target arrived: serve it in turn.
    void request_arrived(Transaction* transaction, std::size_t target_index);
    /// The response of target `target_index` of one of its initiator's transactions arrived.
    void response_arrived(Transaction* transaction, std::size_t target_index);

  private:
    SC_HAS_PROCESS(TlmNodePort);
    // Initiator side.
    void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
    tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase,
                                       sc_core::sc_time& delay);
    unsigned int transport_dbg(tlm::tlm_generic_payload& gp);
    bool get_direct_mem_ptr(tlm::tlm_generic_payload& gp, tlm::tlm_dmi& dmi);
    void issue(Transaction* transaction);  ///< into the network, now
    void issue_due();                      ///< method: the AT requests whose time has come
    void respond();                        ///< method: the next BEGIN_RESP, one at a time
    void finish(Transaction* transaction);
    // NIC side.
    void delivered(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
    // Target side.
    void serve();  ///< thread: calls the target, then sends the response
    void send_response(Transaction* transaction, std::size_t target_index);

    struct Service {
        Transaction* transaction;
        std::size_t target_index;
    };

    NodeId node_;
    TlmInterconnect& interconnect_;
    TlmNodeStats stats_;
    std::size_t outstanding_ = 0;
    tlm_utils::peq_with_get<Transaction> issue_queue_;
    std::deque<Service> services_;       ///< requests for its target, in arrival order
    std::deque<Service> local_pending_;  ///< local requests, due one cycle after issue
    sc_core::sc_event_queue local_due_;  ///< fires once for each of local_pending_
    void local_arrived();                ///< method: the oldest local request is due
    sc_core::sc_event service_event_;
    std::deque<Transaction*> responses_;    ///< AT: complete, BEGIN_RESP not yet sent
    Transaction* response_open_ = nullptr;  ///< AT: BEGIN_RESP sent, END_RESP awaited
    sc_core::sc_event respond_event_;
    /// AT transactions from BEGIN_REQ to END_RESP (a blocking one lives in its b_transport call).
    std::unordered_map<Transaction*, std::unique_ptr<Transaction>> open_;
};

}  // namespace wormcast::tlm_net
