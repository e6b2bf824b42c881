// `wormcast reproduce torus-table1` and `torus-latency` (Chen & Chen): the paper's terms as written
// out, measured rows against them, one cycle-accurate point, the conclusion check, and the quick
// table end to end (CSV written, every row checked).
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "testbenches/experiments/torus/TorusLatency.hpp"
#include "testbenches/experiments/torus/TorusRuns.hpp"
#include "testbenches/experiments/torus/TorusSuite.hpp"

using namespace wormcast;
using namespace wormcast::torus;

namespace {

std::string scratch() {
    static const std::filesystem::path dir = [] {
        auto d = std::filesystem::temp_directory_path() /
                 ("wormcast_test_torus_" + std::to_string(::getpid()));
        std::filesystem::create_directories(d);
        return d;
    }();
    return dir.string();
}

}  // namespace

TEST_CASE("torus-table1: Theorem 1 and Table 1 terms as docs/broadcast.md writes them out",
          "[experiments][torus]") {
    // 3 ceil(log5 h) + 4 ceil(log5 n) + 6 ceil(log5 n/h) + ceil(log3 h) + h - 1 start-ups.
    REQUIRE(atd_theorem1(10, 5, 100, 4).startups == 3 + 8 + 6 + 2 + 4);
    REQUIRE(atd_theorem1(10, 5, 100, 4).transmission == 822);
    REQUIRE(atd_theorem1(20, 10, 400, 4).startups == 32);
    REQUIRE(atd_theorem1(20, 10, 400, 4).transmission == 2610);
    REQUIRE(atd_theorem1(50, 25, 2500, 4).transmission == 12454);
    REQUIRE(edst_table1(10, 100, 4).startups == 10);
    REQUIRE(edst_table1(25, 625, 4).transmission == 24 * 625);
    // Table 1's "Ours": max{ceil(log5 n), h} T_s + max{ceil(log5 ceil(n/h)), h} (s m / h) T_c.
    REQUIRE(ours_table1(10, 5, 100, 4).startups == 5);
    REQUIRE(ours_table1(10, 5, 100, 4).transmission == 5 * 20 * 4);
    REQUIRE(ours_table1(50, 2, 2500, 4).startups == 3);
    REQUIRE(ours_table1(50, 2, 2500, 4).transmission == 2 * 1250 * 4);
    REQUIRE(ours_table1(10, 10, 25, 4).transmission == 10 * 3 * 4);  // s m / h rounded up
}

TEST_CASE("torus-table1: planned ATD schedules stay within Theorem 1's rounds and pass the checks",
          "[experiments][torus]") {
    for (std::uint64_t seed : {1u, 2u, 3u})
        for (const char* algorithm : {"atd:h=2", "atd:h=5", "edst"})
            for (std::uint32_t s : {1u, 10u, 37u, 100u}) {
                INFO(algorithm << " s=" << s << " seed " << seed);
                const TableRow row = table_row(10, algorithm, s, 4, seed);
                REQUIRE(row.checked);
                REQUIRE(row.volume >= row.transmission);
                REQUIRE(row.worms > 0);
                if (std::string(algorithm) != "edst") REQUIRE(row.startups <= row.paper.startups);
                // EDST: the broadcast down the trees alone is Table 1's count; the gather adds
                // rounds.
                else
                    REQUIRE(row.startups >= row.paper.startups / 2);
            }
}

TEST_CASE("torus-latency: one broadcast point per scheme on the cycle-accurate 5x5 torus",
          "[experiments][torus]") {
    for (const char* algorithm : {"atd:h=5", "edst", "naive"}) {
        INFO(algorithm);
        const LatencyRun r = run_latency(5, algorithm, 6, 20, 8, 11);
        REQUIRE(r.problem.empty());
        REQUIRE(r.rounds > 0);
        // At least one start-up and the message's flits before the last node has everything.
        REQUIRE(r.latency >= 20 + 2);
    }
    // A larger start-up cost can only make the broadcast slower.
    REQUIRE(run_latency(5, "atd:h=5", 6, 200, 8, 11).latency >
            run_latency(5, "atd:h=5", 6, 20, 8, 11).latency);
}

