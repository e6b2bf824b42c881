// The list of reproductions (see Reproduce.hpp); each paper's experiments live in their own file.
#include "app/Reproduce.hpp"

#include "systemc/pure/Types.hpp"

namespace wormcast::app {

unsigned runs_per_point(const ReproduceOptions& options, unsigned quick_default) {
    if (options.runs && *options.runs == 0) throw ConfigError("--runs must be at least 1");
    if (options.runs) return *options.runs;
    return options.quick ? quick_default : 30;
}

std::vector<Reproduction> all_reproductions() {
    std::vector<Reproduction> out;
    add_kp_reproductions(out);
    add_atbm_reproductions(out);
    return out;
}

}  // namespace wormcast::app
