// What hosts and NICs exchange over TLM-2.0 (DESIGN.md §5): a send descriptor written to the
// NIC's target socket, and a delivery record written back to the host's target socket.
#pragma once

#include <cstdint>
#include <vector>

#include <tlm>

#include "systemc/pure/Types.hpp"

namespace wormcast {

/// Written (TLM_WRITE_COMMAND, address 0) to a NIC's `host_in` socket.
struct SendDescriptor {
    std::vector<NodeId> destinations;  ///< distinct, not the sender
    std::uint32_t length = 1;          ///< payload flits per message
    bool measured = true;              ///< counts towards statistics
    std::uint32_t multicast = 0;       ///< filled in by the NIC: the id it gave the request
};

/// Written by a NIC to its host's socket when a message of a multicast reached it.
struct DeliveryRecord {
    std::uint32_t multicast = 0;
    MessageId message = 0;
    NodeId source = 0;
    NodeId destination = 0;
    Cycle tail_arrived = 0;
    Cycle delivered = 0;  ///< after the receive overhead
};

/// Fill a generic payload for a write of `object` and check the response.
template <typename T>
void tlm_write(tlm::tlm_generic_payload& gp, T& object) {
    gp.set_command(tlm::TLM_WRITE_COMMAND);
    gp.set_address(0);
    gp.set_data_ptr(reinterpret_cast<unsigned char*>(&object));
    gp.set_data_length(sizeof(T));
    gp.set_streaming_width(sizeof(T));
    gp.set_byte_enable_ptr(nullptr);
    gp.set_dmi_allowed(false);
    gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
}

/// The object a received write carries, or nullptr (and an error response) if it is not a T.
template <typename T>
T* tlm_object(tlm::tlm_generic_payload& gp) {
    if (gp.get_command() != tlm::TLM_WRITE_COMMAND || gp.get_data_length() != sizeof(T) ||
        gp.get_address() != 0) {
        gp.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);
        return nullptr;
    }
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
    return reinterpret_cast<T*>(gp.get_data_ptr());
}

}  // namespace wormcast
