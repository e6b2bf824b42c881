// `wormcast run` on the star scenario files (testbenches/scenarios/star-*.yaml): uniform unicast
// and multicast traffic with every scheme delivered exactly once, and the schemes' checks.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "testbenches/unit/program/ProgramRunner.hpp"

using wormcast::testing::run_program;
using wormcast::testing::scratch;
using wormcast::testing::slurp;

TEST_CASE("wormcast run on star scenarios delivers everything with every scheme",
          "[program][star]") {
    std::string out;
    const std::string json = scratch("star.json");
    REQUIRE(run_program(
                "run testbenches/scenarios/star-multipath.yaml --set traffic.measure=4000 --json " +
                    json,
                out) == 0);
    INFO(out);
    for (const char* line : {"network      5-star (120 nodes, 120 routers)",
                             "check        every message delivered exactly once",
                             "multicast    multipath (nic.multicast)"})
        REQUIRE_THAT(out, Catch::Contains(line));
    auto result = nlohmann::json::parse(slurp(json));
    REQUIRE(result["ok"] == true);
    REQUIRE(result["nodes"] == 120);
    REQUIRE(result["measured_multicasts"].get<int>() > 0);
    REQUIRE(result["completed_multicasts"] == result["measured_multicasts"]);

    for (const char* scheme :
         {"two-phase", "multipath", "dual-path", "hamiltonian", "unicast", "separate"}) {
        INFO(scheme);
        REQUIRE(run_program(
                    std::string(
                        "run testbenches/scenarios/star-two-phase.yaml --set traffic.measure=3000 "
                        "--set traffic.load=0.03 --set nic.multicast=") +
                        scheme + " --json " + json,
                    out) == 0);
        INFO(out);
        REQUIRE_THAT(out, Catch::Contains("every message delivered exactly once"));
        result = nlohmann::json::parse(slurp(json));
        REQUIRE(result["ok"] == true);
        REQUIRE(result["nodes"] == 24);
    }

    // The schemes' checks: path worms need router.path_worms and one consumption channel per
    // channel network; unicast needs neither.
    const std::string two_phase =
        "run testbenches/scenarios/star-two-phase.yaml --set traffic.measure=500 ";
    REQUIRE(run_program(two_phase + "--set nic.consumption_channels=1", out) == 2);
    REQUIRE_THAT(out, Catch::Contains("nic.consumption_channels: the two-phase scheme"));
    REQUIRE(run_program(two_phase + "--set router.path_worms=false --set nic.multicast=hamiltonian",
                        out) == 2);
    REQUIRE_THAT(out,
                 Catch::Contains("nic.multicast: hamiltonian sends multidestination path worms"));
    REQUIRE(run_program(two_phase +
                            "--set router.path_worms=false --set nic.consumption_channels=1 "
                            "--set nic.multicast=unicast",
                        out) == 0);
    REQUIRE(run_program(two_phase + "--set network.n=9", out) == 2);
    REQUIRE_THAT(out, Catch::Contains("network.n: 9"));
    REQUIRE(run_program(two_phase + "--set network.size=4", out) == 2);
    REQUIRE_THAT(out, Catch::Contains("network.size: unknown key"));
}
