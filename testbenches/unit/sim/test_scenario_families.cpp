// Scenario files on every topology family (docs/architecture.md, the family seam): the multistage
// networks under mixed unicast and multicast traffic with ATBM tree worms and token rings, and
// with the software schemes; family keys checked like every other key.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <fmt/format.h>

#include "systemc/NetworkParams.hpp"
#include "testbenches/sim/Results.hpp"
#include "testbenches/sim/Scenario.hpp"

using namespace wormcast;

namespace {

std::string scenario_path(const std::string& name) {
    return std::string(WORMCAST_SOURCE_DIR) + "/testbenches/scenarios/" + name;
}

/// A shortened run of a committed scenario file.
sim::RunResult run_file(const std::string& name, std::vector<std::string> sets) {
    sets.push_back("traffic.measure=4000");
    sets.push_back("traffic.warmup=500");
    const sim::Scenario s = sim::load_scenario(scenario_path(name), sets);
    return sim::run_network(s.network(), s.params, s.schedule(), s.run);
}

}  // namespace

TEST_CASE(
    "MIN scenario files run mixed unicast and ATBM multicast traffic, every message delivered once",
    "[scenario][min]") {
    for (const char* file : {"min-uni.yaml", "min-bi.yaml"}) {
        for (std::uint64_t seed : {1, 2, 3}) {
            INFO(file << " seed " << seed);
            const sim::RunResult r = run_file(file, {fmt::format("run.seed={}", seed)});
            for (const auto& p : r.problems) UNSCOPED_INFO(p);
            REQUIRE(r.ok());
            REQUIRE(r.nodes == 64);
            REQUIRE(r.multicast_latency.count > 0);  // the traffic holds multicasts...
            REQUIRE(r.unicast_latency.count > r.multicast_latency.count);  // ...among more unicasts
            REQUIRE(r.token_grants > 0);  // tree operations took their group's token
        }
    }
}

TEST_CASE(
    "MIN scenario files run the software schemes: more worms than requests, no tree operation",
    "[scenario][min]") {
    const std::vector<std::pair<std::string, std::string>> runs{{"min-uni.yaml", "cmin"},
                                                                {"min-bi.yaml", "umin"}};
    for (const auto& [file, scheme] : runs) {
        INFO(file << " " << scheme);
        const sim::RunResult tree = run_file(file, {});
        const sim::RunResult software = run_file(file, {"nic.multicast=" + scheme});
        REQUIRE(software.ok());
        REQUIRE(software.token_grants == 0);
        REQUIRE(software.bubbles == 0);
        // The same requests: a multicast of d destinations costs d unicast worms in software and
        // one tree worm in the switches.
        REQUIRE(software.multicast_latency.count == tree.multicast_latency.count);
        REQUIRE(software.messages_sent > tree.messages_sent);
        REQUIRE(software.startups_total > tree.startups_total);
    }
}

TEST_CASE("family keys of a scenario are checked with the field and the reason",
          "[scenario][min]") {
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
        {{"network.b=1"}, "network.b: 1 is not in 2.."},
        {{"network.n=x"}, "network.n: 'x' is not a whole number"},
        {{"network.colour=red"},
         "network.colour: unknown key (allowed: b, n, forward, tokens, token_pass)"},
        {{"network.tokens=maybe"}, "network.tokens: 'maybe' is not one of ring, average, none"},
        {{"network.size=4x4"}, "network.size: unknown key"},
        {{"nic.multicast=hl"}, "nic.multicast: 'hl' is not one of separate, atbm, cmin, umin"},
        {{"nic.multicast=cmin"}, "nic.multicast: cmin"},
        {{"nic.consumption_channels=3"},
         "nic.consumption_channels: 3, a node of this MIN has 1 or b = 4"},
        {{"nic.injection_channels=2"}, "nic.injection_channels: 2"},
        {{"router.tree_worms=false"}, "router.tree_worms: true"},
        {{"network.rtl=9,0"}, "network.rtl: '9,0' is not a switch stage,row"},
        {{"trace.routers=0"}, "trace.routers: '0' is not a switch written stage,row"},
    };
    for (const auto& [sets, message] : cases) {
        INFO("--set " << sets.front());
        REQUIRE_THROWS_WITH(sim::load_scenario(scenario_path("min-bi.yaml"), sets),
                            Catch::Contains(message));
    }
    const std::vector<std::pair<std::vector<std::string>, std::string>> uni{
        {{"network.forward=fixed"},
         "network.forward: only a BI-MIN (min-bi) chooses forward ports"},
        {{"nic.multicast=umin"}, "nic.multicast: umin"},
    };
    for (const auto& [sets, message] : uni) {
        INFO("--set " << sets.front());
        REQUIRE_THROWS_WITH(sim::load_scenario(scenario_path("min-uni.yaml"), sets),
                            Catch::Contains(message));
    }
}

TEST_CASE("a topology string in network.topology is the same network as its keys", "[scenario]") {
    const sim::Scenario keys = sim::load_scenario(scenario_path("min-bi.yaml"), {});
    const sim::Scenario text =
        sim::load_scenario(scenario_path("min-bi.yaml"),
                           {"network={topology: \"min-bi:b=4,n=3,forward=adaptive,tokens=ring\"}"});
    REQUIRE(keys.topology->spec() == text.topology->spec());
    REQUIRE_THROWS_WITH(sim::load_scenario(scenario_path("min-bi.yaml"),
                                           {"network={topology: \"min-bi:b=4,n=3\", b: 4}"}),
                        Catch::Contains("network.b: give the topology as a string"));
}

TEST_CASE("the results JSON holds every declared network parameter", "[scenario][results]") {
    const sim::Scenario s = sim::load_scenario(scenario_path("min-uni.yaml"), {});
    sim::RunResult r;  // the parameters do not depend on the run
    const auto json = sim::to_json(r, s.params);
    for (const auto& d : network_parameters()) {
        INFO(d.name());
        REQUIRE(json["parameters"].contains(d.key));
        REQUIRE(json["parameters"][d.key].dump() != "null");
    }
    REQUIRE(json["parameters"]["tree_worms"] == true);
    REQUIRE(json["parameters"]["t_startup"] == 25);  // 500 ns at 20 ns
    REQUIRE(json["parameters"]["header_encoding"] == "tagged");
    REQUIRE(json["parameters"].size() == network_parameters().size());
}
