// Broadcast schedule firmware (see BroadcastFirmware.hpp).
#include "topologies/broadcast/BroadcastFirmware.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace wormcast::broadcast {

BroadcastRun::BroadcastRun(BroadcastSchedule schedule) : schedule_(std::move(schedule)) {
    const std::uint32_t nodes = schedule_.shape.nodes();
    from_.resize(nodes);
    to_.resize(nodes);
    slot_.resize(schedule_.steps.size());
    for (std::uint32_t s = 0; s < schedule_.steps.size(); ++s) {
        const auto& sends = schedule_.steps[s].sends;
        for (std::uint32_t i = 0; i < sends.size(); ++i) {
            if (sends[i].from >= nodes || sends[i].to >= nodes)
                throw ConfigError(
                    fmt::format("broadcast schedule: step {} names a node outside "
                                "the {}",
                                s + 1, schedule_.shape.name()));
            from_[sends[i].from].push_back({s, i});
            slot_[s].push_back(static_cast<std::uint32_t>(to_[sends[i].to].size()));
            to_[sends[i].to].push_back({s, i});
        }
    }
    source_index_.assign(nodes, -1);
    for (std::size_t m = 0; m < schedule_.sources.size(); ++m)
        source_index_.at(schedule_.sources[m]) = static_cast<std::int64_t>(m);
}

std::uint32_t BroadcastRun::receiver_slot(const SendRef& ref) const {
    return slot_.at(ref.step).at(ref.index);
}

BroadcastFirmware::BroadcastFirmware(std::shared_ptr<const BroadcastRun> run, NodeId self)
    : run_(std::move(run)), self_(self) {
    if (!run_) throw ConfigError("broadcast firmware without a schedule");
    const auto& s = run_->schedule();
    if (self_ >= s.shape.nodes())
        throw ConfigError(
            fmt::format("broadcast firmware: node {} is outside the {}", self_, s.shape.name()));
    held_.assign(s.sources.size() * s.parts(), false);
    multicast_.assign(held_.size(), 0);
    const auto& incoming = run_->sends_to(self_);
    arrived_.assign(incoming.size(), false);
    for (std::uint32_t slot = 0; slot < incoming.size(); ++slot)
        if (run_->send(incoming[slot]).control()) control_slots_.push_back(slot);
    const auto& own = run_->sends_from(self_);
    by_direction_.resize(s.shape.network_ports());
    started_.assign(by_direction_.size(), 0);
    for (std::uint32_t i = 0; i < own.size(); ++i) {
        const int port = s.shape.ecube_port(self_, run_->send(own[i]).to);
        if (port < 0) throw ConfigError("broadcast schedule: a send from a node to itself");
        by_direction_[static_cast<std::size_t>(port)].push_back(i);
    }
}

std::uint32_t BroadcastFirmware::first_missing(bool all) const {
    const auto& incoming = run_->sends_to(self_);
    const std::size_t slot =
        all ? all_arrived_
            : (controls_arrived_ < control_slots_.size() ? control_slots_[controls_arrived_]
                                                         : incoming.size());
    if (slot >= incoming.size()) return static_cast<std::uint32_t>(run_->schedule().steps.size());
    return incoming[slot].step;
}

bool BroadcastFirmware::ready(const BroadcastRun::SendRef& ref) const {
    const ScheduleSend& send = run_->send(ref);
    if (first_missing(send.control()) < ref.step) return false;
    for (std::uint32_t m : send.messages)
        if (!held_[unit(m, send.part)]) return false;
    return true;
}

std::vector<SendOrder> BroadcastFirmware::release() {
    // Per direction, the next sends in schedule order while they are ready (rule (d)); the
    // released ones go out in schedule order.
    const auto& own = run_->sends_from(self_);
    std::vector<std::uint32_t> go;
    for (std::size_t d = 0; d < by_direction_.size(); ++d)
        for (; started_[d] < by_direction_[d].size(); ++started_[d]) {
            const std::uint32_t i = by_direction_[d][started_[d]];
            if (!ready(own[i])) break;
            go.push_back(i);
        }
    std::sort(go.begin(), go.end());
    std::vector<SendOrder> orders;
    for (std::uint32_t i : go) {
        const ScheduleSend& send = run_->send(own[i]);
        auto note = std::make_shared<BroadcastNote>();
        note->send = own[i];
        for (std::uint32_t m : send.messages)
            note->multicasts.push_back(multicast_[unit(m, send.part)]);
        SendOrder order;
        order.header = Header::unicast(send.to);
        order.length = send.flits;
        order.level = static_cast<int>(own[i].step);
        order.carries = note->multicasts;
        order.note = std::move(note);
        orders.push_back(std::move(order));
    }
    return orders;
}

