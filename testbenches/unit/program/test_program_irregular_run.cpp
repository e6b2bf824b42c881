// `wormcast run` on irregular networks (issue 13): the scenario files of a hand-written topology
// file and of a lattice network deliver their mixed unicast + SPAM multicast traffic exactly once
// and report the root hot spot; the naive tree deadlocks and the run exits 3 naming the cycle.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "testbenches/unit/program/ProgramRunner.hpp"

using wormcast::testing::run_program;
using wormcast::testing::scratch;
using wormcast::testing::slurp;

namespace {

/// Runs a scenario with `sets`; requires exit 0, every measured message completed, and the root
/// hot spot in the summary and the JSON. Returns the JSON.
nlohmann::json require_delivered(const std::string& scenario, const std::string& sets) {
    std::string out;
    const std::string json = scratch("irregular-run.json");
    const int code = run_program("run " + scenario + " " + sets + " --json " + json, out);
    INFO(scenario << " " << sets << "\n" << out);
    REQUIRE(code == 0);
    CHECK_THAT(out, Catch::Contains("check        every message delivered exactly once"));
    CHECK_THAT(out, Catch::Contains("metrics      root_flits_out"));
    const auto result = nlohmann::json::parse(slurp(json));
    CHECK(result["ok"] == true);
    CHECK(result["deadlock"] == false);
    CHECK(result["measured_multicasts"].get<int>() > 0);
    CHECK(result["completed_multicasts"] == result["measured_multicasts"]);
    CHECK(result["network_metrics"]["root_flits_out"].get<long>() > 0);
    return result;
}

}  // namespace

TEST_CASE(
    "wormcast run on a topology file and on a lattice network delivers mixed SPAM traffic exactly "
    "once",
    "[program][irregular]") {
    auto r = require_delivered("testbenches/scenarios/irregular-file.yaml", "");
    CHECK(r["network"] == "irregular:testbenches/scenarios/networks/small10.yaml");
    CHECK(r["nodes"] == 14);
    CHECK(r["routers"] == 10);
    require_delivered("testbenches/scenarios/irregular-file.yaml",
                      "--set nic.multicast=unicast --seed 5");
    r = require_delivered("testbenches/scenarios/irregular-lattice.yaml",
                          "--set traffic.measure=8000");
    CHECK(r["routers"] == 32);
    require_delivered(
        "testbenches/scenarios/irregular-lattice.yaml",
        "--set traffic.measure=4000 --set router.buffer_depth=1 --set traffic.load=0.1 "
        "--set network.selection=static --seed 3");
    // A VCD of a traced switch, as on the other families.
    std::string out;
    const std::string vcd = scratch("irregular.vcd");
    REQUIRE(
        run_program(
            "run testbenches/scenarios/irregular-file.yaml --set traffic.measure=2000 --vcd " + vcd,
            out) == 0);
    CHECK_THAT(slurp(vcd), Catch::Contains("$enddefinitions"));
}

TEST_CASE("wormcast run refuses bad irregular scenario keys with exit 2 and the field",
          "[program][irregular]") {
    std::string out;
    REQUIRE(run_program("run testbenches/scenarios/irregular-lattice.yaml --set network.switches=0",
                        out) == 2);
    CHECK_THAT(out, Catch::Contains("switches"));
    REQUIRE(
        run_program("run testbenches/scenarios/irregular-file.yaml --set network.file=nowhere.yaml",
                    out) == 2);
    CHECK_THAT(out, Catch::Contains("cannot read") && Catch::Contains("nowhere.yaml"));
    REQUIRE(run_program(
                "run testbenches/scenarios/irregular-lattice.yaml --set router.tree_worms=false",
                out) == 2);
    CHECK_THAT(out, Catch::Contains("nic.multicast") && Catch::Contains("tree worms"));
    REQUIRE(run_program("run testbenches/scenarios/irregular-lattice.yaml --set nic.multicast=hl",
                        out) == 2);
    CHECK_THAT(out, Catch::Contains("nic.multicast") && Catch::Contains("naive-tree"));
}

TEST_CASE("wormcast run with the naive tree deadlocks, exits 3 and names the wait-for cycle",
          "[program][irregular][deadlock]") {
    std::string out;
    const std::string sets =
        "--set network.switches=16 --set network.seed=1 --set router.buffer_depth=1 --set "
        "nic.multicast=naive-tree "
        "--set nic.t_startup=0 --set traffic.multicast_ratio=1.0 --set "
        "traffic.multicast_destinations=2..15 "
        "--set traffic.load=0.3 --set traffic.length=16 --set traffic.warmup=0 --set "
        "traffic.measure=400 "
        "--set run.watchdog_cycles=500";
    const int code = run_program("run testbenches/scenarios/irregular-lattice.yaml " + sets, out);
    INFO(out);
    REQUIRE(code == 3);
    CHECK_THAT(out, Catch::Contains("DEADLOCK") && Catch::Contains("wait-for cycle of"));
    // SPAM delivers the same traffic.
    REQUIRE(run_program("run testbenches/scenarios/irregular-lattice.yaml " + sets +
                            " --set nic.multicast=spam",
                        out) == 0);
}
