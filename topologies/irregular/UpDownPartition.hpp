// Up*/down* partition of an irregular network (pure C++): BFS spanning tree from the root, the
// up / down-cross / down-tree channel classes, ancestors and extended ancestors (Definition 1).
// Libeskind-Hadas, Mazzoni & Rajagopalan §3.1; Schroeder et al. (Autonet, their ref. [13]).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "topologies/irregular/SwitchGraph.hpp"

namespace wormcast::irregular {

/// Class of a unidirectional channel. SPAM keeps up tree and up cross channels together (§3.1).
enum class ChannelClass : std::uint8_t { Up = 0, DownCross = 1, DownTree = 2 };

const char* to_string(ChannelClass c);  ///< "up", "down-cross", "down-tree"

/// The partition of the graph's root (docs/irregular.md, "Up*/down*"):
/// - level(v) = BFS distance from the root;
/// - parent(v) = the neighbour of smallest id at level(v) - 1 (the tree is deterministic);
/// - channel u -> v: down-tree if u = parent(v), up if v = parent(u); a cross channel is up if
///   level(u) > level(v), or the levels are equal and id(u) > id(v), and down-cross otherwise;
/// - processor -> switch is up, switch -> processor down-tree.
/// It also holds, for every pair of switches, the fewest legal hops left (hops()), which the
/// selection function and the extended-ancestor test read.
class UpDownPartition {
  public:
    /// Marks "no legal path" in hops().
    static constexpr unsigned kUnreachable = 0xFFFF;

    explicit UpDownPartition(std::shared_ptr<const SwitchGraph> graph);

    const SwitchGraph& graph() const { return *graph_; }
    SwitchId root() const { return graph_->root(); }
    unsigned level(SwitchId s) const { return level_.at(s); }
    /// The deepest level.
    unsigned depth() const { return depth_; }
    /// Parent in the spanning tree; nullopt for the root.
    std::optional<SwitchId> parent(SwitchId s) const;
    /// Children in the spanning tree, ascending id.
    const std::vector<SwitchId>& children(SwitchId s) const { return children_.at(s); }
    /// Switches in preorder (depth first from the root, children in ascending id).
    const std::vector<SwitchId>& preorder() const { return preorder_; }
    /// Position of switch s in preorder().
    std::uint32_t preorder_index(SwitchId s) const { return enter_.at(s); }

    /// Class of the channel from switch `from` to its neighbour `to` (ModelError if not linked).
    ChannelClass channel_class(SwitchId from, SwitchId to) const;
    /// Ancestor (Definition 1): a path of down-tree channels only, of length 0 or more, leads
    /// from u to v; i.e. u is on v's tree path to the root, v itself included.
    bool is_ancestor(SwitchId u, SwitchId v) const;
    /// Extended ancestor (Definition 1): 0 or more down-cross channels followed by 0 or more
    /// down-tree channels lead from u to v.
    bool is_extended_ancestor(SwitchId u, SwitchId v) const;
    /// Least common ancestor of two switches in the spanning tree.
    SwitchId lca(SwitchId a, SwitchId b) const;

    /// Fewest channels a worm standing at switch `at`, having arrived on a channel of class
    /// `arrived`, still needs to reach switch `target` by a legal route (up*, then down-cross*,
    /// then down-tree*, in that order), or kUnreachable. Arrived on down-tree: only down-tree
    /// channels remain; on down-cross: down-cross and down-tree; on up: any (never unreachable).
    unsigned hops(SwitchId at, ChannelClass arrived, SwitchId target) const;

  private:
    std::shared_ptr<const SwitchGraph> graph_;
    std::vector<unsigned> level_;
    std::vector<SwitchId> parent_;  ///< root: itself
    std::vector<std::vector<SwitchId>> children_;
    std::vector<SwitchId> preorder_;
    std::vector<std::uint32_t> enter_, leave_;  ///< preorder interval of each subtree
    unsigned depth_ = 0;
    /// [target * N + at]: fewest legal hops after arriving on an up / a down-cross channel.
    std::vector<std::uint16_t> after_up_, after_cross_;
};

}  // namespace wormcast::irregular
