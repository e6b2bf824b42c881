// The mesh/torus topology family (k-ary n-cube meshes and tori) behind the family seam:
// topology strings "mesh:8x8" and "torus:4x4x4", scenario keys size and dateline, e-cube routing,
// the Kesavan & Panda multicast schemes and e-cube tree worms, plans, and the RTL router.
#pragma once

#include "topologies/TopologyFamily.hpp"
#include "topologies/mesh/MeshShape.hpp"

namespace wormcast::mesh {

const TopologyFamily& mesh_family();

/// The mesh or torus of a Topology of this family; ConfigError naming `field` for another family.
const MeshShape& mesh_shape_of(const Topology& topology, const std::string& field);

/// The mesh topology of a shape (dateline classes on tori unless `dateline` is false).
std::unique_ptr<Topology> mesh_topology(const MeshShape& shape, bool dateline = true);

}  // namespace wormcast::mesh
