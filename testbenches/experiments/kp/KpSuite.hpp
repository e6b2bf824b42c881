// Kesavan & Panda, "Multiple Multicast with Minimized Node Contention on Wormhole k-ary n-cube
// Networks" (OSU TR, 1996): Tables 1-6 and Figs. 15-21 on the cycle-accurate mesh.
#pragma once

#include "testbenches/sim/Experiment.hpp"

namespace wormcast::kp {

/// The suite: its experiments and its one option (--leader-phase).
sim::ExperimentSuite suite();

}  // namespace wormcast::kp