std::vector<SendOrder> BroadcastFirmware::boot(NodeId self) {
    if (self != self_)
        throw ModelError(
            fmt::format("broadcast firmware of node {} booted as node {}", self_, self));
    return release();
}

std::vector<SendOrder> BroadcastFirmware::start(const MulticastRequest& request) {
    const auto& s = run_->schedule();
    const std::int64_t source = run_->source_index(self_);
    const std::string who = s.shape.format(self_);
    if (request.source != self_ || source < 0)
        throw ConfigError(
            fmt::format("broadcast run: node {} is not a source of the schedule", who));
    if (requests_ >= s.parts())
        throw ConfigError(fmt::format("broadcast run: source {} got more than its {} request(s)",
                                      who, s.parts()));
    const std::uint32_t part = requests_;
    std::vector<NodeId> destinations = request.destinations;
    std::sort(destinations.begin(), destinations.end());
    bool everyone = destinations.size() + 1 == s.shape.nodes();
    for (std::size_t i = 0; everyone && i < destinations.size(); ++i)
        everyone = destinations[i] == (i < self_ ? i : i + 1);
    if (!everyone || request.length != s.part_flits[part])
        throw ConfigError(fmt::format(
            "broadcast run: request {} of source {} must go to every other node with {} flits",
            part + 1, who, s.part_flits[part]));
    ++requests_;
    held_[unit(static_cast<std::uint32_t>(source), part)] = true;
    multicast_[unit(static_cast<std::uint32_t>(source), part)] = request.multicast;
    return release();
}

std::vector<SendOrder> BroadcastFirmware::received(NodeId self, std::uint32_t multicast,
                                                   const FirmwareNote* note) {
    const auto* n = dynamic_cast<const BroadcastNote*>(note);
    if (self != self_ || n == nullptr)
        throw ModelError(
            fmt::format("broadcast firmware of node {}: message of multicast {} "
                        "without a broadcast note",
                        self_, multicast));
    const ScheduleSend& send = run_->send(n->send);
    if (send.to != self_ || n->multicasts.size() != send.messages.size())
        throw ModelError(fmt::format("broadcast firmware of node {}: step {} send to {} arrived",
                                     self_, n->send.step + 1, send.to));
    const std::uint32_t slot = run_->receiver_slot(n->send);
    if (arrived_[slot])
        throw ModelError(fmt::format("broadcast firmware of node {}: step {} send arrived twice",
                                     self_, n->send.step + 1));
    arrived_[slot] = true;
    while (all_arrived_ < arrived_.size() && arrived_[all_arrived_]) ++all_arrived_;
    while (controls_arrived_ < control_slots_.size() && arrived_[control_slots_[controls_arrived_]])
        ++controls_arrived_;
    for (std::size_t i = 0; i < send.messages.size(); ++i) {
        const std::size_t u = unit(send.messages[i], send.part);
        if (held_[u])
            throw ModelError(fmt::format(
                "broadcast firmware of node {}: part {} of message {} arrived a second time", self_,
                send.part, send.messages[i]));
        held_[u] = true;
        multicast_[u] = n->multicasts[i];
    }
    return release();
}

std::size_t BroadcastFirmware::pending() const {
    std::size_t waiting = 0;
    for (std::size_t d = 0; d < by_direction_.size(); ++d)
        waiting += by_direction_[d].size() - started_[d];
    return waiting;
}

std::vector<MulticastRequest> broadcast_requests(const BroadcastSchedule& schedule) {
    std::vector<MulticastRequest> requests;
    for (NodeId source : schedule.sources)
        for (std::uint32_t part = 0; part < schedule.parts(); ++part) {
            MulticastRequest r;
            r.source = source;
            for (NodeId v = 0; v < schedule.shape.nodes(); ++v)
                if (v != source) r.destinations.push_back(v);
            r.length = schedule.part_flits[part];
            requests.push_back(std::move(r));
        }
    return requests;
}

}  // namespace wormcast::broadcast
