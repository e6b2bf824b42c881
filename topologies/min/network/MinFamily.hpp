// The multistage-network family (UNI-MIN and BI-MIN of b x b switches) behind the family seam:
// topology strings "min-uni:b=2,n=3" and "min-bi:b=4,n=2[,forward=fixed]", the token rings of
// ATBM, tree worms and the software schemes CMIN/UMIN, plans and the switch groups.
#pragma once

#include "topologies/TopologyFamily.hpp"
#include "topologies/min/MinShape.hpp"
#include "topologies/min/network/MinNetwork.hpp"

namespace wormcast::min {

const TopologyFamily& min_family();

/// The MIN of a Topology of this family; ConfigError naming `field` for another family.
const MinShape& min_shape_of(const Topology& topology, const std::string& field);

/// The MIN topology of a shape with these token rings.
std::unique_ptr<Topology> min_topology(const MinShape& shape, const AtbmOptions& atbm = {});

}  // namespace wormcast::min
