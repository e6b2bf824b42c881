// Delivery checker and per-message records (pure C++; DESIGN.md §5, §6): every message reaches
// each of its receivers exactly once, intact and in order; every multicast reaches each of its
// destinations exactly once. Also the source of latency statistics.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "systemc/pure/Firmware.hpp"
#include "systemc/pure/Header.hpp"
#include "systemc/pure/Types.hpp"

namespace wormcast {

struct MulticastRecord {
    std::uint32_t id = 0;
    NodeId source = 0;
    std::vector<NodeId> destinations;
    std::uint32_t length = 0;
    Cycle submitted = 0;
    Cycle first_startup = ~Cycle{0};    ///< start of the source's first start-up for it
    std::map<NodeId, Cycle> delivered;  ///< destination -> cycle its tail arrived
    std::uint32_t messages = 0;         ///< worms sent for it (all nodes)
    bool measured = true;               ///< counts towards statistics
    bool complete() const { return delivered.size() == destinations.size(); }
    Cycle finished() const;  ///< last tail arrival (requires complete())
};

struct MessageRecord {
    MessageId id = 0;
    std::uint32_t multicast = 0;
    NodeId sender = 0;
    Header header;
    std::vector<NodeId> receivers;  ///< nodes that must consume a copy
    std::uint32_t length = 0;       ///< payload flits
    std::uint32_t header_flits = 0;
    std::shared_ptr<const FirmwareNote> note;
    int level = -1;
    /// Multicasts whose data it delivers (SendOrder::carries); unset: `multicast`.
    std::optional<std::vector<std::uint32_t>> carries;
    Cycle startup_begin = 0;
    Cycle injected = 0;
    std::map<NodeId, Cycle> arrived;
};

class DeliveryLedger {
  public:
    void add_multicast(MulticastRecord record);
    MulticastRecord& multicast(std::uint32_t id);
    const MulticastRecord& multicast(std::uint32_t id) const;
    void add_message(MessageRecord record);
    MessageRecord& message(MessageId id);
    const MessageRecord* find_message(MessageId id) const;

    /// A tail arrived at `node`: checks the receiver was expected and is new, and marks `node`
    /// served for the message's multicast, or for each multicast it carries, where `node` is one
    /// of that multicast's destinations (a relay is not); a destination served twice is a problem.
    void tail_arrived(MessageId id, NodeId node, Cycle cycle);
    /// A broken flit sequence or payload seen by a NIC.
    void corruption(const std::string& what) { problems_.push_back(what); }

    /// Problems found so far plus, if `final`, every message/multicast not fully delivered.
    std::vector<std::string> problems(bool final) const;
    bool all_delivered() const;

    const std::unordered_map<std::uint32_t, MulticastRecord>& multicasts() const {
        return multicasts_;
    }
    const std::unordered_map<MessageId, MessageRecord>& messages() const { return messages_; }

  private:
    void serve(std::uint32_t multicast, NodeId node, Cycle cycle);

    std::unordered_map<std::uint32_t, MulticastRecord> multicasts_;
    std::unordered_map<MessageId, MessageRecord> messages_;
    std::vector<std::string> problems_;
    std::size_t outstanding_ = 0;  ///< message copies not yet arrived
};

}  // namespace wormcast
