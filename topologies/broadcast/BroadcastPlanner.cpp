// Broadcast scheme dispatch and source sets (see BroadcastPlanner.hpp).
#include "topologies/broadcast/BroadcastPlanner.hpp"

#include <algorithm>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "topologies/broadcast/AtdSchedule.hpp"
#include "topologies/broadcast/EdstSchedule.hpp"
#include "topologies/broadcast/NaiveSchedule.hpp"

namespace wormcast::broadcast {

BroadcastSchedule plan_broadcast(const BroadcastConfig& config) {
    switch (config.scheme) {
        case BroadcastScheme::Atd:
            return build_atd(config).schedule;
        case BroadcastScheme::Edst:
            return build_edst(config);
        case BroadcastScheme::Naive:
            return build_naive(config);
    }
    throw ConfigError("algorithm: unknown broadcast scheme");
}

std::vector<NodeId> parse_sources(const mesh::MeshShape& shape, const std::string& text) {
    std::vector<NodeId> sources;
    std::set<NodeId> seen;
    std::istringstream in(text);
    std::string item;
    while (std::getline(in, item, ';')) {
        const NodeId node = shape.parse_node(item);
        if (!seen.insert(node).second)
            throw ConfigError(fmt::format("sources: {} is named twice", shape.format(node)));
        sources.push_back(node);
    }
    if (sources.empty()) throw ConfigError("sources: the list is empty");
    return sources;
}

std::vector<NodeId> random_sources(const mesh::MeshShape& shape, std::uint32_t count,
                                   std::mt19937_64& rng) {
    const std::uint32_t nodes = shape.nodes();
    if (count == 0 || count > nodes)
        throw ConfigError(
            fmt::format("random sources: {} is not between 1 and the {} nodes of "
                        "the {}",
                        count, nodes, shape.name()));
    std::vector<NodeId> all(nodes);
    for (NodeId v = 0; v < nodes; ++v) all[v] = v;
    // Partial Fisher-Yates with our own index draws, so a seed gives the same set everywhere.
    for (std::uint32_t i = 0; i < count; ++i) {
        const std::uint32_t j = i + static_cast<std::uint32_t>(rng() % (nodes - i));
        std::swap(all[i], all[j]);
    }
    all.resize(count);
    std::sort(all.begin(), all.end());
    return all;
}

}  // namespace wormcast::broadcast
