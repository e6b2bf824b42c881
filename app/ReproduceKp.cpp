// The Kesavan & Panda reproductions: kp-table1 ... kp-table6 (start-up-only steps) and kp-fig15
// ... kp-fig21 (latency with the paper's §5 parameters), registered for `wormcast reproduce`.
#include <fmt/format.h>

#include "app/KpFigures.hpp"
#include "app/KpTables.hpp"
#include "app/Reproduce.hpp"

namespace wormcast::app {

void add_kp_reproductions(std::vector<Reproduction>& out) {
    for (int number = 1; number <= 6; ++number) {
        const KpTable table = kp_table(number);
        out.push_back({table.name,
                       fmt::format("Kesavan & Panda Table {}: {}, start-up-only steps", number,
                                   table.caption),
                       [number](const ReproduceOptions& options) {
                           return reproduce_kp_table(number, options);
                       }});
    }
    for (int number = 15; number <= 21; ++number) {
        const KpFigure figure = kp_figure(number, ReproduceOptions{});
        out.push_back({figure.name,
                       fmt::format("Kesavan & Panda Fig. {}: {}, latency with the paper's timing",
                                   number, figure.caption),
                       [number](const ReproduceOptions& options) {
                           return reproduce_kp_figure(number, options);
                       }});
    }
}

}  // namespace wormcast::app
