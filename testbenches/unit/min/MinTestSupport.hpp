// Helpers shared by the MIN unit tests.
#pragma once

#include <algorithm>
#include <cstdint>
#include <random>
#include <set>
#include <vector>

#include "systemc/pure/Types.hpp"
#include "testbenches/traffic/TrafficSchedule.hpp"

namespace wormcast::testing {

/// 1..nodes-1 distinct random destinations other than `source`, ascending.
inline std::vector<NodeId> random_destinations(std::uint32_t nodes, NodeId source,
                                               std::mt19937_64& rng) {
    std::set<NodeId> chosen;
    const std::size_t count = 1 + rng() % (nodes - 1);
    while (chosen.size() < count) {
        const NodeId d = static_cast<NodeId>(rng() % nodes);
        if (d != source) chosen.insert(d);
    }
    return {chosen.begin(), chosen.end()};
}

/// `count` sends from random sources at random cycles in [0, span): half unicasts, half multicasts
/// to 2..N-1 random destinations, 1..max_length payload flits; sorted by cycle.
inline std::vector<ScheduledSend> random_atbm_traffic(std::uint32_t nodes, std::size_t count,
                                                      Cycle span, std::uint32_t max_length,
                                                      std::mt19937_64& rng) {
    std::vector<ScheduledSend> sends;
    std::vector<NodeId> others;
    for (std::size_t i = 0; i < count; ++i) {
        const NodeId source = static_cast<NodeId>(rng() % nodes);
        others.clear();
        for (NodeId a = 0; a < nodes; ++a)
            if (a != source) others.push_back(a);
        std::shuffle(others.begin(), others.end(), rng);
        const std::size_t wanted = rng() % 2 == 0 ? 1 : 2 + rng() % (nodes - 2);
        others.resize(std::min(wanted, others.size()));
        sends.push_back(ScheduledSend{rng() % span, source, others,
                                      1 + static_cast<std::uint32_t>(rng() % max_length), true});
    }
    std::sort(sends.begin(), sends.end(), [](const auto& a, const auto& b) { return a.at < b.at; });
    return sends;
}

}  // namespace wormcast::testing
