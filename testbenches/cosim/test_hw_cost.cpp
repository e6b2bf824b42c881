// `wormcast hw` and `wormcast explore` (docs/hardware-cost.md): each RTL configuration of a
// scenario's network synthesised onto the OSU 0.18 um library with yosys and timed with OpenSTA.
// Three small mesh routers (8-bit flits) in CI, shared by the tests through one cache; the
// property that the cost grows with the buffers and the VCs is what a user exploring the
// micro-architecture relies on.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "testbenches/unit/program/ProgramRunner.hpp"

namespace {

using wormcast::testing::run_program;
using wormcast::testing::scratch;
using wormcast::testing::slurp;

/// `wormcast hw` with the tests' cache (WORMCAST_TEST_HW_CACHE, shared with the explore test).
int run_hw(const std::string& args, std::string& output) {
    return run_program("hw --hw-cache " + std::string(WORMCAST_TEST_HW_CACHE) + " " + args, output);
}

const std::string kDemo = std::string(WORMCAST_SOURCE_DIR) + "/testbenches/scenarios/demo.yaml";

nlohmann::json hw_json(const std::string& sets, const std::string& name) {
    std::string out;
    const std::string file = scratch(name + ".json");
    INFO("hw " << sets);
    REQUIRE(run_hw(kDemo + " --clock-ns 10 --json " + file + " " + sets, out) == 0);
    INFO(out);
    const auto j = nlohmann::json::parse(slurp(file));
    REQUIRE(j.at("configurations").size() == 1);
    return j.at("configurations").at(0);
}

double unit_value(const nlohmann::json& c, const std::string& unit, const std::string& what) {
    for (const auto& u : c.at("units"))
        if (u.at("unit") == unit) return u.at(what).get<double>();
    FAIL("no unit " << unit);
    return 0;
}

}  // namespace

TEST_CASE(
    "hw: area and flip-flops grow with buffer depth and with VCs, the critical path does not "
    "shrink, and a second run comes from the cache",
    "[hw]") {
    const std::string small = "--set flit_width=8 --set router.vcs=1 ";
    const auto d1 = hw_json(small + "--set router.buffer_depth=1", "d1");
    const auto d2 = hw_json(small + "--set router.buffer_depth=2", "d2");
    const auto v2 =
        hw_json("--set flit_width=8 --set router.vcs=2 --set router.buffer_depth=1", "v2");
    for (const auto* c : {&d1, &d2, &v2}) {
        INFO(c->dump(2));
        CHECK(c->at("area_um2").get<double>() > 0);
        CHECK(c->at("leakage_uw").get<double>() > 0);
        const auto& p = c->at("critical_path");
        CHECK(p.at("arrival_ps").get<double>() > 0);
        CHECK(p.at("min_period_ps").get<double>() > p.at("arrival_ps").get<double>() * 0.9);
        CHECK(p.at("slack_ps").get<double>() ==
              Approx(10000 - p.at("min_period_ps").get<double>()));
        // The units, kept apart, hold every flip-flop of the flattened router and more area.
        double ffs = 0;
        for (const auto& u : c->at("units")) ffs += u.at("flip_flops").get<double>();
        CHECK(ffs >= c->at("flip_flops").get<double>());
        CHECK(c->at("units_area_um2").get<double>() >= c->at("area_um2").get<double>());
        CHECK(unit_value(*c, "input_units", "instances") == 5);
        CHECK(unit_value(*c, "output_units", "instances") == 5);
        // The Peh-Dally estimate beside it: OSU 0.18 um's FO4 delay is tens of picoseconds (a
        // typical 0.18 um FO4 is 60-90 ps), so 50-500 ps catches a unit or arc mistake.
        REQUIRE(c->contains("delay_model"));
        const auto& m = c->at("delay_model");
        REQUIRE(m.is_object());
        CHECK(m.at("fo4_ps").get<double>() > 50);
        CHECK(m.at("fo4_ps").get<double>() < 500);
        CHECK(m.at("ports") == 5);
        CHECK(m.at("flit_bits") == 8);
        const bool vcs = m.at("vcs") == 2;
        CHECK(m.at("stages").size() == (vcs ? 4u : 3u));
        double sum_ps = 0;
        for (const auto& s : m.at("stages")) {
            INFO(s.dump());
            CHECK(s.at("fo4").get<double>() > 0);
            CHECK(s.at("ps").get<double>() ==
                  Approx(s.at("fo4").get<double>() * m.at("fo4_ps").get<double>()));
            sum_ps += s.at("ps").get<double>();
        }
        CHECK(m.at("single_cycle_ps").get<double>() == Approx(sum_ps));
        CHECK(m.at("measured_ps") == p.at("min_period_ps"));
        CHECK(m.at("measured_over_model").get<double>() ==
              Approx(p.at("min_period_ps").get<double>() / sum_ps));
    }
    for (const auto& [small_cfg, large_cfg] : {std::pair{&d1, &d2}, std::pair{&d1, &v2}}) {
        INFO(small_cfg->at("parameters") << " -> " << large_cfg->at("parameters"));
        CHECK(large_cfg->at("area_um2").get<double>() > small_cfg->at("area_um2").get<double>());
        CHECK(large_cfg->at("flip_flops").get<double>() >
              small_cfg->at("flip_flops").get<double>());
        CHECK(unit_value(*large_cfg, "input_units", "flip_flops") >
              unit_value(*small_cfg, "input_units", "flip_flops"));
        CHECK(large_cfg->at("critical_path").at("arrival_ps").get<double>() >=
              small_cfg->at("critical_path").at("arrival_ps").get<double>() * 0.98);
    }
    // Cached: the same numbers, nothing synthesised.
    std::string out;
    REQUIRE(
        run_hw(kDemo + " " + small + "--set router.buffer_depth=1 --json " + scratch("again.json"),
               out) == 0);
    CHECK(out.find("synthesising") == std::string::npos);
    const auto again = nlohmann::json::parse(slurp(scratch("again.json")));
    CHECK(again.at("configurations").at(0).at("area_um2") == d1.at("area_um2"));
    CHECK(again.at("network").at("area_um2").get<double>() ==
          Approx(16 * d1.at("area_um2").get<double>()));
}

