// Round-by-round schedule assembly (see ScheduleBuilder.hpp).
#include "topologies/broadcast/ScheduleBuilder.hpp"

#include <algorithm>
#include <map>
#include <tuple>

#include <fmt/format.h>

namespace wormcast::broadcast {

ScheduleBuilder::ScheduleBuilder(BroadcastSchedule& schedule)
    : schedule_(schedule),
      messages_(static_cast<std::uint32_t>(schedule.sources.size())),
      parts_(schedule.parts()) {
    if (parts_ == 0) throw ModelError("broadcast schedule without message parts");
    held_.assign(static_cast<std::size_t>(schedule.shape.nodes()) * messages_ * parts_, false);
    arriving_.assign(held_.size(), false);
    for (std::uint32_t m = 0; m < messages_; ++m)
        for (std::uint32_t p = 0; p < parts_; ++p) held_[unit(schedule.sources[m], m, p)] = true;
}

std::size_t ScheduleBuilder::unit(NodeId node, std::uint32_t message, std::uint32_t part) const {
    return (static_cast<std::size_t>(node) * messages_ + message) * parts_ + part;
}

bool ScheduleBuilder::holds(NodeId node, std::uint32_t message, std::uint32_t part) const {
    return held_[unit(node, message, part)];
}

std::vector<std::uint32_t> ScheduleBuilder::held(NodeId node, std::uint32_t part) const {
    std::vector<std::uint32_t> out;
    for (std::uint32_t m = 0; m < messages_; ++m)
        if (holds(node, m, part)) out.push_back(m);
    return out;
}

const std::vector<ScheduleSend>& ScheduleBuilder::add_step(const std::string& phase, unsigned level,
                                                           std::vector<PlannedSend> sends,
                                                           bool merge) {
    const mesh::MeshShape& shape = schedule_.shape;
    std::vector<ScheduleSend> planned;
    std::map<std::tuple<NodeId, NodeId, std::uint32_t>, std::size_t> merged;
    for (PlannedSend& p : sends) {
        if (p.from == p.to)
            throw ModelError(
                fmt::format("{} {}: a send from {} to itself", phase, level, shape.format(p.from)));
        if (p.control) {
            planned.push_back(ScheduleSend{p.from, p.to, {}, 0, 1});
            continue;
        }
        if (p.messages.empty()) continue;  // nothing to carry: no worm
        if (p.part >= parts_)
            throw ModelError(fmt::format("{} {}: part {} of {}", phase, level, p.part, parts_));
        for (std::uint32_t m : p.messages)
            if (m >= messages_ || !holds(p.from, m, p.part))
                throw ModelError(fmt::format("{} {}: {} sends message {} it does not hold", phase,
                                             level, shape.format(p.from), m));
        if (merge) {
            const auto key = std::make_tuple(p.from, p.to, p.part);
            const auto found = merged.find(key);
            if (found != merged.end()) {
                auto& into = planned[found->second].messages;
                into.insert(into.end(), p.messages.begin(), p.messages.end());
                continue;
            }
            merged.emplace(key, planned.size());
        }
        planned.push_back(ScheduleSend{p.from, p.to, std::move(p.messages), p.part, 0});
    }
    // Leave out what the receiver holds at the start of the round or gets earlier in it.
    std::vector<ScheduleSend> kept;
    std::vector<std::size_t> arriving;
    for (ScheduleSend& s : planned) {
        if (s.control()) {  // data sends with nothing to carry were left out above
            kept.push_back(std::move(s));
            continue;
        }
        std::sort(s.messages.begin(), s.messages.end());
        s.messages.erase(std::unique(s.messages.begin(), s.messages.end()), s.messages.end());
        std::vector<std::uint32_t> fresh;
        for (std::uint32_t m : s.messages) {
            const std::size_t u = unit(s.to, m, s.part);
            if (held_[u] || arriving_[u]) continue;
            arriving_[u] = true;
            arriving.push_back(u);
            fresh.push_back(m);
        }
        if (fresh.empty()) continue;
        s.messages = std::move(fresh);
        s.flits = static_cast<std::uint32_t>(s.messages.size()) * schedule_.part_flits[s.part];
        kept.push_back(std::move(s));
    }
    for (std::size_t u : arriving) {
        held_[u] = true;
        arriving_[u] = false;
    }
    if (kept.empty()) return empty_;
    schedule_.steps.push_back(ScheduleStep{phase, level, std::move(kept)});
    return schedule_.steps.back().sends;
}

}  // namespace wormcast::broadcast
