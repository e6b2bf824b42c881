// Libeskind-Hadas, Mazzoni & Rajagopalan, "Tree-Based Multicasting in Wormhole-Routed Irregular
// Topologies" (IPPS/SPDP 1998): Figs. 2 and 3 of §4 on the cycle-accurate lattice networks.
#pragma once

#include "testbenches/sim/Experiment.hpp"

namespace wormcast::spam {

/// The suite: spam-fig2, spam-fig3 and spam-groups (no options of its own).
sim::ExperimentSuite suite();

}  // namespace wormcast::spam
