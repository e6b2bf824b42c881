// `wormcast reproduce atbm-fig14` ... `atbm-fig23` (Varavithya & Mohapatra §5): the figure
// definitions, the load normalisation, tiny figures end-to-end through the worker pool, and the
// contention-free ATBM latency against the formula.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "testbenches/experiments/atbm/AtbmFigures.hpp"
#include "testbenches/experiments/atbm/AtbmRuns.hpp"
#include "testbenches/sim/FigureOutput.hpp"

using namespace wormcast;
using namespace wormcast::atbm;
using namespace wormcast::sim;
using min::MinKind;
using min::MinShape;

namespace {

/// A scratch directory of this test process, so tests never write into the source tree.
std::string scratch() {
    static const std::filesystem::path dir = [] {
        auto d = std::filesystem::temp_directory_path() /
                 ("wormcast_test_atbm_fig_" + std::to_string(::getpid()));
        std::filesystem::create_directories(d);
        return d;
    }();
    return dir.string();
}

std::vector<std::string> lines_of(const std::string& path) {
    std::ifstream in(path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

std::size_t fields(const std::string& csv_line) {
    return static_cast<std::size_t>(std::count(csv_line.begin(), csv_line.end(), ',')) + 1;
}

ReproduceOptions quick_options() {
    sim::ReproduceOptions o;
    o.quick = true;
    return o;
}

}  // namespace

TEST_CASE("atbm-fig14 has the paper's panels, sizes and run counts", "[reproduce][atbm]") {
    const AtbmFig14 full = atbm_fig14(sim::ReproduceOptions{});
    REQUIRE(full.runs == 1000);  // §5.2: "each experiment was repeated 1000 times"
    REQUIRE(full.message_flits == 64);
    REQUIRE(full.panels.size() == 4);
    const std::vector<std::pair<MinKind, std::uint32_t>> expected{{MinKind::Unidirectional, 64},
                                                                  {MinKind::Unidirectional, 256},
                                                                  {MinKind::Bidirectional, 64},
                                                                  {MinKind::Bidirectional, 256}};
    for (std::size_t p = 0; p < 4; ++p) {
        const AtbmFig14Panel& panel = full.panels[p];
        REQUIRE(panel.label == "abcd"[p]);
        REQUIRE(panel.kind == expected[p].first);
        REQUIRE(panel.nodes == expected[p].second);
        // Every switch size of the paper that builds this many nodes (8x8 cannot make 256).
        REQUIRE(panel.radices == (panel.nodes == 64 ? std::vector<std::uint32_t>{2, 4, 8}
                                                    : std::vector<std::uint32_t>{2, 4}));
        REQUIRE(panel.destinations.front() == 1);
        REQUIRE(panel.destinations.back() == panel.nodes - 1);
        REQUIRE(std::is_sorted(panel.destinations.begin(), panel.destinations.end()));
    }
    const AtbmFig14 quick = atbm_fig14(quick_options());
    REQUIRE(quick.runs == 10);
    REQUIRE(quick.quick);
    REQUIRE(quick.panels[0].destinations.size() < full.panels[0].destinations.size());
    sim::ReproduceOptions explicit_runs = quick_options();
    explicit_runs.runs = 3;
    REQUIRE(atbm_fig14(explicit_runs).runs == 3);
}

TEST_CASE("atbm-fig15 ... atbm-fig23 follow the captions", "[reproduce][atbm]") {
    for (int number = 15; number <= 23; ++number) {
        const AtbmLoadFigure f = atbm_load_figure(number, sim::ReproduceOptions{});
        INFO("Fig. " << number);
        REQUIRE(f.name == "atbm-fig" + std::to_string(number));
        REQUIRE(f.panels.size() == 4);
        REQUIRE(f.messages == 140000);  // §5.3
        REQUIRE(f.warmup == 40000);
        REQUIRE(f.multicast_ratio == (number >= 18 && number <= 20 ? 0.2 : 0.5));
        REQUIRE(f.message_flits == (number == 21 ? 128u : number == 22 ? 256u : 64u));
        REQUIRE(f.consumption_channels == (number == 23 ? 0u : 1u));  // 0: b channels
        REQUIRE(f.latency_cap > 0);
        REQUIRE(f.drain_limit >= f.latency_cap);
        for (const auto& panel : f.panels) REQUIRE(!panel.stages.empty());
    }
    // Figs. 15-20 and 23: (a) multicast UNI, (b) unicast UNI, (c) multicast BI, (d) unicast BI.
    const AtbmLoadFigure f16 = atbm_load_figure(16, sim::ReproduceOptions{});
    REQUIRE(f16.panels[0].kind == MinKind::Unidirectional);
    REQUIRE(f16.panels[1].metric == AtbmMetric::Unicast);
    REQUIRE(f16.panels[2].kind == MinKind::Bidirectional);
    REQUIRE(f16.panels[2].metric == AtbmMetric::Multicast);
    for (const auto& panel : f16.panels) {
        REQUIRE(panel.radix == 4);
        REQUIRE(panel.stages == std::vector<std::uint32_t>{2, 3, 4});  // 16, 64, 256 nodes
    }
    REQUIRE(atbm_load_figure(17, sim::ReproduceOptions{}).panels[0].stages ==
            std::vector<std::uint32_t>{2, 3});  // 64 and 512 nodes
    // Figs. 21, 22: multicast latency, (a) 4x4 UNI, (b) 8x8 UNI, (c) 4x4 BI, (d) 8x8 BI.
    const AtbmLoadFigure f21 = atbm_load_figure(21, sim::ReproduceOptions{});
    REQUIRE(f21.panels[1].radix == 8);
    REQUIRE(f21.panels[2].kind == MinKind::Bidirectional);
    for (const auto& panel : f21.panels) REQUIRE(panel.metric == AtbmMetric::Multicast);
    const AtbmLoadFigure quick = atbm_load_figure(15, quick_options());
    REQUIRE(quick.messages == 6000);
    REQUIRE(quick.warmup == 2000);
    REQUIRE(quick.panels[0].stages == std::vector<std::uint32_t>{4, 6});
    // Both schemes of one system and load see the same traffic seed.
    const auto specs = atbm_load_specs(quick, 1);
    REQUIRE(specs.size() == 2 * 2 * 2 * quick.loads.size());
    REQUIRE(specs[0].scheme == AtbmScheme::Atbm);
    REQUIRE(specs[quick.loads.size()].scheme == AtbmScheme::Software);
    REQUIRE(specs[0].seed == specs[quick.loads.size()].seed);
    REQUIRE(specs[0].seed != specs[1].seed);
    REQUIRE_THROWS_AS(atbm_load_figure(24, sim::ReproduceOptions{}), ConfigError);
    // --max-nodes: quick message counts on larger systems, or fewer sizes of a full run.
    sim::ReproduceOptions wider = quick_options();
    wider.options["--max-nodes"] = "256";
    const AtbmLoadFigure q256 = atbm_load_figure(16, wider);
    REQUIRE(q256.messages == 6000);
    REQUIRE(q256.panels[0].stages == std::vector<std::uint32_t>{2, 3, 4});
    REQUIRE(atbm_load_figure(17, wider).panels[0].stages == std::vector<std::uint32_t>{2});
    sim::ReproduceOptions small;
    small.options["--max-nodes"] = "16";
    REQUIRE(atbm_load_figure(16, small).panels[3].stages == std::vector<std::uint32_t>{2});
    REQUIRE(atbm_load_figure(15, small).panels[0].stages == std::vector<std::uint32_t>{4});
    REQUIRE_THROWS_WITH(atbm_load_figure(17, small),
                        Catch::Contains("no 8x8-switch system of at most 16 nodes"));
    small.options["--max-nodes"] = "15";
    REQUIRE_THROWS_AS(atbm_load_figure(15, small), ConfigError);
}

TEST_CASE("atbm load normalisation: B_m and B_t as documented", "[reproduce][atbm]") {
    const MinShape uni = MinShape::parse("min-uni:b=2,n=3");
    const auto uni_model = atbm_paper_model(uni, 64, 1);
    const auto u = atbm_load_normalisation(uni, uni_model, 64);
    REQUIRE(u.mean_path_switches == 3);
    REQUIRE(u.buffer_time == 64 * 3);
    // One header of ceil((8+2)/16) = 1 flit per input port, 2 inputs, 12 switches.
    REQUIRE(uni_model.params.buffer_depth == 1);
    REQUIRE(u.total_buffers == 1 * 2 * 12);
    // Butterfly, 4 nodes of 2x2: from node 0, node 1 turns at stage 0 (1 switch), nodes 2 and 3
    // at stage 1 (3 switches): mean 7/3; 4 ports per switch.
    const MinShape bi = MinShape::parse("min-bi:b=2,n=2");
    const auto bi_model = atbm_paper_model(bi, 64, 1);
    const auto b = atbm_load_normalisation(bi, bi_model, 64);
    REQUIRE(b.mean_path_switches == Approx(7.0 / 3));
    REQUIRE(b.buffer_time == Approx(64 * 7.0 / 3));
    REQUIRE(b.total_buffers == bi_model.params.buffer_depth * 4 * 4);
    // 64 nodes: 5-flit bit-string headers; a 64-flit ATBM multicast carries 59 payload flits,
    // every unicast worm (and every CMIN/UMIN send) 63.
    const MinShape big = MinShape::parse("min-bi:b=8,n=2");
    const auto big_model = atbm_paper_model(big, 64, 1);
    REQUIRE(atbm_payload_flits(big, big_model, 64, AtbmScheme::Atbm, 5) == 59);
    REQUIRE(atbm_payload_flits(big, big_model, 64, AtbmScheme::Atbm, 1) == 63);
    REQUIRE(atbm_payload_flits(big, big_model, 64, AtbmScheme::Software, 5) == 63);
}

TEST_CASE("a tiny atbm-fig14 end-to-end: worker pool, CSV, gnuplot script, formula",
          "[reproduce][atbm][network]") {
    AtbmFig14 tiny;
    tiny.name = "atbm-fig14-tiny";
    tiny.runs = 3;
    tiny.quick = true;
    // 64 nodes: the one-header buffers (5 flits) cover the credit round trip, so worms stream
    // at a flit per cycle as the formula assumes (16-node headers of 2 flits do not).
    tiny.panels = {{'a', MinKind::Unidirectional, 64, {8}, {1, 3, 8, 63}},
                   {'c', MinKind::Bidirectional, 64, {4, 8}, {1, 3, 8, 63}}};
    const auto points = run_atbm_fig14(tiny, 5, 2, nullptr);
    REQUIRE(points.size() == (1 + 2) * 2 * 4);
    for (const auto& pt : points) {
        INFO("panel " << pt.panel << " b " << pt.radix << " d " << pt.destinations << " "
                      << pt.latency_us.first_problem);
        REQUIRE(pt.latency_us.failed == 0);
        REQUIRE(pt.latency_us.runs == 3);
        if (pt.scheme == AtbmScheme::Atbm) {
            // The cycle-accurate run equals the contention-free formula in every run.
            CHECK(pt.formula_equal == 3);
            CHECK(pt.latency_us.mean == Approx(pt.formula_us).margin(1e-9));
        }
    }
    // The software scheme needs ceil(log2(d+1)) start-ups in a row: slower from d = 3 on, and
    // equal to ATBM for a single destination (both send one unicast).
    for (const auto& a : points) {
        if (a.scheme != AtbmScheme::Atbm) continue;
        for (const auto& s : points)
            if (s.scheme == AtbmScheme::Software && s.panel == a.panel && s.radix == a.radix &&
                s.destinations == a.destinations) {
                if (a.destinations == 1) CHECK(s.latency_us.mean == a.latency_us.mean);
                if (a.destinations >= 3) CHECK(s.latency_us.mean > 1.5 * a.latency_us.mean);
            }
    }
    const std::string csv = scratch() + "/fig14.csv";
    write_atbm_fig14_csv(csv, tiny, points);
    const auto lines = lines_of(csv);
    REQUIRE(lines.size() == 1 + points.size());
    for (const auto& line : lines) REQUIRE(fields(line) == fields(lines[0]));
    std::ostringstream log;
    write_atbm_fig14_plot(scratch(), tiny, points, log);
    const auto script = lines_of(scratch() + "/atbm-fig14-tiny.gp");
    REQUIRE(std::count_if(script.begin(), script.end(),
                          [](const std::string& l) { return l.rfind("plot ", 0) == 0; }) == 2);
    REQUIRE(std::filesystem::exists(scratch() + "/atbm-fig14-tiny.dat"));
    std::ostringstream table;
    print_atbm_fig14(table, tiny, points, 5);
    REQUIRE(table.str().find("36 of 36 ATBM runs equal the formula") != std::string::npos);
}

TEST_CASE("a tiny atbm load figure end-to-end, with a saturated point marked",
          "[reproduce][atbm][network]") {
    AtbmLoadFigure tiny = atbm_load_figure(16, quick_options());
    tiny.name = "atbm-fig16-tiny";
    tiny.panels = {{'a', MinKind::Unidirectional, 4, AtbmMetric::Multicast, {2}},
                   {'b', MinKind::Unidirectional, 4, AtbmMetric::Unicast, {2}}};
    tiny.messages = 300;
    tiny.warmup = 100;
    tiny.loads = {0.02, 50.0};
    tiny.drain_limit = 200;  // the overloaded point cannot drain in time
    const auto points = run_atbm_load_figure(tiny, 3, 2, nullptr);
    REQUIRE(points.size() == 2 * 2);
    const auto model = atbm_paper_model(MinShape::parse("min-uni:b=4,n=2"), 64, 1);
    for (const auto& p : points) {
        INFO(atbm_scheme_name(p.scheme, p.system.kind)
             << " load " << p.traffic << " " << p.outcome.problem);
        if (p.traffic == 50.0) {
            REQUIRE(!p.outcome.ok);
            REQUIRE(p.outcome.saturated);
            continue;
        }
        REQUIRE(p.outcome.ok);
        // No faster than alone on the network: start-up, two switches, 64 flits.
        const double alone = model.params.t_startup + 64.0;
        REQUIRE(p.outcome.unicast_mean_cycles >= alone);
        REQUIRE(p.outcome.multicast_mean_cycles >= alone);
    }
    const std::string csv = scratch() + "/load.csv";
    write_atbm_load_csv(csv, tiny, points);
    const auto lines = lines_of(csv);
    REQUIRE(lines.size() == 1 + points.size());
    for (const auto& line : lines) REQUIRE(fields(line) == fields(lines[0]));
    REQUIRE(std::count_if(lines.begin(), lines.end(), [](const std::string& l) {
                return l.find(",saturated,") != std::string::npos;
            }) == 2);
    std::ostringstream log, table;
    write_atbm_load_plot(scratch(), tiny, points, log);
    REQUIRE(std::filesystem::exists(scratch() + "/atbm-fig16-tiny.gp"));
    // The saturated points are marked, not dropped: each curve's saturated loads are a data block
    // drawn as circles along the top of the panel, with one legend entry a panel; the axes say
    // what they measure in which unit, and gnuplot draws the figure.
    const std::string gp = slurp(scratch() + "/atbm-fig16-tiny.gp");
    const std::string dat = slurp(scratch() + "/atbm-fig16-tiny.dat");
    INFO(gp);
    const auto count = [](const std::string& text, const std::string& what) {
        std::size_t n = 0;
        for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
        return n;
    };
    CHECK(count(gp, fmt::format("title '{}'", sim::kSaturatedTitle)) == tiny.panels.size());
    CHECK(count(gp, "axes x1y2 with points") == 2 * tiny.panels.size());  // a curve per scheme
    CHECK(count(gp, "set y2range [0:1]") == tiny.panels.size());
    CHECK_THAT(gp, Catch::Contains("set xlabel 'normalised load (buffer-time offered per cycle"));
    CHECK_THAT(gp, Catch::Contains("latency (us)'"));
    CHECK_THAT(gp, Catch::Contains("set multiplot layout 2,2 title 'Fig. 16"));
    // Both schemes saturated at load 50 in both panels: four blocks hold just that load.
    CHECK(count(dat, ": saturated\n50\n") == 4);
    CHECK(log.str().find("failed") == std::string::npos);
    REQUIRE(std::filesystem::exists(scratch() + "/atbm-fig16-tiny.png"));
    CHECK(slurp(scratch() + "/atbm-fig16-tiny.png").rfind("\x89PNG", 0) == 0);
    print_atbm_load_figure(table, tiny, points, 3);
    REQUIRE(table.str().find("sat") != std::string::npos);
}

TEST_CASE("the saturated points' legend entry goes to a panel's first curve with a saturated point",
          "[reproduce][figure]") {
    // gnuplot drops a curve with no point, title and all: over every pattern of up to six curves,
    // the entry is given exactly once when any curve has a point, to the first such curve.
    for (unsigned curves = 1; curves <= 6; ++curves)
        for (unsigned pattern = 0; pattern < (1u << curves); ++pattern) {
            sim::SaturatedLegend legend;
            int entries = 0, at = -1;
            for (unsigned c = 0; c < curves; ++c)
                if (legend.entry_for((pattern >> c) & 1U)) {
                    ++entries;
                    at = static_cast<int>(c);
                }
            INFO("curves " << curves << ", pattern " << pattern);
            CHECK(entries == (pattern ? 1 : 0));
            CHECK(at == (pattern ? __builtin_ctz(pattern) : -1));
        }
}
