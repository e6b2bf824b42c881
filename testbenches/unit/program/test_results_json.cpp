// What a user sees of a run (issue "What a user sees"): results JSON that describes itself (the
// effective scenario, its hash, the program), per-link and per-router counts, offered and
// accepted per destination; progress lines with --progress; the cycle budget run.max_hours (checked
// as a number here).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <regex>
#include <sstream>
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "testbenches/unit/program/ProgramRunner.hpp"

using wormcast::testing::run_program;
using wormcast::testing::scratch;
using wormcast::testing::slurp;

namespace {

nlohmann::json run_json(const std::string& args) {
    std::string out;
    const std::string path = scratch("results.json");
    std::remove(path.c_str());
    const int code = run_program(args + " --json " + path, out);
    INFO(args << "\n" << out);
    REQUIRE(code == 0);
    return nlohmann::json::parse(slurp(path));
}

std::string sha256sum(const std::string& path) {
    std::string out;
    REQUIRE(wormcast::testing::run_binary("sha256sum", path, out) == 0);
    return out.substr(0, 64);
}

}  // namespace

TEST_CASE("the results JSON holds the effective scenario, its hash and the program",
          "[program][results]") {
    const std::string demo = "testbenches/scenarios/demo.yaml";
    const auto j = run_json(
        "run " + demo + " --set traffic.measure=600 --set traffic.load=0.07 --set router.vcs=2");
    REQUIRE(j.contains("scenario"));
    const auto& s = j["scenario"];
    CHECK(s["path"] == demo);
    CHECK(s["sha256"] == sha256sum(std::string(WORMCAST_SOURCE_DIR) + "/" + demo));
    for (const char* section : {"network", "router", "nic", "traffic", "run", "trace"})
        CHECK(s.contains(section));
    CHECK(s["network"]["topology"] == "mesh:4x4");
    CHECK(s["traffic"]["load"] == 0.07);        // an override
    CHECK(s["traffic"]["measure"] == 600);      // an override
    CHECK(s["router"]["vcs"] == 2);             // an override of a declared parameter
    CHECK(s["run"]["drain_limit"] == 2000000);  // a default the file does not set
    CHECK(s["run"]["max_hours"] == 24.0);       // a default
    CHECK(s["nic"]["multicast"] == "separate");
    CHECK(s.contains("clock_ns"));
    CHECK(j["program"]["name"] == "wormcast");
    CHECK(j["program"]["version"].get<std::string>().size() > 0);
    // The keys other tools read are still there.
    for (const char* key :
         {"network", "parameters", "offered_flits_per_node_cycle", "accepted_flits_per_node_cycle",
          "link_utilisation_mean", "link_utilisation_max", "latency_cycles", "ok"})
        CHECK(j.contains(key));
}

TEST_CASE("per-link and per-router counts add up to the run's totals", "[program][results]") {
    // A mesh, a torus, a MIN with ATBM trees (bubbles, token waits) and a star graph.
    const std::vector<std::string> runs{
        "run testbenches/scenarios/demo.yaml --set traffic.measure=800",
        "run testbenches/scenarios/demo.yaml --set network.topology=torus --set network.size=5x3 "
        "--set router.vcs=2 --set traffic.measure=800",
        "run testbenches/scenarios/min-uni.yaml --set traffic.measure=1500 --set "
        "traffic.warmup=200",
        "run testbenches/scenarios/star-two-phase.yaml --set traffic.measure=1500",
    };
    for (const auto& args : runs) {
        const auto j = run_json(args);
        INFO(args);
        const auto& links = j["per_link"];
        const auto& routers = j["per_router"];
        REQUIRE(routers.size() == j["routers"].get<std::size_t>());
        REQUIRE(links.size() > 0);
        double sum = 0, max = 0;
        std::uint64_t bubbles = 0, token_waits = 0, token_grants = 0, router_flits = 0, blocked = 0;
        for (const auto& l : links) {
            CHECK(l["utilisation"].get<double>() ==
                  Approx(l["flits"].get<double>() / j["cycles"].get<double>()));
            sum += l["utilisation"].get<double>();
            max = std::max(max, l["utilisation"].get<double>());
            CHECK(l.contains("from_name"));
        }
        for (const auto& r : routers) {
            bubbles += r["bubbles"].get<std::uint64_t>();
            token_waits += r["token_wait_cycles"].get<std::uint64_t>();
            token_grants += r["token_grants"].get<std::uint64_t>();
            router_flits += r["flits"].get<std::uint64_t>();
            blocked += r["blocked_cycles"].get<std::uint64_t>();
            CHECK(r["blocked_cycles"].get<std::uint64_t>() <= j["cycles"].get<std::uint64_t>());
            CHECK(r.contains("name"));
        }
        CHECK(sum / static_cast<double>(links.size()) ==
              Approx(j["link_utilisation_mean"].get<double>()));
        CHECK(max == Approx(j["link_utilisation_max"].get<double>()));
        CHECK(bubbles == j["bubbles"].get<std::uint64_t>());
        CHECK(token_waits == j["token_wait_cycles"].get<std::uint64_t>());
        CHECK(token_grants == j["token_grants"].get<std::uint64_t>());
        CHECK(blocked == j["blocked_cycles"].get<std::uint64_t>());
        // Every flit consumed left a router on a consumption channel.
        CHECK(router_flits >= j["flits_consumed"].get<std::uint64_t>());
    }
}

