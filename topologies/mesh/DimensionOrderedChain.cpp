// Dimension-ordered chain (see DimensionOrderedChain.hpp).
// Kesavan & Panda §2.2.1 and §3.1; McKinley et al., IEEE TPDS 5(12), 1994.
#include "topologies/mesh/DimensionOrderedChain.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace wormcast::mesh {

namespace {

/// Key whose lexicographic order is the dimension order: dimension 0 first (most significant).
Coord dimension_order_key(const MeshShape& shape, NodeId node) {
    return shape.coord(node);
}

}  // namespace

bool precedes_in_dimension_order(const MeshShape& shape, NodeId a, NodeId b) {
    return dimension_order_key(shape, a) < dimension_order_key(shape, b);
}

std::vector<NodeId> sort_in_dimension_order(const MeshShape& shape, std::vector<NodeId> nodes) {
    std::vector<std::pair<Coord, NodeId>> keyed;
    keyed.reserve(nodes.size());
    for (NodeId node : nodes) keyed.emplace_back(dimension_order_key(shape, node), node);
    std::sort(keyed.begin(), keyed.end());
    keyed.erase(std::unique(keyed.begin(), keyed.end()), keyed.end());
    nodes.clear();
    for (const auto& entry : keyed) nodes.push_back(entry.second);
    return nodes;
}

std::vector<NodeId> dimension_ordered_chain(const MeshShape& shape, NodeId source,
                                            const std::vector<NodeId>& destinations) {
    std::vector<NodeId> members = destinations;
    members.push_back(source);
    return sort_in_dimension_order(shape, std::move(members));
}

std::vector<NodeId> rotate_to_front(std::vector<NodeId> chain, NodeId first) {
    const auto position = std::find(chain.begin(), chain.end(), first);
    if (position == chain.end())
        throw ModelError(fmt::format("rotate_to_front: node {} is not in the chain", first));
    std::rotate(chain.begin(), position, chain.end());
    return chain;
}

}  // namespace wormcast::mesh
