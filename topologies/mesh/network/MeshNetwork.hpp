// Network builder for k-ary n-cube meshes and tori (DESIGN.md §1): one router per node with
// 2n network ports plus injection/consumption ports, neighbour links, e-cube routing.
#pragma once

#include "systemc/NetworkSpec.hpp"
#include "topologies/mesh/EcubeRouting.hpp"
#include "topologies/mesh/MeshShape.hpp"

namespace wormcast::mesh {

/// Build the description of a mesh/torus network. `dateline` applies to tori only.
NetworkSpec build_mesh_network(const MeshShape& shape, const NetworkParams& params,
                               bool dateline = true);

}  // namespace wormcast::mesh
