// A memory-mapped TLM-2.0 interconnect on top of the cycle-accurate network: a TlmNodePort at
// every node (its target socket for an initiator, its initiator socket for a target), an address
// map of ranges to nodes, and the table that tells a delivered worm's multicast id apart as a
// request or a response of which transaction. Requests and responses travel as worms whose
// lengths follow the payload and the flit width (WormLength.hpp); a write carrying a
// MulticastExtension goes out as one multicast of the network's nic.multicast scheme.
#pragma once

#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

#include <systemc>
#include <tlm>

#include "systemc/pure/Types.hpp"
#include "systemc/tlm/AddressMap.hpp"
#include "systemc/tlm/MulticastExtension.hpp"
#include "systemc/tlm/TlmNodePort.hpp"
#include "systemc/tlm/Transaction.hpp"

namespace wormcast {
class Network;
}

namespace wormcast::tlm_net {

class TlmInterconnect : public sc_core::sc_module {
  public:
    /// Takes every NIC of `network` (its host sockets must be free) and the address map. Each
    /// range's node must get a target bound to its initiator socket before the simulation starts.
    TlmInterconnect(sc_core::sc_module_name name, Network& network, AddressMap map);

    std::size_t nodes() const { return ports_.size(); }
    TlmNodePort& port(NodeId n);
    /// Bind an initiator at node n here: `initiator.socket.bind(ic.target_socket(n))`.
    TlmNodePort::TargetSocket& target_socket(NodeId n) { return port(n).target_socket; }
    /// Bind a target at node n here: `ic.initiator_socket(n).bind(target.socket)`.
    TlmNodePort::InitiatorSocket& initiator_socket(NodeId n) { return port(n).initiator_socket; }
    const AddressMap& address_map() const { return map_; }
    sc_core::sc_time clock() const { return clock_; }
    std::uint32_t flit_width() const { return flit_width_; }
    /// Transactions issued and not yet answered, over all nodes.
    std::size_t outstanding() const;

    // Used by the node ports.
    /// A new transaction from the initiator at `source`, checked and decoded; nullptr if it was
    /// refused (the payload's response status says why).
    std::unique_ptr<Transaction> open(tlm::tlm_generic_payload& gp, NodeId source, bool blocking);
    /// The worm `multicast` (an id the NIC gave) carries a request, or target_index's response, of
    /// `t`.
    void sent_request(std::uint32_t multicast, Transaction* t);
    void sent_response(std::uint32_t multicast, Transaction* t, std::size_t target_index);
    /// A worm was delivered to `node`'s host: hands it to the port as a request or response.
    void worm_delivered(std::uint32_t multicast, NodeId node);
    /// All its responses are in: forget its worms.
    void close(Transaction* t);

  private:
    void end_of_elaboration() override;

    struct Worm {
        bool response = false;
        Transaction* transaction = nullptr;
        std::size_t target_index = 0;  ///< a response: of which target
    };
    AddressMap map_;
    sc_core::sc_time clock_;
    std::uint32_t flit_width_;
    std::vector<std::unique_ptr<TlmNodePort>> ports_;
    std::unordered_map<std::uint32_t, Worm> worms_;  ///< by the NIC's multicast id
    std::unordered_map<Transaction*, std::vector<std::uint32_t>> worms_of_;
};

}  // namespace wormcast::tlm_net
