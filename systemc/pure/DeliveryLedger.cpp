// Delivery checker (see DeliveryLedger.hpp).
#include "systemc/pure/DeliveryLedger.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace wormcast {

Cycle MulticastRecord::finished() const {
    Cycle last = 0;
    for (const auto& [node, cycle] : delivered) last = std::max(last, cycle);
    return last;
}

void DeliveryLedger::add_multicast(MulticastRecord record) {
    const auto id = record.id;
    if (!multicasts_.emplace(id, std::move(record)).second)
        throw ModelError(fmt::format("multicast {} registered twice", id));
    peak_records_ = std::max(peak_records_, multicasts_.size() + messages_.size());
}

MulticastRecord& DeliveryLedger::multicast(std::uint32_t id) {
    auto it = multicasts_.find(id);
    if (it == multicasts_.end()) throw ModelError(fmt::format("unknown multicast {}", id));
    return it->second;
}

const MulticastRecord& DeliveryLedger::multicast(std::uint32_t id) const {
    auto it = multicasts_.find(id);
    if (it == multicasts_.end()) throw ModelError(fmt::format("unknown multicast {}", id));
    return it->second;
}

void DeliveryLedger::add_message(MessageRecord record) {
    const auto id = record.id;
    outstanding_ += record.receivers.size();
    ++messages_added_;
    MulticastRecord& own = multicast(record.multicast);
    own.messages++;
    if (own.queued_orders > 0) --own.queued_orders;
    for_each_referenced(record.multicast, record.carries, [this](std::uint32_t mc) {
        const auto it = multicasts_.find(mc);
        if (it != multicasts_.end()) ++it->second.live_messages;
    });
    if (!messages_.emplace(id, std::move(record)).second)
        throw ModelError(fmt::format("message {} registered twice", id));
    peak_records_ = std::max(peak_records_, multicasts_.size() + messages_.size());
}

void DeliveryLedger::orders_queued(std::uint32_t multicast_id, std::size_t count) {
    multicast(multicast_id).queued_orders += static_cast<std::uint32_t>(count);
}

void DeliveryLedger::injected(MessageRecord& m, Cycle cycle) {
    m.injected = cycle;
    MulticastRecord& mc = multicast(m.multicast);
    mc.first_injected = std::min(mc.first_injected, cycle);
}

void DeliveryLedger::delivered(MessageId id) {
    const auto it = messages_.find(id);
    if (it == messages_.end()) {
        problems_.push_back(fmt::format("message {} delivered after its last receiver", id));
        return;
    }
    ++it->second.delivered;
    retire_if_final(it);
}

void DeliveryLedger::retire_into(std::function<void(const MulticastRecord&)> multicast,
                                 std::function<void(const MessageRecord&)> message) {
    retire_multicast_ = std::move(multicast);
    retire_message_ = std::move(message);
}

void DeliveryLedger::retire_if_final(std::unordered_map<MessageId, MessageRecord>::iterator it) {
    MessageRecord& m = it->second;
    if (!retire_message_ || m.arrived.size() != m.receivers.size() ||
        m.delivered < m.receivers.size())
        return;
    retire_message_(m);
    // The record goes first; then each multicast it referenced may become final.
    const std::uint32_t own = m.multicast;
    const auto carries = std::move(m.carries);
    messages_.erase(it);
    for_each_referenced(own, carries, [this](std::uint32_t mc) {
        const auto found = multicasts_.find(mc);
        if (found == multicasts_.end()) return;
        --found->second.live_messages;
        retire_if_final(mc);
    });
}

void DeliveryLedger::retire_if_final(std::uint32_t multicast_id) {
    const auto it = multicasts_.find(multicast_id);
    if (it == multicasts_.end()) return;
    const MulticastRecord& mc = it->second;
    if (!retire_multicast_ || !mc.complete() || mc.live_messages > 0 || mc.queued_orders > 0)
        return;
    retire_multicast_(mc);
    multicasts_.erase(it);
}

MessageRecord& DeliveryLedger::message(MessageId id) {
    auto it = messages_.find(id);
    if (it == messages_.end()) throw ModelError(fmt::format("unknown message {}", id));
    return it->second;
}

const MessageRecord* DeliveryLedger::find_message(MessageId id) const {
    auto it = messages_.find(id);
    return it == messages_.end() ? nullptr : &it->second;
}

void DeliveryLedger::tail_arrived(MessageId id, NodeId node, Cycle cycle) {
    auto it = messages_.find(id);
    if (it == messages_.end()) {
        problems_.push_back(fmt::format("node {} received unknown message {}", node, id));
        return;
    }
    MessageRecord& m = it->second;
    if (std::find(m.receivers.begin(), m.receivers.end(), node) == m.receivers.end()) {
        problems_.push_back(
            fmt::format("message {} from node {} arrived at node {}, which is not a receiver", id,
                        m.sender, node));
        return;
    }
    if (!m.arrived.emplace(node, cycle).second) {
        problems_.push_back(fmt::format("message {} arrived twice at node {}", id, node));
        return;
    }
    --outstanding_;
    if (!m.carries) return serve(m.multicast, node, cycle);
    for (std::uint32_t carried : *m.carries) serve(carried, node, cycle);
}

void DeliveryLedger::serve(std::uint32_t multicast, NodeId node, Cycle cycle) {
    const auto it = multicasts_.find(multicast);
    if (it == multicasts_.end()) {
        problems_.push_back(
            fmt::format("node {} received data of unknown multicast {}", node, multicast));
        return;
    }
    MulticastRecord& mc = it->second;
    if (std::find(mc.destinations.begin(), mc.destinations.end(), node) != mc.destinations.end()) {
        if (!mc.delivered.emplace(node, cycle).second)
            problems_.push_back(
                fmt::format("multicast {} reached destination {} twice", mc.id, node));
    }
}

std::vector<std::string> DeliveryLedger::problems(bool final) const {
    std::vector<std::string> out = problems_;
    if (!final) return out;
    std::vector<MessageId> ids;
    for (const auto& [id, m] : messages_)
        if (m.arrived.size() != m.receivers.size()) ids.push_back(id);
    std::sort(ids.begin(), ids.end());
    for (MessageId id : ids) {
        const auto& m = messages_.at(id);
        out.push_back(fmt::format("message {} from node {} reached {} of its {} receivers", id,
                                  m.sender, m.arrived.size(), m.receivers.size()));
        if (out.size() > 50) return out;
    }
    std::vector<std::uint32_t> mids;
    for (const auto& [id, mc] : multicasts_)
        if (!mc.complete()) mids.push_back(id);
    std::sort(mids.begin(), mids.end());
    for (auto id : mids) {
        const auto& mc = multicasts_.at(id);
        out.push_back(fmt::format("multicast {} from node {} reached {} of its {} destinations", id,
                                  mc.source, mc.delivered.size(), mc.destinations.size()));
        if (out.size() > 100) break;
    }
    return out;
}

bool DeliveryLedger::all_delivered() const {
    if (outstanding_ != 0) return false;
    return std::all_of(multicasts_.begin(), multicasts_.end(),
                       [](const auto& kv) { return kv.second.complete(); });
}

}  // namespace wormcast
