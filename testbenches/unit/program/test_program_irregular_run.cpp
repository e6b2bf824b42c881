// `wormcast run` on irregular networks (issue 13): the scenario files of a hand-written topology
// file and of a lattice network deliver their mixed unicast + SPAM multicast traffic exactly once
// and report the root hot spot; the naive tree and non-atomic OCRQs deadlock and the run exits 3
// naming the cycle; SPAM in groups (nic.groups, plan --groups).
#include <catch2/catch.hpp>

#include <set>

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

TEST_CASE("wormcast run with non-atomic OCRQ requests deadlocks at one switch, atomic ones do not",
          "[program][irregular][deadlock]") {
    // Found by trying run seeds 1-6 at loads 0.2 and 0.4 on this network (docs/irregular.md):
    // two SPAM worms each hold one output of switch 0 that the other needs.
    const std::string sets =
        "--set network.switches=32 --set network.seed=3 --set nic.t_startup=0 --set "
        "traffic.multicast_ratio=0.5 --set traffic.multicast_destinations=2..31 --set "
        "traffic.load=0.4 --set traffic.length=16 --set traffic.warmup=0 --set "
        "traffic.measure=300 --set run.watchdog_cycles=500 --set run.seed=5 --set "
        // the sources' queues grow while the worms lock up: a saturated run would stop at the
        // end of the window before the watchdog sees the cycle (docs/saturation.md)
        "run.stop_when_saturated=false";
    std::string out;
    const int code = run_program("run testbenches/scenarios/irregular-lattice.yaml " + sets +
                                     " --set router.atomic_ocrq=false",
                                 out);
    INFO(out);
    REQUIRE(code == 3);
    CHECK_THAT(out, Catch::Contains("wait-for cycle of 2 channels") &&
                        Catch::Contains("(waiting-for-output"));
    REQUIRE(run_program("run testbenches/scenarios/irregular-lattice.yaml " + sets, out) == 0);
    CHECK_THAT(out, Catch::Contains("every message delivered exactly once"));
}

TEST_CASE("wormcast run and plan with SPAM in groups (nic.groups, --groups)",
          "[program][irregular][groups]") {
    std::string out;
    REQUIRE(run_program("run testbenches/scenarios/irregular-lattice.yaml --set nic.groups=3 --set "
                        "traffic.measure=3000",
                        out) == 0);
    CHECK_THAT(out, Catch::Contains("spam (nic.multicast), --groups 3") &&
                        Catch::Contains("every message delivered exactly once"));
    for (const char* bad : {"--set nic.groups=0", "--set nic.groups=x",
                            "--set nic.groups=2 --set nic.multicast=unicast",
                            "--set nic.groups=2 --set nic.multicast=separate"}) {
        INFO(bad);
        CHECK(run_program(std::string("run testbenches/scenarios/irregular-lattice.yaml ") + bad,
                          out) == 2);
        CHECK_THAT(out, Catch::Contains("nic.groups"));
    }
    // Star scenarios have no scheme options: the key is unknown there.
    CHECK(run_program("run testbenches/scenarios/star-multipath.yaml --set nic.groups=2", out) ==
          2);
    CHECK_THAT(out, Catch::Contains("nic.groups: unknown key"));

    REQUIRE(run_program("plan --topology lattice:switches=16,seed=1 --algorithm spam --source 0 "
                        "--dests 3,5,7,9,12,15 --groups 3 --json",
                        out) == 0);
    const auto plan = nlohmann::json::parse(out);
    REQUIRE(plan["groups"] == 3);
    REQUIRE(plan["worms"].size() == 3);
    std::set<int> served;
    int channels = 0;
    for (const auto& worm : plan["worms"]) {
        REQUIRE(worm["destinations"].size() == 2);
        for (const auto& d : worm["destinations"]) served.insert(d.get<int>());
        for (const char* key : {"lca", "route_to_lca", "down_tree", "channels_used"})
            REQUIRE(worm.contains(key));
        REQUIRE(worm["route_to_lca"].front() == 0);  // from the source's switch
        channels += worm["channels_used"].get<int>();
    }
    CHECK(served == std::set<int>{3, 5, 7, 9, 12, 15});
    CHECK(plan["channels_used"] == channels);
    CHECK(run_program("plan --topology lattice:switches=16,seed=1 --algorithm unicast --source 0 "
                      "--dests 3,5 --groups 2",
                      out) == 2);
    CHECK_THAT(out, Catch::Contains("--groups: only for --algorithm spam"));
}

TEST_CASE("reproduce spam-groups --quick writes its CSV with both parts",
          "[program][irregular][groups][reproduce]") {
    std::string out;
    const std::string dir = scratch("spam-groups-quick");
    REQUIRE(run_program("reproduce spam-groups --quick --jobs 2 --out " + dir, out) == 0);
    CHECK_THAT(out, Catch::Contains("what splitting does"));
    const std::string csv = slurp(dir + "/spam-groups.csv");
    CHECK_THAT(csv, Catch::StartsWith("part,groups,destinations,rate_per_us,runs,"));
    CHECK_THAT(csv, Catch::Contains("\nsingle,1,64,0,") && Catch::Contains("\nsingle,4,64,0,") &&
                        Catch::Contains("\nload,1,64,0.005,") &&
                        Catch::Contains("\nload,4,64,0.005,"));
}
