// `wormcast reproduce star-example` and `star-fig11` ... `star-fig15` (Wang, Chu & Chen): the
// worked 4-star example beside the paper's numbers, the §4 timing, the figure grids, and a tiny
// figure end-to-end through the worker pool on a 4-star.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "testbenches/experiments/star/StarExample.hpp"
#include "testbenches/experiments/star/StarFigures.hpp"
#include "testbenches/experiments/star/StarRuns.hpp"
#include "topologies/star/StarRouting.hpp"

using namespace wormcast;
using namespace wormcast::star_repro;
using star::StarScheme;

namespace {

std::string star_scratch_dir() {
    static const std::filesystem::path dir = [] {
        auto d = std::filesystem::temp_directory_path() /
                 ("wormcast_test_star_repro_" + std::to_string(::getpid()));
        std::filesystem::create_directories(d);
        return d;
    }();
    return dir.string();
}

std::vector<std::string> star_lines_of(const std::string& path) {
    std::ifstream in(path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

}  // namespace

TEST_CASE("star-example: every scheme gives the paper's numbers but the dual-path high worm",
          "[reproduce][star]") {
    const auto rows = star_example_rows();
    REQUIRE(rows.size() == 5);
    for (const StarExampleRow& row : rows) {
        INFO(star::to_string(row.scheme));
        REQUIRE(row.matches_paper() == (row.scheme != StarScheme::DualPath));
    }
    const StarExampleRow& dual = rows[1];
    REQUIRE(dual.scheme == StarScheme::DualPath);
    REQUIRE(dual.plan.worms.size() == 2);
    REQUIRE(dual.plan.worms[0].channels == 9);  // the paper: 11
    REQUIRE(dual.plan.worms[1].channels == 6);
    REQUIRE(dual.plan.total_channels == 15);
    REQUIRE(dual.plan.max_distance == 9);

    // The paper's 11 = 6 + 5: a real walk of S_4 from 1342 to 4231 in 5 links, longer than RF's 3.
    const star::StarShape shape(4);
    const auto walk = paper_dual_path_walk(shape);
    REQUIRE(walk.size() == 6);
    for (std::size_t i = 0; i + 1 < walk.size(); ++i) {
        const auto n = shape.neighbours(walk[i]);
        REQUIRE(std::find(n.begin(), n.end(), walk[i + 1]) != n.end());
    }
    const auto rf = star::rf_path(shape, walk.front(), walk.back());
    REQUIRE(rf.size() == 4);
    REQUIRE(shape.format(rf[1]) == "2341");
}

TEST_CASE("reproduce star-example runs every scheme on the network and writes its CSV",
          "[reproduce][star]") {
    sim::ReproduceOptions options;
    options.out_dir = star_scratch_dir();
    REQUIRE(reproduce_star_example(options) == 0);
    const auto lines = star_lines_of(options.out_dir + "/star-example.csv");
    REQUIRE(lines.size() == 6);
    REQUIRE(lines[0].rfind("scheme,worm_channels,total_channels", 0) == 0);
    REQUIRE(lines[2].rfind("dual-path,9 6,15,9,11 6,17,11,false,", 0) == 0);
    REQUIRE(lines[4].rfind("two-phase,4 4 4 2 1 2 1,18,6,", 0) == 0);
}

TEST_CASE("the star figures use the paper's §4 timing and grids", "[reproduce][star]") {
    const NetworkParams small = star_paper_params(1000), large = star_paper_params(10000);
    REQUIRE(small.clock_ns == 5);
    REQUIRE(small.t_phy == 1);                                     // 5 ns links
    REQUIRE(small.t_node + small.t_sw == 4);                       // 20 ns unicast routing
    REQUIRE(small.t_node_multidest + small.t_sw == 8);             // 40 ns for destination lists
    REQUIRE((small.t_startup == 110 && small.t_receive == 90));    // 550 + 450 ns
    REQUIRE((large.t_startup == 1100 && large.t_receive == 900));  // 5.5 + 4.5 us

    const sim::ReproduceOptions full;
    const StarFigure f11 = star_figure(11, full), f12 = star_figure(12, full);
    REQUIRE(f11.runs == 30);
    REQUIRE(f11.n == 6);
    REQUIRE(f11.panels.size() == 3);
    for (std::size_t p = 0; p < 3; ++p) {
        REQUIRE(f11.panels[p].startup_us == 1);
        REQUIRE(f12.panels[p].startup_us == 10);
        REQUIRE(f11.panels[p].length == std::vector<std::uint32_t>{6, 120, 2400}[p]);
    }
    const StarFigure f13 = star_figure(13, full), f14 = star_figure(14, full),
                     f15 = star_figure(15, full);
    REQUIRE((f13.panels[0].destinations == 120 && f13.panels[0].length == 120 &&
             f13.axis == StarAxis::StartupUs));
    REQUIRE((f14.panels.size() == 2 && f14.panels[0].destinations == 120 &&
             f14.axis == StarAxis::Length));
    REQUIRE(f15.metric == StarMetric::Links);
    REQUIRE_THROWS_AS(star_figure(16, full), ConfigError);

    sim::ReproduceOptions quick;
    quick.quick = true;
    REQUIRE(star_figure(11, quick).runs == 2);
    REQUIRE(star_figure(11, quick).xs.size() < f11.xs.size());
    // Every scheme runs the same draws.
    const auto a = star_figure_spec(f11, 1, StarScheme::Unicast, 40, 3, 7);
    const auto b = star_figure_spec(f11, 1, StarScheme::TwoPhase, 40, 3, 7);
    REQUIRE(a.seed == b.seed);
    REQUIRE((a.destinations == 40 && a.length == 120 && a.startup_ns == 1000));
    // --route-timing: gather by default; both runs the same draws under each timing.
    REQUIRE(f11.timings == std::vector<RouteTiming>{RouteTiming::Gather});
    sim::ReproduceOptions both;
    both.options["--route-timing"] = "both";
    REQUIRE(star_figure(11, both).timings ==
            std::vector<RouteTiming>{RouteTiming::Gather, RouteTiming::Fixed});
    REQUIRE(star_figure(15, both).timings.size() == 1);  // links do not depend on it
    const auto fixed = star_figure_spec(f11, 1, StarScheme::Unicast, 40, 3, 7, RouteTiming::Fixed);
    REQUIRE((fixed.seed == a.seed && fixed.route_timing == RouteTiming::Fixed));
    REQUIRE(star_paper_params(1000, RouteTiming::Fixed).route_timing == RouteTiming::Fixed);
    sim::ReproduceOptions bad;
    bad.options["--route-timing"] = "pipelined";
    REQUIRE_THROWS_WITH(star_figure(11, bad), Catch::Contains("gather, fixed, both"));
}

TEST_CASE("a tiny star figure runs end to end on a 4-star", "[reproduce][star]") {
    for (int number : {11, 15}) {
        sim::ReproduceOptions options;
        options.quick = true;
        StarFigure figure = star_figure(number, options);
        figure.n = 4;
        figure.xs = {1, 5, 23};
        figure.runs = 2;
        figure.panels.resize(1);
        figure.panels[0].length = 6;
        if (number == 11) figure.timings = {RouteTiming::Gather, RouteTiming::Fixed};
        const auto points = run_star_figure(figure, 3, 2, nullptr);
        REQUIRE(points.size() == figure.timings.size() * 5 * 3);
        for (const StarPoint& p : points) {
            INFO(star::to_string(p.scheme) << " d=" << p.x);
            REQUIRE(p.value.runs == 2);
            REQUIRE(p.value.failed == 0);
            if (figure.metric == StarMetric::Links) {
                REQUIRE(p.value.min >=
                        p.x);  // a worm reaches each destination over at least one link
            } else {
                REQUIRE(p.value.min >= 1.0);  // at least one start-up of 1 us
            }
        }
        const std::string csv = star_scratch_dir() + "/" + figure.name + ".csv";
        write_star_figure_csv(csv, figure, points);
        const auto lines = star_lines_of(csv);
        REQUIRE(lines.size() == 1 + points.size());
        std::ostringstream table;
        print_star_figure(table, figure, points, 3);
        REQUIRE_THAT(table.str(), Catch::Contains("What §4 of the paper says"));
        if (number == 11)
            REQUIRE_THAT(table.str(), Catch::Contains("router.route_timing fixed (the paper's)"));
    }
}
