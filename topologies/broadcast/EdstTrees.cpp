// Edge-disjoint spanning trees of a 2-D torus (see EdstTrees.hpp).
#include "topologies/broadcast/EdstTrees.hpp"

#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

namespace wormcast::broadcast {

namespace {

/// A unit step: the direction a tree enters a node by (its parent is the node minus this step).
struct Step {
    int dx = 0;
    int dy = 0;
    Step opposite() const { return {-dx, -dy}; }
};
constexpr Step kEast{1, 0}, kWest{-1, 0}, kNorth{0, 1}, kSouth{0, -1};

/// The four entry rules. c, r: the second root's column and row; the other tree of the same
/// root takes the opposite direction on the lines the first one uses straight.
class EntryRules {
  public:
    EntryRules(std::uint32_t n1, std::uint32_t n2)
        : c_((n1 + 1) / 2),
          r_((n2 + 1) / 2),
          b_row0_(n2 % 2 == 1 ? kNorth : kSouth),
          d_col0_(n1 % 2 == 1 ? kEast : kWest) {}

    std::uint32_t c() const { return c_; }
    std::uint32_t r() const { return r_; }

    /// Tree 0, root (0,0): row 0 east to c and west beyond; columns north to r-1, south beyond.
    Step tree0(std::uint32_t x, std::uint32_t y) const {
        if (y == 0) return x <= c_ ? kEast : kWest;
        if (x == 0 && y != r_) return d_col0_.opposite();
        return y < r_ ? kNorth : kSouth;
    }
    /// Tree 1, root (c,r): row r east beyond c and west below; columns the opposite of tree 0.
    Step tree1(std::uint32_t x, std::uint32_t y) const {
        if (y == r_) {
            if (x == 0) return d_col0_.opposite();
            return x > c_ ? kEast : kWest;
        }
        if (x == c_ && y != 0) return kEast;
        if (y == 0) return b_row0_;
        return y > r_ ? kNorth : kSouth;
    }
    /// Tree 2, root (0,0): column 0 north to r and south beyond; rows east to c-1, west beyond.
    Step tree2(std::uint32_t x, std::uint32_t y) const {
        if (x == 0) return y <= r_ ? kNorth : kSouth;
        if (y == 0 && x != c_) return b_row0_.opposite();
        return x < c_ ? kEast : kWest;
    }
    /// Tree 3, root (c,r): column c north beyond r and south below; rows the opposite of tree 2.
    Step tree3(std::uint32_t x, std::uint32_t y) const {
        if (x == c_) {
            if (y == 0) return b_row0_.opposite();
            return y > r_ ? kNorth : kSouth;
        }
        if (y == r_ && x != 0) return kNorth;
        if (x == 0) return d_col0_;
        return x > c_ ? kEast : kWest;
    }

  private:
    std::uint32_t c_, r_;
    Step b_row0_;  ///< how tree 1 enters row 0
    Step d_col0_;  ///< how tree 3 enters column 0
};

}  // namespace

std::vector<SpanningTree> edst_trees(const mesh::MeshShape& shape) {
    validate_broadcast_torus(shape);
    const std::uint32_t n1 = shape.radix[0], n2 = shape.radix[1];
    const EntryRules rules(n1, n2);
    std::vector<SpanningTree> trees(4);
    trees[0].root = trees[2].root = shape.id({0, 0});
    trees[1].root = trees[3].root = shape.id({rules.c(), rules.r()});
    for (int t = 0; t < 4; ++t) trees[t].parent.assign(shape.nodes(), kNoNode);
    for (NodeId v = 0; v < shape.nodes(); ++v) {
        const std::uint32_t x = v % n1, y = v / n1;
        const Step entries[4] = {rules.tree0(x, y), rules.tree1(x, y), rules.tree2(x, y),
                                 rules.tree3(x, y)};
        for (int t = 0; t < 4; ++t)
            if (v != trees[t].root)
                trees[t].parent[v] = torus_node(shape, std::int64_t{x} - entries[t].dx,
                                                std::int64_t{y} - entries[t].dy);
    }
    return trees;
}

std::vector<std::uint32_t> tree_depths(const mesh::MeshShape& shape, const SpanningTree& tree) {
    const std::uint32_t n = shape.nodes();
    std::vector<std::uint32_t> depth(n, kNoNode);
    if (tree.root >= n || tree.parent.size() != n) return depth;
    depth[tree.root] = 0;
    // Walk each node's parent chain until a node of known depth; a chain longer than n loops.
    for (NodeId v = 0; v < n; ++v) {
        std::vector<NodeId> chain;
        NodeId u = v;
        while (u < n && depth[u] == kNoNode && chain.size() <= n) {
            chain.push_back(u);
            u = tree.parent[u];
        }
        if (u >= n || depth[u] == kNoNode) continue;
        std::uint32_t d = depth[u];
        for (auto it = chain.rbegin(); it != chain.rend(); ++it) depth[*it] = ++d;
    }
    return depth;
}

std::vector<std::string> check_edst(const mesh::MeshShape& shape,
                                    const std::vector<SpanningTree>& trees,
                                    std::uint32_t max_height) {
    std::vector<std::string> problems;
    std::map<std::pair<NodeId, NodeId>, std::size_t> owner;
    for (std::size_t t = 0; t < trees.size(); ++t) {
        const SpanningTree& tree = trees[t];
        if (tree.parent.size() != shape.nodes()) {
            problems.push_back(fmt::format("tree {}: {} parents for {} nodes", t,
                                           tree.parent.size(), shape.nodes()));
            continue;
        }
        for (NodeId v = 0; v < shape.nodes(); ++v) {
            const NodeId p = tree.parent[v];
            if (v == tree.root) {
                if (p != kNoNode)
                    problems.push_back(fmt::format("tree {}: the root has a parent", t));
                continue;
            }
            if (p >= shape.nodes() || shape.distance(p, v) != 1) {
                problems.push_back(fmt::format("tree {}: the parent of {} is not a neighbour", t,
                                               shape.format(v)));
                continue;
            }
            const auto [it, fresh] = owner.emplace(std::pair{p, v}, t);
            if (!fresh)
                problems.push_back(fmt::format("channel {} -> {} is in trees {} and {}",
                                               shape.format(p), shape.format(v), it->second, t));
        }
        const auto depth = tree_depths(shape, tree);
        std::uint32_t height = 0;
        for (NodeId v = 0; v < shape.nodes(); ++v) {
            if (depth[v] == kNoNode) {
                problems.push_back(
                    fmt::format("tree {}: {} is not reached from the root", t, shape.format(v)));
                break;
            }
            height = std::max(height, depth[v]);
        }
        if (height > max_height)
            problems.push_back(fmt::format("tree {}: height {} above {}", t, height, max_height));
    }
    return problems;
}

}  // namespace wormcast::broadcast
