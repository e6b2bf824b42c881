// The star-graph reproductions' registry (see StarSuite.hpp).
#include "testbenches/experiments/star/StarSuite.hpp"

#include <fmt/format.h>

#include "testbenches/experiments/star/StarExample.hpp"
#include "testbenches/experiments/star/StarFigures.hpp"

namespace wormcast::star_repro {

sim::ExperimentSuite suite() {
    sim::ExperimentSuite out;
    out.paper =
        "Wang, Chu & Chen, Multicast Communication in Wormhole-Routed Star Graph Interconnection "
        "Networks "
        "with Multipath-Based Approach";
    out.options = {{"--route-timing",
                    "star-fig*: how routers time a destination list, gather (default: latch it "
                    "whole at every hop), fixed (the paper's fixed router latency) or both",
                    false}};
    out.check_options = [](const OptionValues& options) { star_route_timings(options); };
    out.experiments.push_back(
        {"star-example",
         "Wang, Chu & Chen §2.2.2/§3.2: the worked 4-star multicast, every scheme's worms, "
         "channels and distance beside the paper's",
         reproduce_star_example});
    for (int number = 11; number <= 15; ++number) {
        const StarFigure figure = star_figure(number, sim::ReproduceOptions{});
        out.experiments.push_back(
            {figure.name, fmt::format("Wang, Chu & Chen Fig. {}: {}", number, figure.caption),
             [number](const sim::ReproduceOptions& options) {
                 return reproduce_star_figure(number, options);
             }});
    }
    return out;
}

}  // namespace wormcast::star_repro
