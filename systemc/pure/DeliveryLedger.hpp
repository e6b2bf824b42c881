// Delivery checker and per-message records (pure C++; DESIGN.md §5, §6): every message reaches
// each of its receivers exactly once, intact and in order; every multicast reaches each of its
// destinations exactly once. Also the source of latency statistics.
//
// Records are kept for the whole run unless retire_into() is called: then each multicast, and each
// message, is handed over and dropped once nothing can refer to it again, so a long run holds only
// what is in flight (a message once every receiver has it and the NICs delivered it to their hosts;
// a multicast once complete, with no sends for it queued at a NIC and no live message carrying it).
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
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
    Cycle first_injected = ~Cycle{0};   ///< first of its own worms to take an injection channel
    std::uint32_t queued_orders = 0;    ///< sends for it queued at NICs, not yet messages
    std::uint32_t live_messages = 0;    ///< registered messages for or carrying it, not retired
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
    std::uint32_t delivered = 0;  ///< copies the receiving NICs handed to their hosts
};

class DeliveryLedger {
  public:
    void add_multicast(MulticastRecord record);
    MulticastRecord& multicast(std::uint32_t id);
    const MulticastRecord& multicast(std::uint32_t id) const;
    /// Registers a message; it was one of the sends counted by orders_queued().
    void add_message(MessageRecord record);
    MessageRecord& message(MessageId id);
    const MessageRecord* find_message(MessageId id) const;
    /// `count` sends for `multicast` queued at a NIC (each becomes a message by add_message).
    void orders_queued(std::uint32_t multicast, std::size_t count);
    /// The message took an injection channel in `cycle`.
    void injected(MessageRecord& m, Cycle cycle);
    /// A receiving NIC handed its copy of the message to its host: the last use of the record
    /// there (the reference is invalid afterwards if that retired it).
    void delivered(MessageId id);

    /// From now on, hand each record that becomes final to these, then drop it.
    void retire_into(std::function<void(const MulticastRecord&)> multicast,
                     std::function<void(const MessageRecord&)> message);
    /// Messages registered in the run, retired or not.
    std::uint64_t messages_added() const { return messages_added_; }
    /// Most records (messages and multicasts) held at once.
    std::size_t peak_records() const { return peak_records_; }

    /// A tail arrived at `node`: checks the receiver was expected and is new, and marks `node`
    /// served for the message's multicast, or for each multicast it carries, where `node` is one
    /// of that multicast's destinations (a relay is not); a destination served twice is a problem.
    void tail_arrived(MessageId id, NodeId node, Cycle cycle);
    /// A broken flit sequence or payload seen by a NIC.
    void corruption(const std::string& what) { problems_.push_back(what); }

    /// Problems found so far plus, if `final`, every message/multicast not fully delivered (all
    /// still in the ledger: only complete ones are retired).
    std::vector<std::string> problems(bool final) const;
    bool all_delivered() const;

    /// The records not retired (all of them unless retire_into() was called).
    const std::unordered_map<std::uint32_t, MulticastRecord>& multicasts() const {
        return multicasts_;
    }
    const std::unordered_map<MessageId, MessageRecord>& messages() const { return messages_; }

  private:
    void serve(std::uint32_t multicast, NodeId node, Cycle cycle);
    /// Calls f with each multicast a message is for (`own`) or carries, each once.
    template <typename F>
    static void for_each_referenced(std::uint32_t own,
                                    const std::optional<std::vector<std::uint32_t>>& carries,
                                    F&& f) {
        f(own);
        if (!carries) return;
        for (auto it = carries->begin(); it != carries->end(); ++it)
            if (*it != own && std::find(carries->begin(), it, *it) == it) f(*it);
    }
    void retire_if_final(std::unordered_map<MessageId, MessageRecord>::iterator it);
    void retire_if_final(std::uint32_t multicast);

    std::unordered_map<std::uint32_t, MulticastRecord> multicasts_;
    std::unordered_map<MessageId, MessageRecord> messages_;
    std::vector<std::string> problems_;
    std::size_t outstanding_ = 0;  ///< message copies not yet arrived
    std::uint64_t messages_added_ = 0;
    std::size_t peak_records_ = 0;
    std::function<void(const MulticastRecord&)> retire_multicast_;
    std::function<void(const MessageRecord&)> retire_message_;
};

}  // namespace wormcast
