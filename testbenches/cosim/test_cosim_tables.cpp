// Table-routed RTL routers (wc_router with ROUTE_TABLE = 1, rtl/wc_route_table.sv) in lock step
// with the SystemC network, every link in every cycle, on families that supply route tables
// instead of route RTL (Topology::route_table_groups, systemc/pure/RouteTable): a 16-switch
// irregular network under mixed unicast and SPAM tree-worm traffic (static and adaptive
// selection), and the 4-star under mixed
// traffic with the star schemes' path worms. The networks come from the committed scenario files
// through the same seam as `wormcast run --rtl`.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <fmt/format.h>

#include "systemc/rtl/RtlModels.hpp"
#include "testbenches/cosim/ScenarioLockStep.hpp"
#include "testbenches/sim/Scenario.hpp"

using namespace wormcast;
using namespace wormcast::cosim;

TEST_CASE(
    "a 16-switch irregular network of table-routed RTL switches is in lock step with SystemC "
    "under mixed unicast and SPAM multicast traffic",
    "[cosim][table][irregular]") {
    for (const char* seed : {"7", "12"})
        lockstep_scenario("irregular-lattice.yaml",
                          {"network.switches=16", fmt::format("network.seed={}", seed),
                           "network.selection=static", "traffic.multicast_destinations=2..15",
                           "traffic.load=0.2", "traffic.multicast_ratio=0.3", "traffic.warmup=0",
                           "traffic.measure=1500", "traffic.length=8"},
                          "", 10);
}

TEST_CASE(
    "a 16-switch irregular network of table-routed RTL switches with adaptive selection is in "
    "lock step with SystemC",
    "[cosim][table][irregular][adaptive]") {
    // A unicast and an unsplit tree worm may take any of the up*/down* hops the table lists, in
    // its order, when the first is taken: the switch core chooses as Router::available_output.
    for (const auto& [seed, load] :
         std::vector<std::pair<const char*, const char*>>{{"7", "0.2"}, {"12", "0.35"}})
        lockstep_scenario("irregular-lattice.yaml",
                          {"network.switches=16", fmt::format("network.seed={}", seed),
                           "network.selection=adaptive", "traffic.multicast_destinations=2..15",
                           fmt::format("traffic.load={}", load), "traffic.multicast_ratio=0.3",
                           "traffic.warmup=0", "traffic.measure=1500", "traffic.length=8"},
                          "adaptive alternatives", 10);
    // Processor links slower than switch links (latency straps: 3, 2 and 4 cycles).
    lockstep_scenario("irregular-lattice.yaml",
                      {"network.switches=16", "network.seed=9", "nic.t_inj=30ns", "nic.t_cons=20ns",
                       "router.t_phy=40ns", "traffic.multicast_destinations=2..15",
                       "traffic.load=0.2", "traffic.multicast_ratio=0.3", "traffic.warmup=0",
                       "traffic.measure=1500", "traffic.length=8"},
                      "adaptive alternatives", 10);
}

TEST_CASE(
    "the 4-star of table-routed RTL routers is in lock step with SystemC under mixed traffic "
    "with every star scheme",
    "[cosim][table][star]") {
    for (const char* scheme : {"two-phase", "multipath", "dual-path", "hamiltonian", "unicast"})
        lockstep_scenario("star-two-phase.yaml",
                          {fmt::format("nic.multicast={}", scheme), "traffic.load=0.1",
                           "traffic.multicast_ratio=0.3", "traffic.warmup=0",
                           "traffic.measure=1500", "nic.t_startup=50ns", "nic.t_receive=50ns"},
                          "", 5);
}

TEST_CASE(
    "table-routed RTL switches of other parameters are built on first use and stay in lock step, "
    "and "
    "what the RTL lacks is refused naming the mechanism",
    "[cosim][table]") {
    // Two VCs, deeper buffers and a slower route stage than the scenario's: a configuration of
    // its own, verilated when first asked for.
    lockstep_scenario(
        "irregular-lattice.yaml",
        {"network.switches=16", "network.seed=7", "network.selection=static", "router.vcs=2",
         "router.buffer_depth=6", "router.t_node=30ns", "traffic.multicast_destinations=2..15",
         "traffic.load=0.2", "traffic.multicast_ratio=0.3", "traffic.warmup=0",
         "traffic.measure=1000", "traffic.length=8"},
        "2 VCs, depth 6", 5);
    for (const auto& [set, reason] : std::vector<std::pair<std::string, std::string>>{
             {"router.route_timing=fixed", "router.route_timing fixed: the RTL route units route"},
             {"router.atomic_ocrq=false", "router.atomic_ocrq false"}}) {
        INFO(set);
        REQUIRE_NOTHROW(sim::load_scenario(scenario_path("irregular-lattice.yaml"),
                                           {"network.switches=16", set, "network.rtl=none",
                                            "traffic.multicast_destinations=2..15"}));
        REQUIRE_THROWS_WITH(
            sim::load_scenario(scenario_path("irregular-lattice.yaml"),
                               {"network.switches=16", set, "network.rtl=all",
                                "traffic.multicast_destinations=2..15"}),
            Catch::StartsWith("network.rtl: RTL routers: the RTL does not implement") &&
                Catch::Contains(reason));
    }
}
