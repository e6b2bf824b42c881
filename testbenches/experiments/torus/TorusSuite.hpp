// Chen & Chen, "Multinode broadcasting in a wormhole-routed 2-D torus using an aggregation-then-
// distribution strategy": torus-table1 (Table 1 / Theorem 1) and torus-latency (cycle-accurate).
#pragma once

#include "testbenches/sim/Experiment.hpp"

namespace wormcast::torus {

/// The suite: torus-table1 and torus-latency.
sim::ExperimentSuite suite();

}  // namespace wormcast::torus
