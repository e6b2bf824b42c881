// The dimension-ordered chain Φ of a multicast on a k-ary n-cube mesh (pure C++).
// Kesavan & Panda §2.2.1 and §3.1, after McKinley et al.'s Umesh: x0 most significant.
#pragma once

#include <vector>

#include "systemc/pure/Types.hpp"
#include "topologies/mesh/MeshShape.hpp"

namespace wormcast::mesh {

/// True if `a` comes before `b` in the dimension order <_d: coordinates compared
/// lexicographically with dimension 0 most significant (the dimension e-cube corrects first).
bool precedes_in_dimension_order(const MeshShape& shape, NodeId a, NodeId b);

/// Sorts nodes into dimension order, removing duplicates.
std::vector<NodeId> sort_in_dimension_order(const MeshShape& shape, std::vector<NodeId> nodes);

/// Φ = {source} ∪ destinations, duplicates removed, in dimension order.
std::vector<NodeId> dimension_ordered_chain(const MeshShape& shape, NodeId source,
                                            const std::vector<NodeId>& destinations);

/// Rotates the chain left until `first` is at index 0 (the SPUmesh chain Φ1).
/// Throws ModelError if `first` is not in the chain.
std::vector<NodeId> rotate_to_front(std::vector<NodeId> chain, NodeId first);

}  // namespace wormcast::mesh
