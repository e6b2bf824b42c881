// The pure parts of `wormcast sweep`: --vary parsing, the grid, point names and seeds, which
// points a rerun skips, the confidence interval and the saturation rule.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>

#include <unistd.h>

#include "systemc/pure/Types.hpp"
#include "testbenches/sim/SweepPlan.hpp"
#include "testbenches/sim/SweepTable.hpp"

using namespace wormcast;
using sim::SweepAxis;

namespace {

std::string error_of(const std::string& vary) {
    try {
        sim::parse_vary(vary);
    } catch (const ConfigError& e) {
        return e.what();
    }
    return "";
}

std::string scratch_file(const std::string& name) {
    static const std::filesystem::path dir = [] {
        auto d = std::filesystem::temp_directory_path() /
                 ("wormcast_sweep_plan_" + std::to_string(::getpid()));
        std::filesystem::create_directories(d);
        return d;
    }();
    return (dir / name).string();
}

}  // namespace

TEST_CASE("vary ranges give the decimal values a person wrote, end included", "[sim][sweep]") {
    const auto load = sim::parse_vary("traffic.load=0.01:0.20:0.01");
    REQUIRE(load.key == "traffic.load");
    REQUIRE(load.values.size() == 20);
    REQUIRE(load.values.front() == "0.01");
    REQUIRE(load.values[6] == "0.07");  // 0.01 + 6 * 0.01 is 0.06999... in binary
    REQUIRE(load.values[9] == "0.1");
    REQUIRE(load.values.back() == "0.2");
    REQUIRE(sim::parse_vary("traffic.load=0.1:0.3:0.1").values ==
            std::vector<std::string>{"0.1", "0.2", "0.3"});
    REQUIRE(sim::parse_vary("router.buffer_depth=2:8:2").values ==
            std::vector<std::string>{"2", "4", "6", "8"});
    REQUIRE(sim::parse_vary("router.buffer_depth=1:6:2").values ==
            std::vector<std::string>{"1", "3", "5"});
    REQUIRE(sim::parse_vary("traffic.length=16:16:4").values == std::vector<std::string>{"16"});
}

TEST_CASE("vary lists keep their values as written, in order", "[sim][sweep]") {
    REQUIRE(sim::parse_vary("nic.multicast=separate,tree").values ==
            std::vector<std::string>{"separate", "tree"});
    REQUIRE(sim::parse_vary("router.t_node=20ns,5us").values ==
            std::vector<std::string>{"20ns", "5us"});
    REQUIRE(sim::parse_vary("router.vcs=2").values == std::vector<std::string>{"2"});
}

TEST_CASE("bad --vary is refused naming the option and the reason", "[sim][sweep]") {
    for (const auto& [text, reason] : std::vector<std::pair<std::string, std::string>>{
             {"traffic.load", "expected key=a:b:step"},
             {"=1,2", "expected key=a:b:step"},
             {"load=1,2", "not section.key"},
             {"traffic.load=", "no values"},
             {"traffic.load=0.1:0.2:0", "step must be positive"},
             {"traffic.load=0.1:0.2:-0.1", "step must be positive"},
             {"traffic.load=0.3:0.2:0.1", "below start"},
             {"traffic.load=a:0.2:0.1", "start 'a' is not a number"},
             {"traffic.load=0:1:1e-9", "more than"},
             {"traffic.load=0.1:0.2", "three numbers"},
             {"traffic.load=0.1,,0.2", "empty value"}}) {
        INFO(text);
        const std::string error = error_of(text);
        REQUIRE_THAT(error, Catch::Contains("--vary") && Catch::Contains(reason));
    }
}

