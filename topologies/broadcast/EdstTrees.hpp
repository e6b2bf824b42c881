// Four edge-disjoint spanning trees of a 2-D torus, directed away from their roots (pure C++): the
// baseline of Chen & Chen §4 and Table 1 (after Kesavan & Panda [2]). A directed channel
// parent -> child belongs to at most one tree; each tree's height is at most D + 2, D the diameter.
#pragma once

#include <string>
#include <vector>

#include "topologies/broadcast/BroadcastSchedule.hpp"

namespace wormcast::broadcast {

/// The four trees of an n1 x n2 torus (n1, n2 >= 3). Trees 0 and 2 are rooted at (0,0), trees 1
/// and 3 at (ceil(n1/2), ceil(n2/2)). Tree 0 spreads along row y = 0 then up and down the
/// columns; tree 2 along column x = 0 then along the rows; trees 1 and 3 likewise from the other
/// root, in the opposite direction on every line away from the four special lines, where each
/// tree detours (docs/broadcast.md gives the rule). Every node is then entered by the four trees
/// through four different links. Throws ConfigError for a shape that is not such a torus.
std::vector<SpanningTree> edst_trees(const mesh::MeshShape& shape);

/// Depth of every node (kNoNode where the parent chain loops or leaves the torus).
std::vector<std::uint32_t> tree_depths(const mesh::MeshShape& shape, const SpanningTree& tree);

/// Everything wrong with `trees` as edge-disjoint spanning trees of height <= max_height: a
/// parent that is not a neighbour, a node not reached from the root, a channel used by two trees,
/// a tree too tall. Empty: all good.
std::vector<std::string> check_edst(const mesh::MeshShape& shape,
                                    const std::vector<SpanningTree>& trees,
                                    std::uint32_t max_height);

}  // namespace wormcast::broadcast
