// Up*/down* partition: BFS levels, smallest-id parents, channel classes, hop tables (see
// UpDownPartition.hpp). Libeskind-Hadas, Mazzoni & Rajagopalan §3.1, Definition 1.
#include "topologies/irregular/UpDownPartition.hpp"

#include <algorithm>
#include <deque>
#include <numeric>

#include <fmt/format.h>

namespace wormcast::irregular {

const char* to_string(ChannelClass c) {
    switch (c) {
        case ChannelClass::Up:
            return "up";
        case ChannelClass::DownCross:
            return "down-cross";
        case ChannelClass::DownTree:
            return "down-tree";
    }
    return "?";
}

UpDownPartition::UpDownPartition(std::shared_ptr<const SwitchGraph> graph)
    : graph_(std::move(graph)) {
    if (!graph_) throw ModelError("UpDownPartition: no graph");
    const std::uint32_t n = graph_->switches();
    const SwitchId root = graph_->root();

    // Levels by BFS from the root.
    constexpr unsigned kNone = ~0u;
    level_.assign(n, kNone);
    level_[root] = 0;
    std::deque<SwitchId> queue{root};
    while (!queue.empty()) {
        const SwitchId s = queue.front();
        queue.pop_front();
        for (const auto& [t, port] : graph_->neighbours(s))
            if (level_[t] == kNone) {
                level_[t] = level_[s] + 1;
                queue.push_back(t);
            }
    }
    depth_ = *std::max_element(level_.begin(), level_.end());

    // Parent: the neighbour of smallest id one level up (neighbour lists are ascending).
    parent_.assign(n, root);
    children_.assign(n, {});
    for (SwitchId s = 0; s < n; ++s) {
        if (s == root) continue;
        for (const auto& [t, port] : graph_->neighbours(s))
            if (level_[t] + 1 == level_[s]) {
                parent_[s] = t;
                break;
            }
        children_[parent_[s]].push_back(s);  // s ascending, so children lists are ascending
    }

    // Preorder and subtree intervals.
    enter_.assign(n, 0);
    leave_.assign(n, 0);
    std::vector<std::pair<SwitchId, std::size_t>> stack{{root, 0}};
    enter_[root] = 0;
    preorder_.push_back(root);
    while (!stack.empty()) {
        auto& [s, next] = stack.back();
        if (next < children_[s].size()) {
            const SwitchId c = children_[s][next++];
            enter_[c] = static_cast<std::uint32_t>(preorder_.size());
            preorder_.push_back(c);
            stack.emplace_back(c, 0);
        } else {
            leave_[s] = static_cast<std::uint32_t>(preorder_.size() - 1);
            stack.pop_back();
        }
    }

    // Hop tables. Down-cross channels go to a larger (level, id), up channels to a smaller one,
    // so one sweep in each order settles every switch after its successors.
    std::vector<SwitchId> by_key(n);
    std::iota(by_key.begin(), by_key.end(), SwitchId{0});
    std::sort(by_key.begin(), by_key.end(), [&](SwitchId a, SwitchId b) {
        return std::make_pair(level_[a], a) < std::make_pair(level_[b], b);
    });
    std::vector<std::vector<SwitchId>> up_next(n), cross_next(n);
    for (SwitchId s = 0; s < n; ++s)
        for (const auto& [t, port] : graph_->neighbours(s)) {
            const ChannelClass c = channel_class(s, t);
            if (c == ChannelClass::Up) up_next[s].push_back(t);
            if (c == ChannelClass::DownCross) cross_next[s].push_back(t);
        }
    after_up_.assign(std::size_t{n} * n, kUnreachable);
    after_cross_.assign(std::size_t{n} * n, kUnreachable);
    for (SwitchId target = 0; target < n; ++target) {
        std::uint16_t* cross = &after_cross_[std::size_t{target} * n];
        std::uint16_t* up = &after_up_[std::size_t{target} * n];
        for (auto it = by_key.rbegin(); it != by_key.rend(); ++it) {
            const SwitchId s = *it;
            unsigned best = is_ancestor(s, target) ? level_[target] - level_[s] : kUnreachable;
            for (SwitchId t : cross_next[s])
                if (cross[t] != kUnreachable) best = std::min(best, cross[t] + 1u);
            cross[s] = static_cast<std::uint16_t>(best);
        }
        for (SwitchId s : by_key) {
            unsigned best = cross[s];
            for (SwitchId t : up_next[s])
                if (up[t] != kUnreachable) best = std::min(best, up[t] + 1u);
            up[s] = static_cast<std::uint16_t>(best);
        }
    }
}

std::optional<SwitchId> UpDownPartition::parent(SwitchId s) const {
    if (s >= parent_.size()) throw ModelError(fmt::format("parent: no switch {}", s));
    if (s == root()) return std::nullopt;
    return parent_[s];
}

ChannelClass UpDownPartition::channel_class(SwitchId from, SwitchId to) const {
    graph_->port_towards(from, to);  // throws unless linked
    if (from != root() && parent_[from] == to) return ChannelClass::Up;
    if (to != root() && parent_[to] == from) return ChannelClass::DownTree;
    if (level_[from] != level_[to])
        return level_[from] > level_[to] ? ChannelClass::Up : ChannelClass::DownCross;
    return from > to ? ChannelClass::Up : ChannelClass::DownCross;
}

bool UpDownPartition::is_ancestor(SwitchId u, SwitchId v) const {
    return enter_.at(u) <= enter_.at(v) && enter_[v] <= leave_[u];
}

bool UpDownPartition::is_extended_ancestor(SwitchId u, SwitchId v) const {
    return hops(u, ChannelClass::DownCross, v) != kUnreachable;
}

SwitchId UpDownPartition::lca(SwitchId a, SwitchId b) const {
    while (level_.at(a) > level_.at(b)) a = parent_[a];
    while (level_[b] > level_[a]) b = parent_[b];
    while (a != b) {
        a = parent_[a];
        b = parent_[b];
    }
    return a;
}

unsigned UpDownPartition::hops(SwitchId at, ChannelClass arrived, SwitchId target) const {
    const std::uint32_t n = graph_->switches();
    if (at >= n || target >= n)
        throw ModelError(fmt::format("hops: switch {} or {} outside 0..{}", at, target, n - 1));
    switch (arrived) {
        case ChannelClass::DownTree:
            return is_ancestor(at, target) ? level_[target] - level_[at] : kUnreachable;
        case ChannelClass::DownCross:
            return after_cross_[std::size_t{target} * n + at];
        case ChannelClass::Up:
            return after_up_[std::size_t{target} * n + at];
    }
    return kUnreachable;
}

}  // namespace wormcast::irregular
