// Graphviz pictures of multistage-network plans (`wormcast plan --dot` on a MIN): an ATBM tree
// worm hop by hop, stage by stage, and a software multicast's unicasts by step.
#pragma once

#include <string>

#include "topologies/min/AtbmPlan.hpp"
#include "topologies/min/MinShape.hpp"
#include "topologies/min/SoftwareMinMulticast.hpp"

namespace wormcast::min {

/// The tree: the source, each hop's switch (stage and row, direction, its out ports; a tree
/// operation filled) in a column per stage, the destinations; edges follow the worm.
std::string atbm_plan_dot(const MinShape& shape, const AtbmPlan& plan);

/// The unicasts of a software multicast (CMIN, UMIN): nodes, and an edge per send labelled with
/// its step.
std::string software_plan_dot(const MinShape& shape, const std::string& algorithm,
                              const SoftwareMulticastPlan& plan);

}  // namespace wormcast::min
