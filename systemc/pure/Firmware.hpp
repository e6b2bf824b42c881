// NIC firmware interface (pure C++): turns a host's multicast request into worms, and reacts to
// received messages by issuing the next sends (software and multi-phase multicast, DESIGN.md §5).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "systemc/pure/Header.hpp"
#include "systemc/pure/Types.hpp"

namespace wormcast {

/// What a receiver must do next (a delegated sub-chain, worms a leader must send...). Carried by
/// the message from sender to receiver; each algorithm derives its own note type.
struct FirmwareNote {
    virtual ~FirmwareNote() = default;
};

/// One message a node's firmware wants its NIC to send (one start-up each).
struct SendOrder {
    Header header;                             ///< unicast or destination-list header
    std::uint32_t length = 1;                  ///< payload flits
    std::shared_ptr<const FirmwareNote> note;  ///< delivered with the message to its receivers
    int level = -1;                            ///< algorithm phase/level, for plans and statistics
    /// The multicasts whose data the message brings its receivers, when a scheme combines several
    /// sources' data in one worm (an empty list: none, a control message). Unset: the multicast
    /// the NIC sends the message for.
    std::optional<std::vector<std::uint32_t>> carries;
};

/// A host asks its node to multicast (or unicast: one destination).
struct MulticastRequest {
    std::uint32_t multicast = 0;  ///< id of this multicast within the run
    NodeId source = 0;
    std::vector<NodeId> destinations;  ///< distinct, source excluded
    std::uint32_t length = 1;          ///< payload flits of every message of the multicast
};

/// One firmware instance runs in each NIC.
class Firmware {
  public:
    virtual ~Firmware() = default;
    /// Sends the node makes on its own when the NIC comes out of reset, before any request (a
    /// collective's control messages from nodes without data of their own). Default: none.
    virtual std::vector<SendOrder> boot(NodeId self) {
        (void)self;
        return {};
    }
    /// The local host asked for a multicast: the sends this node makes for it, in order.
    virtual std::vector<SendOrder> start(const MulticastRequest& request) = 0;
    /// A message of `multicast` arrived here with `note` (may be null): further sends, in order.
    virtual std::vector<SendOrder> received(NodeId self, std::uint32_t multicast,
                                            const FirmwareNote* note) = 0;
};

}  // namespace wormcast