TEST_CASE("hw: a missing or unusable cell library is refused naming --liberty, exit 2", "[hw]") {
    std::string out;
    CHECK(run_hw(kDemo + " --liberty " + scratch("none.lib"), out) == 2);
    CHECK(out.find("--liberty") != std::string::npos);
    CHECK(out.find("no such file") != std::string::npos);
    // A library of one inverter: no flip-flop to map the registers onto.
    std::ofstream(scratch("comb.lib"))
        << "library (comb) {\n  cell (INVX1) {\n    area : 16;\n    pin (A) { direction : input; "
           "}\n"
           "    pin (Y) { direction : output; function : \"!A\"; }\n  }\n}\n";
    CHECK(run_hw(kDemo + " --liberty " + scratch("comb.lib"), out) == 2);
    CHECK(out.find("--liberty") != std::string::npos);
    CHECK(out.find("no flip-flop") != std::string::npos);
    std::ofstream(scratch("text.lib")) << "this is not a library\n";
    CHECK(run_hw(kDemo + " --liberty " + scratch("text.lib"), out) == 2);
    CHECK(out.find("not a Liberty") != std::string::npos);
    CHECK(run_hw(kDemo + " --clock-ns 0", out) == 2);
    CHECK(out.find("--clock-ns") != std::string::npos);
}

