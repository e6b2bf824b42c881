// Dimension-order (e-cube) routing on k-ary n-cube meshes and tori (pure C++; Kesavan & Panda §2).
// Tori use dateline virtual channels: a worm moves in VC class 0 and switches to class 1 after the
// wrap-around link of a dimension, back to class 0 when it turns into the next dimension.
// On meshes a bit-string header is routed as an e-cube (XY) tree worm: one branch per output that
// some named destination's e-cube route takes, each with the string masked to those destinations.
#pragma once

#include "systemc/pure/Routing.hpp"
#include "topologies/mesh/MeshShape.hpp"

namespace wormcast::mesh {

struct EcubeOptions {
    unsigned vcs = 1;
    bool dateline = true;               ///< torus only: use dateline VC classes (needs vcs >= 2)
    unsigned consumption_channels = 1;  ///< local output ports start at shape.network_ports()
};

class EcubeRouting : public RoutingFunction {
  public:
    EcubeRouting(const MeshShape& shape, NodeId here, EcubeOptions options);
    RouteDecision route(const RouteQuery& query) const override;

    /// VC mask of dateline class `cls` (0 or 1) with `vcs` VCs: class 0 even VCs, class 1 odd.
    static std::uint32_t class_mask(unsigned vcs, unsigned cls);
    /// Consumption channel (0-based) of a worm that arrived on `in_port`: in_port mod channels.
    unsigned consumption_channel(PortId in_port) const;

  private:
    /// A bit-string header: one branch per e-cube next-hop output of the named destinations, in
    /// ascending port order (the local node's consumption channel last), each carrying the string
    /// masked to its destinations. Meshes only: a torus throws ConfigError.
    RouteDecision route_tree(const RouteQuery& query) const;

    MeshShape shape_;
    NodeId here_;
    EcubeOptions options_;
    std::uint32_t all_vcs_;
};

}  // namespace wormcast::mesh