TEST_CASE("torus-latency: the conclusion check finds where ATD beats EDST",
          "[experiments][torus]") {
    sim::ReproduceOptions options;
    options.quick = true;
    LatencyGrid grid = latency_grid(options);
    grid.startups = {20};
    REQUIRE(grid.sources(10) == std::vector<std::uint32_t>{1, 10, 50, 100});
    std::vector<LatencyPoint> points;
    auto point = [&](std::uint32_t s, const char* algorithm, double latency) {
        LatencyPoint p;
        p.n = 10;
        p.s = s;
        p.t_startup = 20;
        p.algorithm = algorithm;
        p.latency.runs = 1;
        p.latency.mean = latency;
        points.push_back(p);
    };
    // EDST faster at s = 1; ATD (its better h) faster from s = 10 on.
    for (auto [s, atd2, atd5, edst] :
         std::vector<std::tuple<std::uint32_t, double, double, double>>{{1, 900, 950, 500},
                                                                        {10, 990, 800, 900},
                                                                        {50, 1500, 1600, 2000},
                                                                        {100, 2100, 2500, 4000}}) {
        point(s, "atd:h=2", atd2);
        point(s, "atd:h=5", atd5);
        point(s, "edst", edst);
    }
    point(1, "naive", 400);  // the fastest of all at s = 1 only
    point(10, "naive", 1200);
    auto checks = check_claim(grid, points);
    REQUIRE(checks.size() == 1);
    REQUIRE(checks[0].naive_fastest == std::vector<std::uint32_t>{1});
    REQUIRE(checks[0].holds_from == 10u);
    REQUIRE(checks[0].edst_faster == std::vector<std::uint32_t>{1});
    REQUIRE(checks[0].atd_faster == std::vector<std::uint32_t>{10, 50, 100});
    // ATD slower again at the largest s: the claim does not hold from any s on.
    points[points.size() - 3].latency.mean = 3000;  // edst at s = 100
    points[points.size() - 5].latency.mean = 5000;  // atd:h=2
    points[points.size() - 4].latency.mean = 5000;  // atd:h=5
    checks = check_claim(grid, points);
    REQUIRE_FALSE(checks[0].holds_from.has_value());
    REQUIRE_THAT(checks[0].text, Catch::Contains("mixed"));
}

TEST_CASE("reproduce torus-table1 --quick writes its CSV with every row checked",
          "[experiments][torus]") {
    sim::ReproduceOptions options;
    options.quick = true;
    options.out_dir = scratch();
    const auto suite = torus::suite();
    REQUIRE(suite.experiments.size() == 2);
    REQUIRE(suite.experiments[0].name == "torus-table1");
    REQUIRE(suite.experiments[0].run(options) == 0);
    std::ifstream csv(options.out_dir + "/torus-table1.csv");
    std::vector<std::string> lines;
    for (std::string line; std::getline(csv, line);) lines.push_back(line);
    // n = 10: s = 10, 25, 100 x (edst, EDSTs:table1, h = 2, 5, 10 and Ours for each);
    // n = 20: s = 20, 100, 400 x (edst, EDSTs:table1, h = 2, 5, 10, 20 and Ours for each).
    REQUIRE(lines.size() == 1 + 3 * 8 + 3 * 10);
    for (std::size_t i = 1; i < lines.size(); ++i) REQUIRE(lines[i].back() == '1');
    int ours = 0, h_equals_n = 0;
    for (const auto& line : lines) {
        ours += line.find(",Ours:h=") != std::string::npos;
        h_equals_n += line.rfind("10,atd:h=10,", 0) == 0 || line.rfind("20,atd:h=20,", 0) == 0;
    }
    REQUIRE(ours == 3 * 3 + 3 * 4);
    REQUIRE(h_equals_n == 6);
}

TEST_CASE("torus-latency takes its sizes from --torus-sizes and refuses bad ones",
          "[experiments][torus]") {
    REQUIRE(torus_sizes({}).empty());
    REQUIRE(torus_sizes({{kTorusSizesOption, "10,25"}}) == std::vector<std::uint32_t>{10, 25});
    sim::ReproduceOptions options;
    options.options = {{kTorusSizesOption, "25"}};
    REQUIRE(latency_grid(options).sizes == std::vector<std::uint32_t>{25});
    options.options.clear();
    REQUIRE(latency_grid(options).sizes == std::vector<std::uint32_t>{10, 20});
    for (const char* bad : {"", "3", "10,,20", "65", "x", "1000"})
        REQUIRE_THROWS_WITH(torus_sizes({{kTorusSizesOption, bad}}),
                            Catch::Contains(kTorusSizesOption));
    // The suite checks the option before any run.
    REQUIRE_THROWS_AS(suite().check_options({{kTorusSizesOption, "4"}}), ConfigError);
}