TEST_CASE(
    "explore: a sweep over buffer depth and load joined with each depth's silicon: ns at the "
    "router's clock, Gbit/s per node, the area of wormcast hw, Pareto fronts and a figure",
    "[hw][explore]") {
    const std::string dir = scratch("explore");
    std::string out;
    const std::string args = "explore " + kDemo +
                             " --set flit_width=8 --set router.vcs=1 --set traffic.measure=1500 "
                             "--vary traffic.load=0.05,0.3 --vary router.buffer_depth=1,2 "
                             "--jobs 2 --hw-cache " +
                             std::string(WORMCAST_TEST_HW_CACHE) + " --out " + dir;
    REQUIRE(run_program(args, out) == 0);
    INFO(out);
    const auto j = nlohmann::json::parse(slurp(dir + "/explore.json"));
    const auto d1 =
        hw_json("--set flit_width=8 --set router.vcs=1 --set router.buffer_depth=1", "explore-d1");
    const auto& rows = j.at("rows");
    REQUIRE(rows.size() == 4);
    std::map<std::string, double> area;
    bool any_latency_front = false;
    for (const auto& r : rows) {
        INFO(r.dump());
        REQUIRE(r.at("ok") == 1);
        const double period_ns = r.at("min_period_ps").get<double>() / 1000;
        CHECK(r.at("latency_ns").get<double>() ==
              Approx(r.at("latency_cycles").get<double>() * period_ns));
        CHECK(r.at("accepted_gbps_per_node").get<double>() ==
              Approx(r.at("accepted_flits_per_node_cycle").get<double>() * 8 / period_ns));
        CHECK(r.at("design_gbps_per_node").get<double>() >=
              r.at("accepted_gbps_per_node").get<double>());
        const std::string depth = r.at("router.buffer_depth").get<std::string>();
        if (area.count(depth)) CHECK(area[depth] == r.at("area_um2").get<double>());
        area[depth] = r.at("area_um2").get<double>();
        any_latency_front = any_latency_front || r.at("pareto_latency_area").get<bool>();
    }
    // The same silicon as `wormcast hw` gives for the configuration.
    CHECK(area.at("1") == d1.at("area_um2").get<double>());
    CHECK(area.at("2") > area.at("1"));
    CHECK(any_latency_front);
    CHECK(std::filesystem::exists(dir + "/explore.csv"));
    CHECK(std::filesystem::exists(dir + "/explore.png"));
    // Resumed: nothing rerun, the same table.
    REQUIRE(run_program(args, out) == 0);
    CHECK(out.find("0 to run") != std::string::npos);
    CHECK(nlohmann::json::parse(slurp(dir + "/explore.json")) == j);
    // A point the RTL cannot build is refused before any run, naming the key.
    CHECK(run_program("explore " + kDemo + " --vary router.route_timing=gather,fixed --out " +
                          scratch("refused"),
                      out) == 2);
    CHECK(out.find("router.route_timing") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(scratch("refused") + "/points"));
}

TEST_CASE("explore --power: energy per delivered flit of every point from a fitted event table",
          "[hw][explore][power]") {
    const std::string dir = scratch("explore-power");
    std::string out;
    const std::string args = "explore " + kDemo +
                             " --set flit_width=8 --set router.vcs=1 --set traffic.warmup=200 "
                             "--set traffic.measure=1000 --vary router.buffer_depth=1,2 --vary "
                             "traffic.load=0.05,0.15 --power --jobs 2 --hw-cache " +
                             std::string(WORMCAST_TEST_HW_CACHE) + " --out " + dir;
    REQUIRE(run_program(args, out) == 0);
    INFO(out);
    const auto j = nlohmann::json::parse(slurp(dir + "/explore.json"));
    const auto table = nlohmann::json::parse(slurp(dir + "/power-table.json"));
    CHECK(table.at("event_table").size() == 2);               // one per buffer depth
    std::map<std::string, std::map<std::string, double>> pj;  // depth -> load -> pJ per flit
    std::map<std::string, bool> energy_front;                 // load -> some row on it
    for (const auto& r : j.at("rows")) {
        INFO(r.dump());
        REQUIRE(r.at("pj_per_delivered_flit").is_number());
        CHECK(r.at("power_mw").get<double>() > 0);
        pj[r.at("router.buffer_depth")][r.at("traffic.load")] =
            r.at("pj_per_delivered_flit").get<double>();
        energy_front[r.at("traffic.load")] =
            energy_front[r.at("traffic.load")] || r.at("pareto_latency_energy").get<bool>();
    }
    // The clock's energy is spread over more flits at a higher load.
    for (const auto& [depth, by_load] : pj) CHECK(by_load.at("0.15") < by_load.at("0.05"));
    CHECK(energy_front.at("0.05"));
    CHECK(energy_front.at("0.15"));
    // Resumed: no run and no fit again, the same table.
    REQUIRE(run_program(args, out) == 0);
    CHECK(out.find("fitting the event table") == std::string::npos);
    CHECK(nlohmann::json::parse(slurp(dir + "/explore.json")) == j);
}
