// Start-up-only step model (see StartupStepModel.hpp).
// Kesavan & Panda §2.3 / Tables 1-6; issue 4, definitions 5 and 6.
#include "systemc/pure/StartupStepModel.hpp"

#include <algorithm>
#include <deque>
#include <map>
#include <unordered_set>

#include <fmt/format.h>

namespace wormcast {

namespace {

/// A node's NIC in the step model: its round-robin queue of multicasts and their pending orders.
struct NodeWork {
    std::deque<std::uint32_t> queue;                         ///< multicast ids, head served next
    std::map<std::uint32_t, std::deque<SendOrder>> pending;  ///< by multicast id

    bool queued(std::uint32_t multicast) const { return pending.count(multicast) != 0; }
    void add(std::uint32_t multicast, std::vector<SendOrder> orders) {
        if (orders.empty()) return;
        if (!queued(multicast)) queue.push_back(multicast);
        auto& list = pending[multicast];
        for (auto& order : orders) list.push_back(std::move(order));
    }
};

}  // namespace

StartupStepModel::StartupStepModel(std::uint32_t nodes, const FirmwareFactory& factory) {
    firmware_.reserve(nodes);
    for (NodeId node = 0; node < nodes; ++node) {
        firmware_.push_back(factory(node));
        if (!firmware_.back())
            throw ModelError(fmt::format("step model: no firmware for node {}", node));
    }
}

StepModelResult StartupStepModel::run(const std::vector<MulticastRequest>& multicasts,
                                      bool record_sends, std::uint32_t max_steps) {
    const auto nodes = static_cast<std::uint32_t>(firmware_.size());
    StepModelResult result;
    result.startups_per_node.assign(nodes, 0);
    std::vector<NodeWork> work(nodes);

    std::vector<const MulticastRequest*> by_id;
    std::unordered_set<std::uint32_t> ids;
    for (const MulticastRequest& request : multicasts) {
        if (!ids.insert(request.multicast).second)
            throw ModelError(
                fmt::format("step model: multicast id {} used twice", request.multicast));
        if (request.source >= nodes)
            throw ModelError(
                fmt::format("step model: source {} of multicast {} is outside {} nodes",
                            request.source, request.multicast, nodes));
        by_id.push_back(&request);
    }
    std::sort(by_id.begin(), by_id.end(), [](const MulticastRequest* a, const MulticastRequest* b) {
        return a->multicast < b->multicast;
    });
    for (const MulticastRequest* request : by_id)
        work[request->source].add(request->multicast, firmware_[request->source]->start(*request));

    struct StepSend {
        NodeId from;
        std::uint32_t multicast;
        SendOrder order;
    };
    std::vector<StepSend> step_sends;
    for (std::uint32_t step = 1;; ++step) {
        // Start-ups of this step, one per busy node, by ascending node id.
        step_sends.clear();
        for (NodeId node = 0; node < nodes; ++node) {
            NodeWork& nic = work[node];
            if (nic.queue.empty()) continue;
            const std::uint32_t multicast = nic.queue.front();
            nic.queue.pop_front();
            auto entry = nic.pending.find(multicast);
            step_sends.push_back({node, multicast, std::move(entry->second.front())});
            entry->second.pop_front();
            if (entry->second.empty())
                nic.pending.erase(entry);
            else
                nic.queue.push_back(multicast);
            ++result.startups_per_node[node];
        }
        if (step_sends.empty()) break;
        if (step > max_steps)
            throw ModelError(fmt::format("step model: still sending after {} steps", max_steps));
        result.steps = step;
        // End of the step: every message is received and its receivers queue their orders.
        for (StepSend& sent : step_sends) {
            for (NodeId receiver : sent.order.header.destinations) {
                if (receiver >= nodes)
                    throw ModelError(
                        fmt::format("step model: node {} sent multicast {} to node {} "
                                    "outside {} nodes",
                                    sent.from, sent.multicast, receiver, nodes));
                result.deliveries.push_back({sent.multicast, receiver, step});
                work[receiver].add(
                    sent.multicast,
                    firmware_[receiver]->received(receiver, sent.multicast, sent.order.note.get()));
            }
            if (record_sends)
                result.sends.push_back({step, sent.multicast, sent.from, std::move(sent.order)});
        }
    }
    for (std::uint32_t count : result.startups_per_node)
        result.max_startups = std::max(result.max_startups, count);
    return result;
}

}  // namespace wormcast
