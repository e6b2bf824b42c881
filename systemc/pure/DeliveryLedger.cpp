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
    multicast(record.multicast).messages++;
    if (!messages_.emplace(id, std::move(record)).second)
        throw ModelError(fmt::format("message {} registered twice", id));
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
