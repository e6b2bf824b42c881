// The program as a user runs it (the built binary): every family through the same commands, the
// parameter listing, and the layering rule that the program names no family and no paper.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include <nlohmann/json.hpp>

#include "systemc/NetworkParams.hpp"
#include "testbenches/sim/ScenarioKeys.hpp"
#include "testbenches/unit/program/ProgramRunner.hpp"

using wormcast::testing::run_program;
using wormcast::testing::scratch;
using wormcast::testing::slurp;

TEST_CASE("the program names no topology family and no paper", "[program][layers]") {
    // Families and papers reach the command line only through the seams (docs/architecture.md).
    const std::regex names(
        R"(\b(mesh|torus|min|uni-?min|bi-?min|star|irregular|lattice|anynet|kesavan|panda|varavithya|mohapatra|)"
        R"(libeskind|wang|chen|kp|atbm|spam|umesh|spumesh|hl|sqhl|schl|cmin|umin|leader|groups?|dateline|)"
        R"(ecube|e-cube|butterfly)\b)",
        std::regex::icase);
    int files = 0;
    for (const auto& entry :
         std::filesystem::recursive_directory_iterator(std::string(WORMCAST_SOURCE_DIR) + "/app")) {
        if (!entry.is_regular_file()) continue;
        ++files;
        std::ifstream in(entry.path());
        std::string line;
        for (int number = 1; std::getline(in, line); ++number) {
            INFO(entry.path().string() << ":" << number << ": " << line);
            REQUIRE_FALSE(std::regex_search(line, names));
        }
    }
    REQUIRE(files >= 2);
}

TEST_CASE("wormcast run gives the same summary, JSON and VCD on a multistage network as on a mesh",
          "[program][min]") {
    std::string out;
    const std::string json = scratch("min.json"), vcd = scratch("min.vcd");
    REQUIRE(run_program("run testbenches/scenarios/min-bi.yaml --set traffic.measure=3000 --json " +
                            json + " --vcd " + vcd,
                        out) == 0);
    INFO(out);
    for (const char* line :
         {"network      min-bi:b=4,n=3", "latency      mean", "tokens       ",
          "check        every message delivered exactly once", "multicast    atbm (nic.multicast)"})
        REQUIRE_THAT(out, Catch::Contains(line));
    const auto result = nlohmann::json::parse(slurp(json));
    REQUIRE(result["ok"] == true);
    REQUIRE(result["nodes"] == 64);
    REQUIRE(result["token_grants"].get<int>() > 0);
    REQUIRE(result["parameters"].size() == wormcast::network_parameters().size());
    const std::string wave = slurp(vcd);
    REQUIRE_THAT(wave, Catch::Contains("$var") && Catch::Contains("s0_0"));

    // A deadlocking network ends with exit code 3, as on a mesh: tree worms without token rings
    // and with one-flit buffers deadlock under heavy multicast traffic (Varavithya & Mohapatra §3).
    const int code = run_program(
        "run testbenches/scenarios/min-uni.yaml --set network.tokens=none --set "
        "router.buffer_depth=1 --set "
        "traffic.load=0.2 --set traffic.multicast_ratio=0.6 --set traffic.measure=3000 --set "
        "run.watchdog_cycles=2000",
        out);
    INFO(out);
    REQUIRE(code == 3);
    REQUIRE_THAT(out, Catch::Contains("DEADLOCK"));
}

TEST_CASE("wormcast params lists every declared parameter with its range and default",
          "[program]") {
    std::string out;
    REQUIRE(run_program("params", out) == 0);
    for (const auto& d : wormcast::network_parameters()) {
        INFO(d.name());
        REQUIRE_THAT(out, Catch::Contains(d.name()) && Catch::Contains(d.range()));
    }
    for (const auto& k : wormcast::sim::scenario_keys()) {
        INFO(k.name());
        REQUIRE_THAT(out, Catch::Contains(k.name()) && Catch::Contains(k.range()) &&
                              Catch::Contains(k.meaning));
    }
    REQUIRE(run_program("params --json", out) == 0);
    const auto listing = nlohmann::json::parse(out);
    REQUIRE(listing.size() ==
            wormcast::network_parameters().size() + wormcast::sim::scenario_keys().size());
    REQUIRE(listing[0]["name"] == "clock_ns");
    REQUIRE(listing.back()["name"] == wormcast::sim::scenario_keys().back().name());
    REQUIRE(listing.back()["default"] == wormcast::sim::scenario_keys().back().fallback);
}

TEST_CASE("plan, topology and the family commands reach every family through the seam",
          "[program]") {
    std::string out;
    REQUIRE(
        run_program("plan --topology min-bi:b=4,n=2 --algorithm atbm --source 0 --dests 5,9 --json",
                    out) == 0);
    REQUIRE(nlohmann::json::parse(out).contains("hops"));
    REQUIRE(run_program(
                "plan --topology mesh:4x4 --algorithm hl --source 0,0 --dests \"1,1;3,3\" --json",
                out) == 0);
    REQUIRE(nlohmann::json::parse(out)["algorithm"] == "hl");
    REQUIRE(run_program("topology --topology min-uni:b=2,n=3 --json", out) == 0);
    REQUIRE(nlohmann::json::parse(out)["nodes"] == 8);
    REQUIRE(run_program("groups --topology min-uni:b=2,n=3 --json", out) == 0);
    REQUIRE(nlohmann::json::parse(out).contains("switches"));
    // An option of one family on another, or of one paper's experiments on another's: refused.
    REQUIRE(run_program("plan --topology min-bi:b=4,n=2 --algorithm atbm --source 0 --dests 5 "
                        "--leader-phase spumesh",
                        out) == 2);
    REQUIRE_THAT(out,
                 Catch::Contains("--leader-phase: not an option of plans on multistage networks"));
    REQUIRE(run_program("plan --topology mesh:4x4 --algorithm hl --source 0,0 --dests 1,1 --dot "
                        "/nonexistent/x.dot",
                        out) == 2);
    REQUIRE(run_program("reproduce atbm-example --leader-phase spumesh --out " + scratch("r"),
                        out) == 2);
    REQUIRE_THAT(out, Catch::Contains("--leader-phase: not an option of atbm-example"));
    REQUIRE(run_program("plan --topology ring:8 --algorithm x --source 0 --dests 1", out) == 2);
    REQUIRE_THAT(out, Catch::Contains("mesh:") && Catch::Contains("min-bi:"));
}
