// Saturation and deadlock through the built program (docs/saturation.md): a mesh offered more
// than it accepts is reported as saturated at the end of its measured window, in words and in
// JSON, instead of draining its queues; a deadlock stays the watchdog's (exit 3).
#include <catch2/catch.hpp>

#include <string>

#include <nlohmann/json.hpp>

#include "testbenches/unit/program/ProgramRunner.hpp"

using wormcast::testing::run_program;
using wormcast::testing::scratch;
using wormcast::testing::slurp;

TEST_CASE("wormcast run reports a saturated mesh as saturated and stops at the end of the window",
          "[program][saturation]") {
    std::string out;
    const std::string json = scratch("saturated.json");
    // The demo's 4x4 mesh offered 0.8 flits/node/cycle: XY routing on one VC accepts far less.
    REQUIRE(run_program("run testbenches/scenarios/demo.yaml --set traffic.load=0.8 --set "
                        "traffic.measure=4000 --json " +
                            json,
                        out) == 0);
    INFO(out);
    CHECK_THAT(out, Catch::Contains("SATURATED    saturated: over cycles 2500-4500"));
    CHECK_THAT(out, Catch::Contains("offered") && Catch::Contains("accepted"));
    CHECK_THAT(out, Catch::Contains("not drained"));
    CHECK_THAT(out, !Catch::Contains("DEADLOCK"));
    const auto r = nlohmann::json::parse(slurp(json));
    CHECK(r["saturated"] == true);
    CHECK(r["deadlock"] == false);
    CHECK(r["drained"] == false);
    CHECK(r["ok"] == true);
    // It stopped where the traffic ended, not after a drain.
    CHECK(r["cycles"] == 4500);
    const auto& s = r["saturation"];
    CHECK(s["saturated"] == true);
    CHECK(s["offered_flits_per_node_cycle"].get<double>() >
          1.5 * s["accepted_flits_per_node_cycle"].get<double>());
    CHECK(s["source_backlog_flits_to"].get<double>() >
          s["source_backlog_flits_from"].get<double>());
    // Left to drain (run.stop_when_saturated: false) the same run goes on long after the window.
    REQUIRE(run_program("run testbenches/scenarios/demo.yaml --set traffic.load=0.8 --set "
                        "traffic.measure=4000 --set run.stop_when_saturated=false --json " +
                            json,
                        out) == 0);
    const auto drained = nlohmann::json::parse(slurp(json));
    CHECK(drained["saturated"] == false);
    CHECK(drained["drained"] == true);
    CHECK(drained["cycles"].get<long>() > 6000);
}

TEST_CASE("wormcast run: the demo's load is not saturation, a deadlock is not saturation",
          "[program][saturation]") {
    std::string out;
    const std::string json = scratch("unsaturated.json");
    REQUIRE(run_program("run testbenches/scenarios/demo.yaml --json " + json, out) == 0);
    auto r = nlohmann::json::parse(slurp(json));
    CHECK(r["saturated"] == false);
    CHECK(r["saturation"]["saturated"] == false);
    CHECK(r["drained"] == true);
    CHECK_THAT(out, !Catch::Contains("SATURATED"));
    // Tree worms without token rings on buffers of one flit deadlock (test_program_waves.cpp):
    // the watchdog's wait-for cycle, exit 3, whatever the queues did.
    const int code = run_program(
        "run testbenches/scenarios/min-uni.yaml --set network.tokens=none --set "
        "router.buffer_depth=1 --set traffic.load=0.2 --set traffic.multicast_ratio=0.6 --set "
        "traffic.measure=3000 --set run.watchdog_cycles=2000 --json " +
            json,
        out);
    INFO(out);
    REQUIRE(code == 3);
    r = nlohmann::json::parse(slurp(json));
    CHECK(r["deadlock"] == true);
    CHECK(r["saturated"] == false);
    CHECK(r["ok"] == false);
    CHECK_THAT(out, Catch::Contains("DEADLOCK") && !Catch::Contains("SATURATED"));
}
