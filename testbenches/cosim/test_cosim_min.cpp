// Multistage networks of RTL switches (`--rtl` on a MIN): every switch of a 16-node UNI-MIN and
// BI-MIN is the verilated wc_router with the table-driven route unit and the ATBM token stop
// (configuration m16, rtl/rtl.cmake), the stops wired into the rings of the switch groups, in
// lock step with the SystemC network (every link, every cycle) under mixed unicast and ATBM
// tree-worm traffic with token rings, fixed and adaptive forward ports on the BI-MIN, and under
// the software multicasts. Networks the RTL cannot
// mirror are refused naming why; `wormcast run SCENARIO --rtl all` gives the SystemC results.
#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "systemc/rtl/RtlModels.hpp"
#include "testbenches/cosim/ScenarioLockStep.hpp"
#include "testbenches/sim/Scenario.hpp"

using namespace wormcast;
using namespace wormcast::cosim;

namespace {

std::string slurp(const std::string& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

std::string scratch(const std::string& name) {
    static const std::filesystem::path dir = [] {
        auto d = std::filesystem::temp_directory_path() /
                 ("wormcast_cosim_min_" + std::to_string(::getpid()));
        std::filesystem::create_directories(d);
        return d;
    }();
    return (dir / name).string();
}

/// Runs the program from the source directory; its stdout and stderr go to `output`.
int run_program(const std::string& args, std::string& output) {
    const std::string out = scratch("program_output.txt");
    const std::string cmd = "cd " + std::string(WORMCAST_SOURCE_DIR) + " && " +
                            std::string(WORMCAST_BINARY) + " " + args + " > " + out + " 2>&1";
    const int status = std::system(cmd.c_str());
    output = slurp(out);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace

TEST_CASE(
    "a 16-node UNI-MIN of RTL switches with ATBM token rings is in lock step with SystemC under "
    "mixed unicast and multicast traffic",
    "[cosim][min][uni]") {
    std::size_t multicasts = 0;
    for (const char* seed : {"3", "8"})
        multicasts += lockstep_scenario("min-uni-rtl.yaml",
                                        {fmt::format("run.seed={}", seed), "traffic.load=0.12",
                                         "traffic.multicast_ratio=0.4", "traffic.measure=1500"},
                                        "ATBM token stop");
    REQUIRE(multicasts >= 20);
    // The software scheme: unicasts only in the network.
    lockstep_scenario("min-uni-rtl.yaml",
                      {"nic.multicast=cmin", "traffic.load=0.1", "traffic.measure=1000"},
                      "ATBM token stop");
}

TEST_CASE(
    "a 16-node BI-MIN of RTL switches with ATBM token rings is in lock step with SystemC under "
    "mixed unicast and multicast traffic",
    "[cosim][min][bi]") {
    std::size_t multicasts = 0;
    for (const char* seed : {"4", "9"})
        multicasts += lockstep_scenario("min-bi-rtl.yaml",
                                        {fmt::format("run.seed={}", seed), "traffic.load=0.12",
                                         "traffic.multicast_ratio=0.4", "traffic.measure=1500"},
                                        "ATBM token stop");
    REQUIRE(multicasts >= 20);
    lockstep_scenario("min-bi-rtl.yaml",
                      {"nic.multicast=umin", "traffic.load=0.1", "traffic.measure=1000"},
                      "ATBM token stop");
}

TEST_CASE(
    "a 16-node BI-MIN of RTL switches with adaptive forward ports is in lock step with SystemC "
    "under mixed unicast and multicast traffic",
    "[cosim][min][bi][adaptive]") {
    // Forward worms take the lower right port when it is free and uncontested, else the upper:
    // the route table's alternatives, chosen in the switch core after the queued worms, oldest
    // first. Loads up to saturation, so both ports are often taken.
    std::size_t multicasts = 0;
    for (const auto& [seed, load] :
         std::vector<std::pair<const char*, const char*>>{{"4", "0.12"}, {"11", "0.3"}})
        multicasts +=
            lockstep_scenario("min-bi-rtl.yaml",
                              {"network.forward=adaptive", fmt::format("run.seed={}", seed),
                               fmt::format("traffic.load={}", load), "traffic.multicast_ratio=0.4",
                               "traffic.measure=1500"},
                              "ATBM token stop");
    REQUIRE(multicasts >= 20);
    lockstep_scenario("min-bi-rtl.yaml",
                      {"network.forward=adaptive", "nic.multicast=umin", "traffic.load=0.2",
                       "traffic.measure=1000"},
                      "ATBM token stop");
}

TEST_CASE(
    "16-node MINs of RTL switches whose node links and switch links take different latencies are "
    "in lock step with SystemC",
    "[cosim][min][latency]") {
    // One configuration serves every stage: each port's latency is a strap driven from the
    // network (t_inj on the injection channels, t_cons on the consumption channels, t_phy between
    // switches), and the stages differ in which ports face the nodes.
    std::size_t multicasts = 0;
    for (const char* file : {"min-uni-rtl.yaml", "min-bi-rtl.yaml"})
        multicasts += lockstep_scenario(
            file,
            {"nic.t_inj=40ns", "nic.t_cons=60ns", "router.t_phy=80ns", "run.seed=13",
             "traffic.load=0.1", "traffic.multicast_ratio=0.4", "traffic.measure=1500"},
            "ATBM token stop");
    multicasts += lockstep_scenario(
        "min-bi-rtl.yaml",
        {"network.forward=adaptive", "nic.t_inj=60ns", "nic.t_cons=40ns", "run.seed=14",
         "traffic.load=0.2", "traffic.multicast_ratio=0.4", "traffic.measure=1000"},
        "ATBM token stop");
    REQUIRE(multicasts >= 30);
}

TEST_CASE(
    "64-node UNI- and BI-MINs of RTL switches (48 and 192 switches) with ATBM token rings are in "
    "lock step with SystemC under mixed unicast and multicast traffic",
    "[cosim][min][m64]") {
    // 500 (400) cycles of sends: load 0.1 with up to 40 destinations a multicast saturates the
    // 64-node BI-MIN already (`wormcast run` of it: mean latency 198 cycles over 500 cycles of
    // sends, 577 over 1,500), so every run still has dozens of multicasts, contention and token
    // waits, and the drain that follows; longer windows only added more of the same.
    std::size_t multicasts = 0;
    multicasts += lockstep_scenario(
        "min-uni-rtl.yaml",
        {"network.n=3", "run.seed=5", "traffic.load=0.1", "traffic.multicast_ratio=0.4",
         "traffic.multicast_destinations=2..40", "traffic.measure=500"},
        "64 nodes", 20);
    multicasts += lockstep_scenario(
        "min-bi-rtl.yaml",
        {"network.n=6", "run.seed=6", "traffic.load=0.1", "traffic.multicast_ratio=0.4",
         "traffic.multicast_destinations=2..40", "traffic.measure=500"},
        "64 nodes", 20);
    multicasts += lockstep_scenario("min-bi-rtl.yaml",
                                    {"network.n=6", "network.forward=adaptive", "run.seed=7",
                                     "traffic.load=0.2", "traffic.multicast_ratio=0.4",
                                     "traffic.multicast_destinations=2..40", "traffic.measure=400"},
                                    "64 nodes", 20);
    REQUIRE(multicasts >= 60);
}

TEST_CASE("a MIN the RTL switches cannot mirror is refused naming the mechanism",
          "[cosim][min][config]") {
    for (const auto& [file, set, reason] : std::vector<std::array<std::string, 3>>{
             {"min-uni-rtl.yaml", "network.tokens=average", "network.tokens: average"},
             {"min-uni-rtl.yaml", "router.route_timing=fixed", "router.route_timing fixed"},
             {"min-bi-rtl.yaml", "nic.consumption_channels=2",
              "a route table has one split output per node"}}) {
        INFO(file << " " << set);
        REQUIRE_NOTHROW(sim::load_scenario(scenario_path(file), {set, "network.rtl=none"}));
        REQUIRE_THROWS_WITH(sim::load_scenario(scenario_path(file), {set, "network.rtl=all"}),
                            Catch::StartsWith("network.rtl: ") && Catch::Contains(reason));
    }
    // Part of a token ring in RTL (the stage-0 switches form one ring of a UNI-MIN b=4 n=2): the
    // token would have to cross between RTL and SystemC. Rings of one switch may be mixed.
    const sim::Scenario partial =
        sim::load_scenario(scenario_path("min-uni-rtl.yaml"), {"network.rtl=0,0;0,1"});
    REQUIRE_THROWS_WITH(
        partial.network(),
        Catch::Contains("s0_0 is on an ATBM token ring with s0_2, which is not RTL"));
    const sim::Scenario mixed =
        sim::load_scenario(scenario_path("min-uni-rtl.yaml"), {"network.rtl=1,0;1,2"});
    REQUIRE_NOTHROW(mixed.network());
}

TEST_CASE(
    "wormcast run on a UNI-MIN and a BI-MIN scenario with --rtl all gives the SystemC results",
    "[cosim][min][cli]") {
    for (const char* file : {"min-uni-rtl.yaml", "min-bi-rtl.yaml"}) {
        INFO(file);
        const std::string base = fmt::format("run testbenches/scenarios/{} --json ", file);
        std::string out;
        REQUIRE(run_program(base + scratch("systemc.json"), out) == 0);
        REQUIRE(run_program(base + scratch("rtl.json") + " --rtl all", out) == 0);
        INFO(out);
        REQUIRE_THAT(out, Catch::Contains("are the verilated RTL (table-routed wc_router") &&
                              Catch::Contains("ATBM token stop"));
        REQUIRE_THAT(out, Catch::Contains("check        every message delivered exactly once"));
        const auto reference = nlohmann::json::parse(slurp(scratch("systemc.json")));
        const auto rtl = nlohmann::json::parse(slurp(scratch("rtl.json")));
        REQUIRE(rtl["ok"] == true);
        REQUIRE(rtl["rtl_routers"].size() == (std::string(file) == "min-uni-rtl.yaml" ? 8 : 32));
        REQUIRE(reference["completed_multicasts"].get<int>() > 20);
        require_same_results(rtl, reference);
        // A network the RTL cannot mirror: exit 2 naming why.
        REQUIRE(run_program(base + scratch("no.json") + " --rtl all --set network.tokens=average",
                            out) == 2);
        REQUIRE_THAT(out, Catch::Contains("average token model"));
    }
}