TEST_CASE("the grid is the cross product, last axis fastest, or the zip of equal axes",
          "[sim][sweep]") {
    const std::vector<SweepAxis> axes{{"a.x", {"1", "2", "3"}}, {"b.y", {"p", "q"}}};
    const auto cross = sim::sweep_combinations(axes, false);
    REQUIRE(cross.size() == 6);
    REQUIRE(cross[0] == std::vector<std::string>{"1", "p"});
    REQUIRE(cross[1] == std::vector<std::string>{"1", "q"});
    REQUIRE(cross[5] == std::vector<std::string>{"3", "q"});
    REQUIRE_THROWS_WITH(sim::sweep_combinations(axes, true),
                        Catch::Contains("--zip") && Catch::Contains("'a.x' has 3"));
    const std::vector<SweepAxis> paired{{"a.x", {"1", "2"}}, {"b.y", {"p", "q"}}};
    REQUIRE(sim::sweep_combinations(paired, true) ==
            std::vector<std::vector<std::string>>{{"1", "p"}, {"2", "q"}});
    REQUIRE_THROWS_WITH(sim::sweep_combinations({{"a.x", {"1"}}, {"a.x", {"2"}}}, false),
                        Catch::Contains("varied twice"));
    // Property: the cross product of random axes has every combination exactly once.
    std::mt19937_64 rng(7);
    for (int trial = 0; trial < 50; ++trial) {
        std::vector<SweepAxis> random_axes;
        std::size_t expected = 1;
        const int count = 1 + static_cast<int>(rng() % 3);
        for (int a = 0; a < count; ++a) {
            SweepAxis axis{"s.k" + std::to_string(a), {}};
            const int values = 1 + static_cast<int>(rng() % 4);
            for (int v = 0; v < values; ++v) axis.values.push_back(std::to_string(v));
            expected *= axis.values.size();
            random_axes.push_back(axis);
        }
        const auto all = sim::sweep_combinations(random_axes, false);
        REQUIRE(all.size() == expected);
        REQUIRE(std::set<std::vector<std::string>>(all.begin(), all.end()).size() == expected);
    }
}

TEST_CASE("point names and seeds depend on the point only, and differ between points",
          "[sim][sweep]") {
    const std::vector<SweepAxis> axes{{"traffic.load", {"0.05", "0.1"}},
                                      {"router.buffer_depth", {"2", "4"}}};
    REQUIRE(sim::point_name(axes, {"0.05", "2"}, 1) ==
            "traffic.load=0.05__router.buffer_depth=2__replica=1");
    // The same point in a larger grid keeps its name and seed (so a grown sweep resumes).
    const std::vector<SweepAxis> grown{{"traffic.load", {"0.01", "0.05", "0.1"}},
                                       {"router.buffer_depth", {"2", "4", "8"}}};
    const auto small = sim::sweep_points(axes, false, 3, 42);
    const auto large = sim::sweep_points(grown, false, 5, 42);
    REQUIRE(small.size() == 12);
    REQUIRE(large.size() == 45);
    for (const auto& p : small) {
        const auto same = std::find_if(large.begin(), large.end(), [&](const sim::SweepPoint& q) {
            return q.values == p.values && q.replica == p.replica;
        });
        REQUIRE(same != large.end());
        REQUIRE(same->name == p.name);
        REQUIRE(same->seed == p.seed);
    }
    std::set<std::string> names;
    std::set<std::uint64_t> seeds;
    for (const auto& p : large) {
        names.insert(p.name);
        seeds.insert(p.seed);
    }
    REQUIRE(names.size() == large.size());
    REQUIRE(seeds.size() == large.size());
    REQUIRE(sim::sweep_points(axes, false, 3, 43)[0].seed !=
            small[0].seed);  // the base seed matters
    // Unsafe characters are replaced, and a hash keeps "a/b" and "a_b" apart.
    const std::vector<SweepAxis> texts{{"network.rtl", {"a/b", "a_b"}}};
    const std::string slash = sim::point_name(texts, {"a/b"}, 0),
                      underscore = sim::point_name(texts, {"a_b"}, 0);
    REQUIRE(slash.find('/') == std::string::npos);
    REQUIRE(slash != underscore);
    REQUIRE(sim::point_overrides(axes, small[4]) ==
            std::vector<std::string>{"traffic.load=0.05", "router.buffer_depth=4",
                                     "run.seed=" + std::to_string(small[4].seed)});
}

TEST_CASE("a rerun skips points with a result file, reruns missing and torn ones", "[sim][sweep]") {
    using State = sim::PointFileState;
    const std::string ok = scratch_file("ok.json"), failed = scratch_file("failed.json"),
                      torn = scratch_file("torn.json"), other = scratch_file("other.json");
    std::ofstream(ok) << R"({"status": "ok", "result": {}})";
    std::ofstream(failed) << R"({"status": "failed", "error": "deadlock"})";
    std::ofstream(torn) << R"({"status": "ok", "resu)";
    std::ofstream(other) << R"({"cycles": 5})";
    REQUIRE(sim::point_file_state(scratch_file("absent.json")) == State::missing);
    REQUIRE(sim::point_file_state(ok) == State::done);
    REQUIRE(sim::point_file_state(failed) == State::failed);
    REQUIRE(sim::point_file_state(torn) == State::unreadable);
    REQUIRE(sim::point_file_state(other) == State::unreadable);
    for (State s : {State::missing, State::done, State::failed, State::unreadable}) {
        REQUIRE(sim::point_needs_run(s, true, false));  // --force reruns everything
        REQUIRE(sim::point_needs_run(s, false, false) ==
                (s == State::missing || s == State::unreadable));
        REQUIRE(sim::point_needs_run(s, false, true) == (s != State::done));
    }
}

