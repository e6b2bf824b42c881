// The plan of one star-graph multicast (pure C++): the worms of a scheme with their senders,
// ordered destination lists, paths, channel counts and phases, and the paper's two metrics
// (total channels, maximum routing distance). Wang, Chu & Chen §2.2.2, §3.2; docs/star.md.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "topologies/star/StarScheme.hpp"
#include "topologies/star/StarShape.hpp"

namespace wormcast::star {

/// One worm (a multidestination path worm, or a unicast of the unicast scheme).
struct StarWorm {
    NodeId from = 0;
    std::vector<NodeId> dests;   ///< in visiting order
    std::vector<NodeId> path;    ///< routers visited, `from` included
    std::uint32_t channels = 0;  ///< path.size() - 1
    unsigned phase = 1;          ///< 1-based start-up phase (unicast), or phase of two-phase
};

struct StarPlan {
    StarScheme scheme = StarScheme::DualPath;
    NodeId source = 0;
    /// D: as requested, duplicates and the source removed (first occurrences kept in order).
    std::vector<NodeId> destinations;
    /// Worms in the order of docs/star.md ("Worm order"); a sender sends its own in this order.
    std::vector<StarWorm> worms;
    std::uint64_t total_channels = 0;  ///< sum of worm channels
    /// The longest worm; two-phase: longest phase-1 worm + longest phase-2 worm; unicast: the
    /// sum over phases of each phase's longest worm.
    std::uint64_t max_distance = 0;
    unsigned phases = 0;  ///< number of phases with a worm

    /// Indices into `worms` of the worms sent by `node`, in order.
    std::vector<std::size_t> worms_from(NodeId node) const;
};

/// D with duplicates and the source removed; throws ConfigError naming `source` or
/// `dests[i]` for a node outside the star.
std::vector<NodeId> clean_destinations(const StarShape& shape, NodeId source,
                                       const std::vector<NodeId>& destinations);

/// Dual-path split (§2.2.2): destinations above the source ascending, below it descending.
struct DualPathLists {
    std::vector<NodeId> high;
    std::vector<NodeId> low;
};
DualPathLists dual_path_lists(NodeId source, const std::vector<NodeId>& destinations);

/// Node class NC_i of the nodes-partition rule (§3.1): the labels [first, last] (inclusive).
struct NodeClass {
    unsigned index = 0;    ///< i = 1..n-1
    NodeId neighbour = 0;  ///< u_i = g_{i+1}(s)
    bool high = false;     ///< l(u_i) > l(s): routed in the high-channel network
    NodeId first = 0;
    NodeId last = 0;
    bool contains(NodeId v) const { return first <= v && v <= last; }
};
/// NC_1 ... NC_{n-1} of source `source`. Case 2's upper end is N-1 = n!-1 (the paper prints n-1).
std::vector<NodeClass> node_classes(const StarShape& shape, NodeId source);

/// One worm of simple multipath routing: class i's destinations, sorted.
struct MultipathList {
    unsigned class_index = 0;
    bool high = false;
    std::vector<NodeId> dests;  ///< ascending (high) or descending (low)
};
/// Algorithm 1: the non-empty classes' lists in class order.
std::vector<MultipathList> multipath_lists(const StarShape& shape, NodeId source,
                                           const std::vector<NodeId>& destinations);

/// The relay of sub-star S_{n-1}(symbol) (nodes whose last symbol is `symbol`): its node with the
/// smallest label, the first node of the Hamiltonian path's block n+1-symbol.
NodeId substar_relay(const StarShape& shape, unsigned symbol);

/// One send of the unicast scheme on the label-sorted chain {s} u D (indices into the chain).
struct ChainSend {
    unsigned phase = 1;
    std::size_t sender = 0;
    std::size_t receiver = 0;
};
/// The split rule on a chain of `size` nodes with the source at `source_index`: a holder of
/// [lo, hi] splits at mid = floor((lo+hi)/2); in the lower half it sends to hi (which then owns
/// [mid+1, hi]), else to lo (which owns [lo, mid]); it keeps its half and repeats. Sorted by
/// phase, then sender. ceil(log2(size)) phases.
std::vector<ChainSend> binomial_chain_sends(std::size_t size, std::size_t source_index);

/// The plan of `scheme` for a multicast from `source` to `destinations` (cleaned as above).
/// Throws ConfigError for nodes outside the star.
StarPlan plan_star_multicast(const StarShape& shape, StarScheme scheme, NodeId source,
                             const std::vector<NodeId>& destinations);

}  // namespace wormcast::star
