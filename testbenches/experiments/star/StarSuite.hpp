// Wang, Chu & Chen, "Multicast Communication in Wormhole-Routed Star Graph Interconnection
// Networks with Multipath-Based Approach": the worked 4-star example and Figs. 11-15 on the 6-star.
#pragma once

#include "testbenches/sim/Experiment.hpp"

namespace wormcast::star_repro {

/// The suite: star-example and star-fig11 .. star-fig15 (no options of its own).
sim::ExperimentSuite suite();

}  // namespace wormcast::star_repro
