// Helpers shared by the MIN unit tests.
#pragma once

#include <cstdint>
#include <random>
#include <set>
#include <vector>

#include "systemc/pure/Types.hpp"

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

}  // namespace wormcast::testing
