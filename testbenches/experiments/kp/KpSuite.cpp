// The Kesavan & Panda suite: kp-table1 ... kp-table6 (start-up-only steps) and kp-fig15
// ... kp-fig21 (latency with the paper's §5 parameters), registered in Experiments.cpp.
#include <fmt/format.h>

#include "testbenches/experiments/kp/KpFigures.hpp"
#include "testbenches/experiments/kp/KpSuite.hpp"
#include "testbenches/experiments/kp/KpTables.hpp"

namespace wormcast::kp {

using namespace sim;  // the simulation layer this experiment runs on

sim::ExperimentSuite suite() {
    sim::ExperimentSuite out;
    out.paper =
        "Kesavan & Panda, Multiple Multicast with Minimized Node Contention on Wormhole k-ary "
        "n-cube Networks";
    out.options = {{"--leader-phase",
                    "kp-fig*: leader phase of HL, SQHL and SCHL, umesh (default) or spumesh",
                    false}};
    out.check_options = [](const OptionValues& options) { SuiteOptions::parse(options); };
    for (int number = 1; number <= 6; ++number) {
        const KpTable table = kp_table(number);
        out.experiments.push_back({table.name,
                                   fmt::format("Kesavan & Panda Table {}: {}, start-up-only steps",
                                               number, table.caption),
                                   [number](const sim::ReproduceOptions& options) {
                                       return reproduce_kp_table(number, options);
                                   }});
    }
    for (int number = 15; number <= 21; ++number) {
        const KpFigure figure = kp_figure(number, sim::ReproduceOptions{});
        out.experiments.push_back(
            {figure.name,
             fmt::format("Kesavan & Panda Fig. {}: {}, latency with the paper's timing", number,
                         figure.caption),
             [number](const sim::ReproduceOptions& options) {
                 return reproduce_kp_figure(number, options);
             }});
    }
    return out;
}

}  // namespace wormcast::kp
