// `wormcast reproduce kp-*` (Kesavan & Panda Tables 1-6, Figs. 15-21): the paper's data, table
// cells through the reproduction's own code path, worker processes, CSV and plot files, the CLI.
#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>

#include "testbenches/experiments/kp/KpFigures.hpp"
#include "testbenches/experiments/kp/KpTables.hpp"
#include "testbenches/sim/WorkerPool.hpp"

using namespace wormcast;
using namespace wormcast::kp;
using namespace wormcast::sim;
using mesh::MeshMulticastAlgorithm;

namespace {

/// A scratch directory of this test process, so tests never write into the source tree.
std::string scratch(const std::string& name) {
    static const std::filesystem::path dir = [] {
        auto d = std::filesystem::temp_directory_path() /
                 ("wormcast_test_kp_" + std::to_string(::getpid()));
        std::filesystem::create_directories(d);
        return d;
    }();
    return (dir / name).string();
}

std::vector<std::string> lines_of(const std::string& path) {
    std::ifstream in(path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

std::size_t fields(const std::string& csv_line) {
    return static_cast<std::size_t>(std::count(csv_line.begin(), csv_line.end(), ',')) + 1;
}

/// The table reduced to the cells (S, D) given, in one block, keeping the series in `keep`.
KpTable only_cells(KpTable table, const std::set<std::pair<std::uint32_t, std::uint32_t>>& cells,
                   const std::set<std::size_t>& keep) {
    KpTableBlock reduced;
    reduced.title = "selected";
    reduced.paper = table.blocks.front().paper;
    for (auto& row : reduced.paper) row.values.clear();
    for (const auto& block : table.blocks)
        for (std::size_t c = 0; c < block.sources.size(); ++c)
            if (cells.count({block.sources[c], block.set_sizes[c]})) {
                reduced.sources.push_back(block.sources[c]);
                reduced.set_sizes.push_back(block.set_sizes[c]);
                for (std::size_t r = 0; r < block.paper.size(); ++r)
                    reduced.paper[r].values.push_back(block.paper[r].values[c]);
            }
    std::vector<KpTableSeries> series;
    for (std::size_t s = 0; s < table.series.size(); ++s)
        if (keep.count(s)) series.push_back(table.series[s]);
    table.series = series;
    table.blocks = {reduced};
    return table;
}

}  // namespace

TEST_CASE("kp tables hold the paper's grids and rows", "[reproduce][kp]") {
    const std::vector<std::size_t> cells{20, 15, 10, 20, 10, 10};
    for (int n = 1; n <= 6; ++n) {
        const KpTable t = kp_table(n);
        INFO("Table " << n);
        REQUIRE(t.name == "kp-table" + std::to_string(n));
        std::size_t total = 0;
        for (const auto& block : t.blocks) {
            REQUIRE(block.sources.size() == block.set_sizes.size());
            for (const auto& row : block.paper) REQUIRE(row.values.size() == block.sources.size());
            for (const auto& s : t.series)
                REQUIRE(block.paper.at(s.paper_row).kind == KpPaperRowKind::Experimental);
            if (t.overlap == KpOverlap::Complete)  // identical Φ needs S <= D
                for (std::size_t c = 0; c < block.sources.size(); ++c)
                    REQUIRE(block.sources[c] <= block.set_sizes[c]);
            total += block.sources.size();
        }
        REQUIRE(total == cells[n - 1]);
    }
    REQUIRE(kp_table(2).shape == "4x4");
    REQUIRE(kp_table(2).overlap == KpOverlap::Random);
    REQUIRE(kp_table(6).series.size() == 4);  // SCHL and SQHL, each with both leader phases
    REQUIRE_THROWS_AS(kp_table(7), ConfigError);
}

TEST_CASE("kp table cells through the reproduction's code path equal the deterministic paper cells",
          "[reproduce][kp][network]") {
    // Complete overlap with S = D does not depend on the draw; the reproduction must give the
    // paper's experimental value in every run, in worker processes as in this one.
    struct Case {
        int table;
        std::set<std::pair<std::uint32_t, std::uint32_t>> cells;
        std::set<std::size_t> series;
        std::vector<int> expected;  // in the table's cell order
    };
    const std::vector<Case> cases{
        {1,
         {{15, 15}, {16, 16}, {1, 31}},
         {0},
         {5, 46, 28}},  // cell order: (1,31), (15,15), (16,16)
        {4, {{15, 15}, {16, 16}, {32, 32}}, {0}, {14, 15, 31}},
        {3, {{64, 64}}, {0}, {128}},
        {5, {{64, 64}}, {0}, {48}},
        {6, {{64, 64}}, {0}, {23}},
    };
    for (const auto& c : cases) {
        const KpTable t = only_cells(kp_table(c.table), c.cells, c.series);
        INFO("Table " << c.table);
        REQUIRE(t.blocks.front().sources.size() == c.expected.size());
        const unsigned runs = c.table == 1 || c.table == 4 ? 2 : 1;
        const auto result = run_kp_table(t, runs, 1, c.table == 1 ? 2 : 1, nullptr);
        REQUIRE(result.size() == c.expected.size());
        for (std::size_t i = 0; i < result.size(); ++i) {
            const KpPaperRow& paper = t.blocks.front().paper[t.series.front().paper_row];
            INFO("S = " << t.blocks.front().sources[i]
                        << ", D = " << t.blocks.front().set_sizes[i]);
            REQUIRE(result[i].steps.failed == 0);
            REQUIRE(result[i].steps.runs == runs);
            REQUIRE(result[i].steps.min == c.expected[i]);
            REQUIRE(result[i].steps.max == c.expected[i]);
            REQUIRE(paper.values[i] == c.expected[i]);
        }
    }
}

TEST_CASE("kp table CSV has one row per cell and series with the paper's values",
          "[reproduce][kp]") {
    const KpTable t = only_cells(kp_table(6), {{16, 16}, {1, 16}}, {0, 2});
    const auto result = run_kp_table(t, 1, 7, 1, nullptr);
    const std::string path = scratch("table.csv");
    write_kp_table_csv(path, t, result);
    const auto lines = lines_of(path);
    REQUIRE(lines.size() == 1 + 2 * 2);
    REQUIRE(lines[0].rfind(
                "table,block,mesh,overlap,algorithm,leader_phase,S,D,runs,failed,mean_steps", 0) ==
            0);
    for (const auto& line : lines) REQUIRE(fields(line) == fields(lines[0]));
    // (1, 16): SCHL's row carries SCHL's experimental value 5, SQHL's row SQHL's 5; (16, 16):
    // 25, 20.
    REQUIRE(lines[1].rfind("6,selected,8x8,complete,schl,umesh,1,16,1,0,", 0) == 0);
    REQUIRE(lines[3].find(",25,,,") != std::string::npos);
    REQUIRE(lines[4].find(",20,,,") != std::string::npos);
    std::ostringstream text;
    print_kp_table(text, t, result, 1, 7);
    REQUIRE(text.str().find("paper SCHL") != std::string::npos);
    REQUIRE(text.str().find("wormcast SQHL, leader phase umesh mean") != std::string::npos);
}

TEST_CASE("kp worker processes return what in-process runs return", "[reproduce][kp]") {
    std::vector<std::function<RunOutcome()>> tasks;
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
        KpRunSpec spec;
        spec.config.shape = mesh::MeshShape::parse("4x4", false);
        spec.config.algorithm =
            seed % 2 ? MeshMulticastAlgorithm::SpUmesh : MeshMulticastAlgorithm::Schl;
        spec.overlap = seed < 3 ? KpOverlap::Complete : KpOverlap::Random;
        spec.sources = 6;
        spec.set_size = 9;
        spec.length = 3;
        spec.timing = KpTiming::Section5;
        spec.seed = seed;
        tasks.push_back([spec] { return run_kp_point(spec); });
    }
    tasks.push_back([]() -> RunOutcome { throw std::runtime_error("boom"); });
    tasks.push_back([]() -> RunOutcome { _exit(3); });  // a worker dying without a result
    std::size_t last_done = 0;
    const auto forked = run_in_workers(tasks, 3, [&](std::size_t done, std::size_t total) {
        REQUIRE(total == tasks.size());
        last_done = done;
    });
    REQUIRE(last_done == tasks.size());
    REQUIRE(forked.size() == tasks.size());
    const std::vector<std::function<RunOutcome()>> good(tasks.begin(), tasks.begin() + 5);
    const auto local = run_in_workers(good, 1, nullptr);
    for (std::size_t i = 0; i < 4; ++i) {
        INFO("task " << i);
        REQUIRE(forked[i].ok);
        REQUIRE(local[i].ok);
        REQUIRE(forked[i].latency_cycles == local[i].latency_cycles);
        REQUIRE(forked[i].startups_max == local[i].startups_max);
        REQUIRE(forked[i].latency_cycles > 1000);  // at least one 5 µs start-up
    }
    REQUIRE_FALSE(forked[4].ok);
    REQUIRE(forked[4].problem == "exception: boom");
    REQUIRE_FALSE(local[4].ok);
    REQUIRE_FALSE(forked[5].ok);
    REQUIRE(forked[5].problem.find("status 3") != std::string::npos);

    // Outcomes travel as JSON: every field comes back exactly (doubles to the last bit).
    RunOutcome o;
    o.ok = true;
    o.latency_cycles = 123456;
    o.steps = 7;
    o.startups_max = 9;
    o.wall_seconds = 1.0 / 3.0;
    o.problem = "two\nlines \"quoted\"";
    const RunOutcome back = nlohmann::json(o).get<RunOutcome>();
    REQUIRE(back.ok);
    REQUIRE(back.wall_seconds == o.wall_seconds);
    REQUIRE(back.latency_cycles == 123456);
    REQUIRE(back.steps == 7);
    REQUIRE(back.startups_max == 9);
    REQUIRE(back.problem == o.problem);
    REQUIRE_THROWS(nlohmann::json::parse(R"({"ok": true})").get<RunOutcome>());
    // A worker that sends something else than the outcome's JSON fails that run, not the pool.
    const auto garbage = sim::run_json_in_workers({[] {
                                                      return nlohmann::json{{"ok", "yes"}};
                                                  }},
                                                  2, nullptr);
    REQUIRE(garbage.size() == 1);
    REQUIRE(garbage[0].failure.empty());
    REQUIRE_THROWS(garbage[0].value.get<RunOutcome>());
}

TEST_CASE("kp section 5 parameters are the paper's in cycles of 5 ns", "[reproduce][kp]") {
    const auto two_d = mesh::MeshShape::parse("16x16", false);
    const auto three_d = mesh::MeshShape::parse("6x6x6", false);
    const NetworkParams um = kp_section5_params(two_d, MeshMulticastAlgorithm::Umesh);
    REQUIRE(um.clock_ns == 5.0);
    REQUIRE(um.t_startup == 1000);
    REQUIRE(um.t_node == 4);
    REQUIRE((um.t_sw == 1 && um.t_phy == 1 && um.t_inj == 1 && um.t_cons == 1));
    REQUIRE(um.consumption_channels == 4);
    const NetworkParams schl = kp_section5_params(three_d, MeshMulticastAlgorithm::Schl);
    REQUIRE(schl.t_node == 8);
    REQUIRE(schl.t_node_multidest == 8);
    REQUIRE(schl.path_worms);
    REQUIRE(schl.consumption_channels == 6);
}

TEST_CASE("kp figures: grids fit their meshes and the full grids hold every point the claims name",
          "[reproduce][kp]") {
    for (bool quick : {false, true})
        for (int n = 15; n <= 21; ++n) {
            sim::ReproduceOptions options;
            options.quick = quick;
            const KpFigure f = kp_figure(n, options);
            INFO("Fig. " << n << (quick ? " quick" : ""));
            REQUIRE(f.panels.size() == 4);
            REQUIRE(f.runs == (quick ? 2u : 30u));
            REQUIRE(f.length == (quick ? 5u : 50u));
            // Every point is a valid workload on its mesh.
            std::vector<KpFigurePoint> points;
            for (std::size_t p = 0; p < f.panels.size(); ++p)
                for (auto a : f.algorithms)
                    for (auto fixed : f.panels[p].fixed)
                        for (auto x : f.panels[p].x) {
                            const KpRunSpec spec = kp_figure_run_spec(f, p, a, fixed, x, 0, 1);
                            REQUIRE(spec.sources >= 1);
                            REQUIRE(spec.sources <= spec.config.shape.nodes());
                            REQUIRE(spec.set_size <= spec.config.shape.nodes());
                            KpFigurePoint pt;
                            pt.panel = p;
                            pt.algorithm = a;
                            pt.fixed = fixed;
                            pt.x = x;
                            pt.latency_us.runs = 1;
                            pt.latency_us.mean = 100.0 + x;
                            points.push_back(pt);
                        }
            const KpFigureResults results(f, points);
            const auto claims = kp_claims(n);
            REQUIRE(claims.size() >= 4);
            for (const auto& claim : claims) {
                const std::string text = claim.measured(results);
                INFO(claim.paper << " -> " << text);
                if (!quick) REQUIRE(text.find("not run") == std::string::npos);
            }
        }
    sim::ReproduceOptions few;
    few.runs = 1;
    few.quick = true;
    REQUIRE(kp_figure(15, few).runs == 1);
    REQUIRE_THROWS_AS(kp_figure(14, few), ConfigError);
    // An explicit --runs wins over --quick's default, in both directions; 0 is refused.
    few.runs = 7;
    REQUIRE(kp_figure(15, few).runs == 7);
    REQUIRE(kp_table_runs(few) == 7);
    few.runs.reset();
    REQUIRE(kp_figure(15, few).runs == 2);
    REQUIRE(kp_table_runs(few) == 5);
    few.quick = false;
    REQUIRE(kp_figure(15, few).runs == 30);
    few.runs = 0;
    REQUIRE_THROWS_AS(kp_table_runs(few), ConfigError);
    // The leader phase of the HL family: umesh by default, spumesh in its own file names.
    few.runs = 1;
    REQUIRE(kp_figure(17, few).leader_phase == mesh::LeaderPhase::Umesh);
    REQUIRE(kp_figure(17, few).name == "kp-fig17");
    few.options["--leader-phase"] = "spumesh";
    const KpFigure sp = kp_figure(17, few);
    REQUIRE(sp.name == "kp-fig17-spumesh");
    REQUIRE(kp_figure_run_spec(sp, 0, MeshMulticastAlgorithm::Schl, sp.panels[0].fixed[0],
                               sp.panels[0].x[0], 0, 1)
                .config.leader_phase == mesh::LeaderPhase::SpUmesh);
    few.options["--leader-phase"] = "rotated";
    REQUIRE_THROWS_AS(kp_figure(17, few), ConfigError);
}

TEST_CASE("kp figure run writes a CSV row per point and a gnuplot script",
          "[reproduce][kp][network]") {
    KpFigure f;
    f.name = "kp-figtest";
    f.number = 15;
    f.caption = "test";
    f.shape = "4x4";
    f.algorithms = {MeshMulticastAlgorithm::SpUmesh, MeshMulticastAlgorithm::Schl};
    f.panels = {{'a', KpOverlap::Complete, KpSweep::Sources, {7}, {2, 12}},
                {'d', KpOverlap::Random, KpSweep::Destinations, {3}, {5}}};
    f.length = 2;
    f.runs = 2;
    const auto points = run_kp_figure(f, 3, 2, nullptr);
    REQUIRE(points.size() == 2 * (2 + 1));
    for (const auto& pt : points) {
        REQUIRE(pt.latency_us.runs == 2);
        REQUIRE(pt.latency_us.failed == 0);
        REQUIRE(pt.latency_us.mean >= 5.0);  // at least one 5 µs start-up
    }
    // Same workloads for both algorithms: the seed of a run does not depend on the algorithm.
    REQUIRE(kp_figure_run_spec(f, 0, MeshMulticastAlgorithm::SpUmesh, 7, 12, 1, 3).seed ==
            kp_figure_run_spec(f, 0, MeshMulticastAlgorithm::Schl, 7, 12, 1, 3).seed);
    REQUIRE(kp_figure_run_spec(f, 0, MeshMulticastAlgorithm::Schl, 7, 12, 0, 3).seed !=
            kp_figure_run_spec(f, 0, MeshMulticastAlgorithm::Schl, 7, 12, 1, 3).seed);

    const std::string dir = scratch("fig");
    std::filesystem::create_directories(dir);
    write_kp_figure_csv(dir + "/kp-figtest.csv", f, points);
    const auto lines = lines_of(dir + "/kp-figtest.csv");
    REQUIRE(lines.size() == 1 + points.size());
    REQUIRE(lines[0] ==
            "figure,panel,mesh,overlap,x_axis,algorithm,fixed_axis,fixed,x,S,d,length_flits,runs,"
            "failed,mean_latency_us,min_latency_us,max_latency_us,stddev_latency_us,"
            "mean_startups_max,mean_wall_seconds");
    for (const auto& line : lines) REQUIRE(fields(line) == 20);
    REQUIRE(lines[1].rfind("15,a,4x4,complete,S,sp,d,7,2,2,7,2,2,0,", 0) == 0);

    std::ostringstream log;
    const std::string png = write_kp_figure_plot(dir, f, points, log);
    REQUIRE(std::filesystem::exists(dir + "/kp-figtest.gp"));
    REQUIRE(lines_of(dir + "/kp-figtest.dat").size() >= points.size());
    if (std::system("command -v gnuplot >/dev/null 2>&1") == 0) {
        REQUIRE(png == dir + "/kp-figtest.png");
        REQUIRE(std::filesystem::file_size(png) > 1000);
    } else {
        REQUIRE(png.empty());
        REQUIRE(log.str().find("gnuplot not found") != std::string::npos);
    }
    std::ostringstream text;
    print_kp_figure(text, f, points, 3);
    REQUIRE(text.str().find("(a) complete overlap") != std::string::npos);
    REQUIRE(text.str().find("What §5 of the paper says about Fig. 15") != std::string::npos);
}

TEST_CASE("wormcast reproduce lists and runs the kp experiments", "[reproduce][kp][cli]") {
    const std::string out = scratch("cli");
    const std::string list = scratch("list.txt");
    REQUIRE(std::system((std::string(WORMCAST_BINARY) + " reproduce --list > " + list).c_str()) ==
            0);
    const auto names = lines_of(list);
    std::set<std::string> kp;
    for (const auto& line : names)
        if (line.rfind("kp-", 0) == 0) kp.insert(line.substr(0, line.find(' ')));
    REQUIRE(kp.size() == 13);
    REQUIRE(kp.count("kp-table1"));
    REQUIRE(kp.count("kp-fig21"));
    const std::string cmd = std::string(WORMCAST_BINARY) +
                            " reproduce kp-table2 --runs 1 --jobs 2 --out " + out + " > " +
                            scratch("t2.txt") + " 2>&1";
    const int status = std::system(cmd.c_str());
    REQUIRE(WEXITSTATUS(status) == 0);
    REQUIRE(lines_of(out + "/kp-table2.csv").size() == 1 + 15);
    const std::string printed = [&] {
        std::ifstream in(scratch("t2.txt"));
        std::stringstream s;
        s << in.rdbuf();
        return s.str();
    }();
    REQUIRE(printed.find("paper Experimental") != std::string::npos);
    REQUIRE(printed.find("wormcast Umesh mean") != std::string::npos);
}
