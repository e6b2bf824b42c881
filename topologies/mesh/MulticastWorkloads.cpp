// Complete- and random-overlap multiple-multicast workloads (see MulticastWorkloads.hpp).
// Kesavan & Panda §2.3.1 ("complete overlap", "random overlap") and §5.
#include "topologies/mesh/MulticastWorkloads.hpp"

#include <algorithm>
#include <numeric>

#include <fmt/format.h>

namespace wormcast::mesh {

namespace {

void check_sizes(std::uint32_t nodes, std::uint32_t sources, std::uint32_t set_size) {
    if (sources == 0) throw ConfigError("workload: the number of sources S must be at least 1");
    if (set_size == 0) throw ConfigError("workload: the set size D = |Φ| must be at least 1");
    if (set_size > nodes)
        throw ConfigError(fmt::format("workload: D = {} exceeds the {} nodes", set_size, nodes));
    if (sources > nodes)
        throw ConfigError(
            fmt::format("workload: S = {} distinct sources exceed the {} nodes", sources, nodes));
}

/// Uniform index in [0, bound) from the 64-bit engine (the same on every platform, unlike
/// std::uniform_int_distribution).
std::uint64_t draw_below(std::mt19937_64& rng, std::uint64_t bound) {
    const std::uint64_t limit = ~std::uint64_t{0} - (~std::uint64_t{0} % bound);
    std::uint64_t value;
    do value = rng();
    while (value >= limit);
    return value % bound;
}

/// The first `count` entries of a random permutation of `pool` (partial Fisher-Yates).
std::vector<NodeId> draw_distinct(std::vector<NodeId> pool, std::uint32_t count,
                                  std::mt19937_64& rng) {
    for (std::uint32_t i = 0; i < count; ++i)
        std::swap(pool[i], pool[i + draw_below(rng, pool.size() - i)]);
    pool.resize(count);
    return pool;
}

std::vector<NodeId> all_nodes(std::uint32_t nodes) {
    std::vector<NodeId> pool(nodes);
    std::iota(pool.begin(), pool.end(), NodeId{0});
    return pool;
}

std::vector<NodeId> without(std::vector<NodeId> set, NodeId removed) {
    set.erase(std::remove(set.begin(), set.end(), removed), set.end());
    return set;
}

MulticastRequest request(std::uint32_t id, NodeId source, std::vector<NodeId> destinations,
                         std::uint32_t length) {
    MulticastRequest r;
    r.multicast = id;
    r.source = source;
    r.destinations = std::move(destinations);
    r.length = length;
    return r;
}

}  // namespace

std::vector<MulticastRequest> complete_overlap_workload(std::uint32_t nodes, std::uint32_t sources,
                                                        std::uint32_t set_size,
                                                        std::mt19937_64& rng,
                                                        std::uint32_t length) {
    check_sizes(nodes, sources, set_size);
    std::vector<NodeId> shuffled = draw_distinct(all_nodes(nodes), nodes, rng);
    const std::vector<NodeId> phi(shuffled.begin(), shuffled.begin() + set_size);
    std::vector<MulticastRequest> workload;
    if (sources <= set_size) {
        for (NodeId source : draw_distinct(phi, sources, rng))
            workload.push_back(request(static_cast<std::uint32_t>(workload.size()), source,
                                       without(phi, source), length));
        return workload;
    }
    for (NodeId source : draw_distinct(phi, set_size, rng))
        workload.push_back(request(static_cast<std::uint32_t>(workload.size()), source,
                                   without(phi, source), length));
    for (std::uint32_t extra = set_size; extra < sources; ++extra) {
        const NodeId dropped = phi[draw_below(rng, phi.size())];
        workload.push_back(request(static_cast<std::uint32_t>(workload.size()), shuffled[extra],
                                   without(phi, dropped), length));
    }
    return workload;
}

std::vector<MulticastRequest> random_overlap_workload(std::uint32_t nodes, std::uint32_t sources,
                                                      std::uint32_t set_size, std::mt19937_64& rng,
                                                      std::uint32_t length) {
    check_sizes(nodes, sources, set_size);
    std::vector<MulticastRequest> workload;
    for (NodeId source : draw_distinct(all_nodes(nodes), sources, rng)) {
        std::vector<NodeId> destinations =
            draw_distinct(without(all_nodes(nodes), source), set_size - 1, rng);
        workload.push_back(request(static_cast<std::uint32_t>(workload.size()), source,
                                   std::move(destinations), length));
    }
    return workload;
}

}  // namespace wormcast::mesh