TEST_CASE("offered and accepted per destination agree where the network keeps up",
          "[program][results]") {
    // Unicast traffic: per destination is the payload the old keys count.
    auto j = run_json("run testbenches/scenarios/demo.yaml --set traffic.measure=2000");
    CHECK(j["offered_destination_flits_per_node_cycle"].get<double>() ==
          Approx(j["offered_flits_per_node_cycle"].get<double>()));
    CHECK(j["throughput_window"]["kind"] == "measured");
    // Multicast traffic below saturation: what is offered per destination is accepted, within
    // the noise of a short window (the old keys differ by the destinations and headers).
    for (const std::string scenario :
         {"min-uni.yaml", "min-bi.yaml", "star-multipath.yaml", "mesh-hl.yaml"}) {
        j = run_json("run testbenches/scenarios/" + scenario + " --set traffic.measure=6000");
        INFO(scenario);
        const double offered = j["offered_destination_flits_per_node_cycle"];
        const double accepted = j["accepted_destination_flits_per_node_cycle"];
        CHECK(offered > 0);
        CHECK(accepted == Approx(offered).epsilon(0.15));
    }
    // A broadcast has no measured window: the whole run is the window, and all is delivered.
    j = run_json("run testbenches/scenarios/torus-broadcast.yaml");
    CHECK(j["throughput_window"]["kind"] == "whole run");
    CHECK(j["throughput_window"]["cycles"] == j["cycles"]);
    CHECK(j["offered_destination_flits_per_node_cycle"].get<double>() > 0);
    CHECK(j["accepted_destination_flits_per_node_cycle"].get<double>() ==
          Approx(j["offered_destination_flits_per_node_cycle"].get<double>()));
}

TEST_CASE("run --progress prints progress lines that parse, and none without it",
          "[program][progress]") {
    std::string out;
    REQUIRE(run_program("run testbenches/scenarios/demo.yaml --set traffic.measure=20000 "
                        "--progress",
                        out) == 0);
    const std::regex line(
        R"(progress cycle (\d+)/(\d+) \((warm-up|measuring|draining|done)\) \| (\d+) delivered \| ([0-9.e+]+) cycles/s \| measured window (ends in (\d+:\d\d:\d\d|\?)|done))");
    std::istringstream lines(out);
    int count = 0;
    unsigned long long last = 0;
    std::string phase;
    for (std::string l; std::getline(lines, l);) {
        if (l.rfind("progress ", 0) != 0) continue;  // the summary on stdout
        std::smatch m;
        INFO(l);
        REQUIRE(std::regex_match(l, m, line));
        CHECK(std::stoull(m[2]) == 20500);  // warm-up 500 + measure 20000
        CHECK(std::stoull(m[1]) >= last);
        last = std::stoull(m[1]);
        phase = m[3];
        ++count;
    }
    CHECK(count >= 2);  // the first and the final line, whatever the speed
    CHECK(phase == "done");
    CHECK(last >= 20500);
    // Not a terminal and no --progress: quiet.
    REQUIRE(run_program("run testbenches/scenarios/demo.yaml --set traffic.measure=2000", out) ==
            0);
    CHECK(out.find("progress ") == std::string::npos);
}

TEST_CASE("run.max_hours is a positive number of hours", "[program][progress]") {
    // The budget's verdict from the measured speed is tested on a clock of the test's own
    // (test_simulation.cpp): a program run's speed is the machine's.
    std::string out;
    const std::string json = scratch("budget.json");
    std::remove(json.c_str());
    for (const char* hours : {"0", "-1", "nan", "inf", "soon"}) {
        INFO(hours);
        CHECK(run_program(fmt::format("run testbenches/scenarios/demo.yaml --set run.max_hours={} "
                                      "--json {}",
                                      hours, json),
                          out) == 2);
        CHECK(out.find("run.max_hours") != std::string::npos);
        CHECK(out.find("simulated") == std::string::npos);  // no summary
        CHECK_FALSE(std::filesystem::exists(json));
    }
    CHECK(run_program("run testbenches/scenarios/demo.yaml --set run.max_hours=0", out) == 2);
    CHECK(out.find("run.max_hours: 0 is not in (0, 1000000] hours") != std::string::npos);
}
