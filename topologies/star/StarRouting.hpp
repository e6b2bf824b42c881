// Routing on the n-star graph over the Hamiltonian-path labels (pure C++): the high- and
// low-channel networks, RF(p, q) of Definition 1, worms that visit ordered destination lists
// (Procedures 1 and 2), and the RoutingFunction the routers use. Wang, Chu & Chen §2.2.1, §3.2.
#pragma once

#include <cstdint>
#include <vector>

#include "systemc/pure/Routing.hpp"
#include "topologies/star/StarShape.hpp"

namespace wormcast::star {

/// How destination-list headers travel between destinations. Unicast headers always use RF.
enum class PathWormRouting {
    Shortcut,     ///< every hop by RF (dual-path, multipath, two-phase)
    Hamiltonian,  ///< along the Hamiltonian path itself, label +-1 per hop (hamiltonian scheme)
};

const char* to_string(PathWormRouting routing);

/// One hop: leave on `port`, arrive at `next`.
struct StarHop {
    PortId port = 0;
    NodeId next = 0;
};

/// RF(here, target): the neighbour with the largest label in (l(here), l(target)] when going up,
/// the smallest in [l(target), l(here)) when going down. It exists because the Hamiltonian-path
/// neighbour l(here) +- 1 is adjacent (Lemma 1). Throws ModelError if here == target.
StarHop rf_hop(const StarShape& shape, NodeId here, NodeId target);
/// The next node along the Hamiltonian path towards `target` (label +- 1).
StarHop hamiltonian_hop(const StarShape& shape, NodeId here, NodeId target);
/// Routers visited by RF from `from` to `to`, both included.
std::vector<NodeId> rf_path(const StarShape& shape, NodeId from, NodeId to);
/// Routers a worm visits from `from` through `destinations` in order, sender included: the
/// legs of Procedures 1 and 2 (RF) or the Hamiltonian path, shared endpoints once.
std::vector<NodeId> worm_path(const StarShape& shape, NodeId from,
                              const std::vector<NodeId>& destinations, PathWormRouting routing);

struct StarRoutingOptions {
    unsigned vcs = 1;
    /// Consumption channels per node (local output ports from n-1 on). With two or more, worms
    /// arriving through the high-channel network (or injected here) use the lower ceil(c/2) of
    /// them and worms arriving through the low-channel network the others (docs/star.md).
    unsigned consumption_channels = 1;
    PathWormRouting path_worms = PathWormRouting::Shortcut;
};

/// The router's routing function at node `here`. Unicast headers go by RF; destination lists
/// absorb a copy at each listed node in turn and go on towards the next (absorb-and-forward), by
/// RF or along the Hamiltonian path (`options.path_worms`). A list that would turn from one
/// channel network into the other, names a node twice in a row, or a bit-string header is a
/// ConfigError.
class StarRouting : public RoutingFunction {
  public:
    /// Throws ConfigError for zero VCs or consumption channels.
    StarRouting(const StarShape& shape, NodeId here, StarRoutingOptions options);
    RouteDecision route(const RouteQuery& query) const override;

    /// Consumption channel (0-based) of a worm that arrived on `in_port` (see StarRoutingOptions).
    unsigned consumption_channel(PortId in_port) const;
    /// Output port towards `target` (!= here) for a unicast (`path_worm` false) or a
    /// destination-list header: the entry a table-driven route unit holds.
    PortId next_port(NodeId target, bool path_worm) const;
    /// Labels of the neighbours, by port.
    const std::vector<NodeId>& neighbour_labels() const { return neighbours_; }

  private:
    /// True if a worm arriving on `in_port` travels up the labels (high-channel network), or was
    /// injected here.
    bool arrived_going_up(PortId in_port) const;

    StarShape shape_;
    NodeId here_;
    StarRoutingOptions options_;
    std::vector<NodeId> neighbours_;  ///< label of the router across each network port
    PortId up_port_ = 0;              ///< port to label here+1 (when here < n!-1)
    PortId down_port_ = 0;            ///< port to label here-1 (when here > 0)
    std::uint32_t all_vcs_;
};

}  // namespace wormcast::star
