// Helpers shared by the irregular-network tests: seeded random switch graphs, and brute-force
// references for the up*/down* partition and SPAM's rules written from the paper's definitions.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <vector>

#include "testbenches/traffic/TrafficSchedule.hpp"
#include "topologies/irregular/SpamRouting.hpp"

namespace wormcast::testing {

using irregular::ChannelClass;
using irregular::SwitchId;

/// A random connected graph of `switches` switches: a random spanning tree over shuffled ids,
/// then up to `extra` further random links, each switch keeping a port free for its processor
/// (processor i on switch i). Root random unless given.
inline irregular::SwitchGraphSpec random_graph_spec(std::uint32_t switches, std::uint32_t extra,
                                                    unsigned ports, std::mt19937_64& rng) {
    irregular::SwitchGraphSpec spec;
    spec.name = "random";
    spec.switches = switches;
    spec.ports = ports;
    std::vector<SwitchId> order(switches);
    for (SwitchId s = 0; s < switches; ++s) order[s] = s;
    std::shuffle(order.begin(), order.end(), rng);
    std::vector<unsigned> degree(switches, 1);  // the processor
    std::set<std::pair<SwitchId, SwitchId>> linked;
    auto link = [&](SwitchId a, SwitchId b) {
        if (a == b || degree[a] >= ports || degree[b] >= ports) return false;
        if (!linked.insert(std::minmax(a, b)).second) return false;
        ++degree[a];
        ++degree[b];
        spec.links.push_back(irregular::LinkRequest{a, b, {}, {}});
        return true;
    };
    for (std::uint32_t i = 1; i < switches; ++i) {
        // Attach to an earlier switch with a free port (one always exists: a tree has leaves).
        for (std::uint32_t attempt = 0;; ++attempt) {
            const SwitchId to = order[rng() % i];
            if (link(order[i], to)) break;
            if (attempt > 1000) {
                for (std::uint32_t j = 0; j < i; ++j)
                    if (link(order[i], order[j])) break;
                break;
            }
        }
    }
    for (std::uint32_t e = 0; e < extra * 4 && linked.size() < switches - 1 + extra; ++e)
        link(static_cast<SwitchId>(rng() % switches), static_cast<SwitchId>(rng() % switches));
    spec.root = static_cast<SwitchId>(rng() % switches);
    return spec;
}

/// The partition computed from the definitions by other means: all-pairs distances by
/// Floyd-Warshall, ancestors by walking parents, extended ancestors and hop counts by relaxing a
/// state graph to its fixpoint.
struct BruteForcePartition {
    static constexpr unsigned kInf = 1u << 20;
    std::uint32_t n = 0;
    std::vector<std::vector<unsigned>> distance;
    std::vector<unsigned> level;
    std::vector<std::int64_t> parent;  ///< -1 for the root
    std::map<std::pair<SwitchId, SwitchId>, ChannelClass> cls;
    /// hops[state][target][at]; state 0 = after up, 1 = after down-cross, 2 = after down-tree
    std::vector<std::vector<std::vector<unsigned>>> hops;

    explicit BruteForcePartition(const irregular::SwitchGraph& g) : n(g.switches()) {
        distance.assign(n, std::vector<unsigned>(n, kInf));
        for (SwitchId s = 0; s < n; ++s) distance[s][s] = 0;
        for (const auto& l : g.links()) distance[l.a][l.b] = distance[l.b][l.a] = 1;
        for (SwitchId k = 0; k < n; ++k)
            for (SwitchId i = 0; i < n; ++i)
                for (SwitchId j = 0; j < n; ++j)
                    distance[i][j] = std::min(distance[i][j], distance[i][k] + distance[k][j]);
        const SwitchId root = g.root();
        level.resize(n);
        parent.assign(n, -1);
        for (SwitchId s = 0; s < n; ++s) level[s] = distance[root][s];
        for (SwitchId s = 0; s < n; ++s) {
            if (s == root) continue;
            for (SwitchId t = 0; t < n; ++t)  // ascending: the smallest id wins
                if (distance[s][t] == 1 && level[t] + 1 == level[s]) {
                    parent[s] = t;
                    break;
                }
        }
        for (const auto& l : g.links())
            for (auto [u, v] : {std::make_pair(l.a, l.b), std::make_pair(l.b, l.a)}) {
                ChannelClass c;
                if (parent[v] == static_cast<std::int64_t>(u))
                    c = ChannelClass::DownTree;
                else if (parent[u] == static_cast<std::int64_t>(v))
                    c = ChannelClass::Up;
                else if (level[u] != level[v])
                    c = level[u] < level[v] ? ChannelClass::DownCross : ChannelClass::Up;
                else
                    c = u > v ? ChannelClass::Up : ChannelClass::DownCross;
                cls[{u, v}] = c;
            }
        hops.assign(3, std::vector<std::vector<unsigned>>(n, std::vector<unsigned>(n, kInf)));
        for (SwitchId t = 0; t < n; ++t) {
            for (int state = 0; state < 3; ++state) hops[state][t][t] = 0;
            for (bool changed = true; changed;) {
                changed = false;
                for (const auto& [channel, c] : cls) {
                    const auto [u, v] = channel;
                    for (int state = 0; state < 3; ++state) {
                        // From `state`, a channel of class c is legal iff c >= state.
                        if (static_cast<int>(c) < state) continue;
                        const unsigned via = hops[static_cast<int>(c)][t][v] + 1;
                        if (via < hops[state][t][u]) {
                            hops[state][t][u] = via;
                            changed = true;
                        }
                    }
                }
            }
        }
    }
    bool ancestor(SwitchId u, SwitchId v) const {
        for (std::int64_t w = v; w >= 0; w = parent[static_cast<std::size_t>(w)])
            if (w == static_cast<std::int64_t>(u)) return true;
        return false;
    }
    bool extended_ancestor(SwitchId u, SwitchId v) const { return hops[1][v][u] < kInf; }
};

/// Random traffic: `count` sends at random cycles in [0, span) from random sources, a fraction
/// `multicast_share` of them multicasts to 2..max_fanout random destinations, the rest unicasts;
/// payloads of 1..max_length flits; sorted by cycle.
inline std::vector<ScheduledSend> mixed_traffic(std::uint32_t nodes, std::size_t count, Cycle span,
                                                double multicast_share, std::uint32_t max_fanout,
                                                std::uint32_t max_length, std::mt19937_64& rng) {
    std::vector<ScheduledSend> sends;
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    for (std::size_t i = 0; i < count; ++i) {
        const NodeId source = static_cast<NodeId>(rng() % nodes);
        const bool multicast = nodes > 2 && unit(rng) < multicast_share;
        const std::uint32_t fanout =
            multicast
                ? 2 + static_cast<std::uint32_t>(rng() % (std::min(max_fanout, nodes - 1) - 1))
                : 1;
        std::set<NodeId> chosen;
        while (chosen.size() < fanout) {
            const NodeId d = static_cast<NodeId>(rng() % nodes);
            if (d != source) chosen.insert(d);
        }
        sends.push_back(ScheduledSend{rng() % span,
                                      source,
                                      {chosen.begin(), chosen.end()},
                                      1 + static_cast<std::uint32_t>(rng() % max_length),
                                      true});
    }
    std::sort(sends.begin(), sends.end(), [](const auto& a, const auto& b) { return a.at < b.at; });
    return sends;
}

}  // namespace wormcast::testing