TEST_CASE("the 95% interval is Student's t times the standard error", "[sim][sweep]") {
    REQUIRE_FALSE(sim::mean_interval({}).half_width);
    const auto one = sim::mean_interval({5.0});
    REQUIRE(one.mean == 5.0);
    REQUIRE_FALSE(one.half_width);
    const auto two = sim::mean_interval({1.0, 3.0});  // sd sqrt(2), se 1, t(1) 12.706
    REQUIRE(two.mean == Approx(2.0));
    REQUIRE(*two.half_width == Approx(12.706));
    REQUIRE(*sim::mean_interval({4.0, 4.0, 4.0}).half_width == 0.0);
    // Property: against a direct computation over random samples.
    std::mt19937_64 rng(3);
    std::normal_distribution<double> normal(50.0, 8.0);
    for (int trial = 0; trial < 100; ++trial) {
        std::vector<double> xs(2 + rng() % 60);
        for (auto& x : xs) x = normal(rng);
        double mean = 0;
        for (double x : xs) mean += x / static_cast<double>(xs.size());
        double ss = 0;
        for (double x : xs) ss += (x - mean) * (x - mean);
        const double se =
            std::sqrt(ss / static_cast<double>(xs.size() - 1) / static_cast<double>(xs.size()));
        const auto m = sim::mean_interval(xs);
        REQUIRE(m.mean == Approx(mean));
        REQUIRE(*m.half_width == Approx(sim::student_t95(xs.size() - 1) * se));
    }
    REQUIRE(sim::student_t95(30) == Approx(2.042));
    REQUIRE(sim::student_t95(60) == Approx(2.000).margin(0.003));
    REQUIRE(sim::student_t95(120) == Approx(1.980).margin(0.003));
}

TEST_CASE(
    "saturation is the first point of a curve past 3x zero-load latency or below 95% accepted",
    "[sim][sweep]") {
    auto row = [](std::string load, std::string depth, double latency, double offered,
                  double accepted) {
        sim::SweepRow r;
        r.values = {std::move(load), std::move(depth)};
        r.ok = 1;
        r.latency.mean = latency;
        r.offered.mean = offered;
        r.accepted.mean = accepted;
        return r;
    };
    std::vector<sim::SweepRow> rows{row("0.1", "2", 40, 0.1, 0.1),
                                    row("0.1", "4", 30, 0.1, 0.1),  //
                                    row("0.2", "2", 100, 0.2, 0.2),
                                    row("0.2", "4", 35, 0.2, 0.2),  //
                                    row("0.3", "2", 130, 0.3, 0.3),
                                    row("0.3", "4", 60, 0.3, 0.27),  // depth 4: 0.27 < 0.95 * 0.3
                                    row("0.4", "2", 500, 0.4, 0.2),
                                    row("0.4", "4", 400, 0.4, 0.2)};  // depth 2: 130 > 3 * 40 above
    sim::mark_saturation(rows, 2);
    std::vector<bool> marked;
    for (const auto& r : rows) marked.push_back(r.saturation);
    REQUIRE(marked == std::vector<bool>{false, false, false, false, true, true, false, false});
    // A failed first point does not define the zero-load latency.
    std::vector<sim::SweepRow> with_failure{row("0.1", "2", 0, 0, 0), row("0.2", "2", 50, 0.2, 0.2),
                                            row("0.3", "2", 140, 0.3, 0.3),
                                            row("0.4", "2", 160, 0.4, 0.4)};
    with_failure[0].ok = 0;
    sim::mark_saturation(with_failure, 2);
    REQUIRE_FALSE(with_failure[2].saturation);
    REQUIRE(with_failure[3].saturation);
}

TEST_CASE("values that are numbers go into JSON as numbers", "[sim][sweep]") {
    REQUIRE(sim::sweep_value_json("4") == 4);
    REQUIRE(sim::sweep_value_json("0.05") == 0.05);
    REQUIRE(sim::sweep_value_json("1e-3") == 0.001);
    REQUIRE(sim::sweep_value_json("20ns") == "20ns");
    REQUIRE(sim::sweep_value_json("tree") == "tree");
    REQUIRE(sim::sweep_value_json("0x10") == "0x10");
    REQUIRE(sim::sweep_value_json("inf") == "inf");
}
