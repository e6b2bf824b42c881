// spam-groups: SPAM multicasts split into k groups of contiguous processors, one worm each, against
// one worm (Libeskind-Hadas, Mazzoni & Rajagopalan §5's proposal; a figure of our own).
#pragma once

#include "testbenches/sim/Experiment.hpp"

namespace wormcast::spam {

/// `reproduce spam-groups` (exit code as the other reproductions).
int reproduce_groups(const sim::ReproduceOptions& options);

}  // namespace wormcast::spam
