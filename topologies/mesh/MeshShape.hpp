// Geometry of a k-ary n-cube mesh or torus (pure C++): radices per dimension, node numbering,
// coordinates written "x,y[,z...]", port numbering of a router, and e-cube hop arithmetic.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "systemc/pure/Types.hpp"

namespace wormcast::mesh {

using Coord = std::vector<std::uint32_t>;

/// Router port numbering: network port of dimension d is 2d (towards -) and 2d+1 (towards +);
/// local ports (injection inputs, consumption outputs) follow from 2n on.
struct MeshShape {
    std::vector<std::uint32_t> radix;  ///< k per dimension, dimension 0 first (x, y, z...)
    bool torus = false;

    /// Parse "8x8", "16x16", "6x6x6", "5x7" (dimension 0 first). Throws ConfigError.
    static MeshShape parse(const std::string& text, bool torus);

    void validate() const;
    unsigned dimensions() const { return static_cast<unsigned>(radix.size()); }
    std::uint32_t nodes() const;
    std::string name() const;  ///< e.g. "mesh 8x8", "torus 4x4"

    /// Node id: dimension 0 varies fastest (id = x0 + k0*(x1 + k1*(...))).
    NodeId id(const Coord& c) const;
    Coord coord(NodeId node) const;
    /// Parse "x,y[,z...]"; throws ConfigError if malformed or outside the network.
    Coord parse_coord(const std::string& text) const;
    NodeId parse_node(const std::string& text) const { return id(parse_coord(text)); }
    std::string format(NodeId node) const;

    PortId network_ports() const { return static_cast<PortId>(2 * dimensions()); }
    static PortId port(unsigned dim, bool plus) {
        return static_cast<PortId>(2 * dim + (plus ? 1 : 0));
    }

    /// Neighbour across network port p, or kNoNode at a mesh edge.
    NodeId neighbour(NodeId node, PortId p) const;
    /// True if the hop from node out of port p is a wrap-around (dateline) link of the torus.
    bool crosses_dateline(NodeId node, PortId p) const;
    /// Minimal hop count between two nodes (e-cube distance).
    std::uint32_t distance(NodeId a, NodeId b) const;
    /// Routers visited by the e-cube route from a to b, both included.
    std::vector<NodeId> ecube_path(NodeId from, NodeId to) const;
    /// The e-cube output port at `here` towards `to`, or -1 when here == to.
    int ecube_port(NodeId here, NodeId to) const;
};

}  // namespace wormcast::mesh
