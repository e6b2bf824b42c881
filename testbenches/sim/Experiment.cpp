// Shared parts of the experiment seam (see Experiment.hpp).
#include "testbenches/sim/Experiment.hpp"

#include "systemc/pure/Types.hpp"

namespace wormcast::sim {

unsigned runs_per_point(const ReproduceOptions& options, unsigned quick_default) {
    if (options.runs && *options.runs == 0) throw ConfigError("--runs must be at least 1");
    if (options.runs) return *options.runs;
    return options.quick ? quick_default : 30;
}

}  // namespace wormcast::sim
