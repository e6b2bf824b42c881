// One memory-mapped transaction in flight through the network: the initiator's generic payload,
// the targets it goes to and the responses still due (a multicast write has one per target).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include <systemc>
#include <tlm>

#include "systemc/pure/Types.hpp"

namespace wormcast::tlm_net {

struct Transaction {
    tlm::tlm_generic_payload* gp = nullptr;  ///< the initiator's
    NodeId source = 0;                       ///< the initiator's node
    bool blocking = false;                   ///< b_transport (else nb_transport_fw)
    std::uint64_t address = 0;               ///< as the initiator gave it (restored at the end)
    std::uint32_t span = 0;                  ///< bytes of address space touched
    /// The nodes it goes to and the address each target sees, in the same order.
    std::vector<NodeId> targets;
    std::vector<std::uint64_t> target_addresses;
    /// A multicast write's payload for each target (same data and byte enables); empty: the
    /// initiator's payload goes to its one target.
    std::vector<std::unique_ptr<tlm::tlm_generic_payload>> copies;
    unsigned responses_due = 0;
    tlm::tlm_response_status status = tlm::TLM_OK_RESPONSE;  ///< first error of any target
    sc_core::sc_event done;                                  ///< blocking: all responses are in
    bool complete = false;
    sc_core::sc_time issued;  ///< when it entered the network

    tlm::tlm_generic_payload& payload_for(std::size_t target) {
        return copies.empty() ? *gp : *copies[target];
    }
};

}  // namespace wormcast::tlm_net
