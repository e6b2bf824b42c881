// The irregular-network family (switches of k ports with processors on their ports) behind the
// family seam: topology strings irregular:PATH, anynet:PATH and lattice:switches=N,seed=K, SPAM
// tree worms, the binomial software scheme and the naive pre-LCA tree. docs/irregular.md.
#pragma once

#include <memory>

#include "topologies/TopologyFamily.hpp"
#include "topologies/irregular/SpamRouting.hpp"

namespace wormcast::irregular {

const TopologyFamily& irregular_family();

/// SPAM routing of a Topology of this family (its graph and partition); ConfigError naming
/// `field` for another family.
std::shared_ptr<const SpamRouting> spam_routing_of(const Topology& topology,
                                                   const std::string& field);

}  // namespace wormcast::irregular
