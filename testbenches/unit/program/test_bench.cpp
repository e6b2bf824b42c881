// wormcast_bench as a user runs it: every named workload runs and checks its deliveries, one can
// be chosen, and bad arguments are refused with exit 2.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "testbenches/unit/program/ProgramRunner.hpp"

using namespace wormcast::testing;

namespace {

/// The workload names `wormcast_bench --list` prints (first word of each line).
std::vector<std::string> listed_workloads() {
    std::string out;
    REQUIRE(run_binary(WORMCAST_BENCH, "--list", out) == 0);
    std::vector<std::string> names;
    std::istringstream lines(out);
    for (std::string line; std::getline(lines, line);)
        if (!line.empty()) names.push_back(line.substr(0, line.find(' ')));
    return names;
}

}  // namespace

TEST_CASE("wormcast_bench: every workload runs briefly and delivers everything",
          "[program][bench]") {
    const auto names = listed_workloads();
    // The historical mesh rows, the large meshes and the two multicast workloads.
    REQUIRE(names.size() >= 10);
    for (const auto& name : names) {
        if (name == "mesh64-0.01" || name == "mesh32-0.01") continue;  // seconds each; same code
        INFO(name);
        std::string out;
        REQUIRE(run_binary(WORMCAST_BENCH, "200 3 -w " + name, out) == 0);
        // header, column names, one row ending in "ok"
        REQUIRE(out.find("\n" + name + " ") != std::string::npos);
        const auto row = out.substr(out.find("\n" + name + " ") + 1);
        CHECK(row.find(" ok") != std::string::npos);
        CHECK(row.find("FAIL") == std::string::npos);
    }
}

TEST_CASE("wormcast_bench: bad arguments exit 2 with the reason", "[program][bench]") {
    std::string out;
    CHECK(run_binary(WORMCAST_BENCH, "-w no-such-workload", out) == 2);
    CHECK(out.find("--workload no-such-workload: no such workload") != std::string::npos);
    CHECK(run_binary(WORMCAST_BENCH, "0", out) == 2);
    CHECK(out.find("cycles") != std::string::npos);
    CHECK(run_binary(WORMCAST_BENCH, "10 x", out) == 2);
    CHECK(run_binary(WORMCAST_BENCH, "10 1 2", out) == 2);
}
