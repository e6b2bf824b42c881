// The n-star graph family behind the family seam (Wang, Chu & Chen; docs/star.md): topology
// strings "star:n=6" and "star:6", scenario key n, nodes as digit strings, the five multicast
// schemes with their checks, plans (text, JSON, dot) and the Hamiltonian path.
#pragma once

#include <memory>
#include <string>

#include "topologies/TopologyFamily.hpp"
#include "topologies/star/StarShape.hpp"

namespace wormcast::star {

const TopologyFamily& star_family();

/// The star of a Topology of this family; ConfigError naming `field` for another family.
const StarShape& star_shape_of(const Topology& topology, const std::string& field);

/// The topology of a star shape.
std::unique_ptr<Topology> star_topology(const StarShape& shape);

}  // namespace wormcast::star
