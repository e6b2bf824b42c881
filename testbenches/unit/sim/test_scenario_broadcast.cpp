// traffic.kind: broadcast and collective nic.multicast schemes: the source draws, the broadcast
// sends, the requests a collective scheme submits instead, and seeded runs that deliver every
// message (part) exactly once.
#include <catch2/catch.hpp>

#include <algorithm>
#include <numeric>
#include <set>

#include "testbenches/sim/Runner.hpp"
#include "testbenches/sim/Scenario.hpp"
#include "testbenches/traffic/TrafficSchedule.hpp"

using namespace wormcast;

namespace {

sim::Scenario parse(const std::string& yaml, const std::vector<std::string>& sets = {}) {
    YAML::Node root = YAML::Load(yaml);
    sim::apply_overrides(root, sets);
    return sim::parse_scenario(root, "test.yaml");
}

const char* kTorus =
    "network: {topology: torus, size: 5x5}\n"
    "router: {vcs: 2, buffer_depth: 2, t_node: 2}\n"
    "nic: {all_port: true, injection_channels: 4, consumption_channels: 4, t_startup: 20}\n"
    "traffic: {kind: broadcast, random_sources: 6, length: 9}\n";

}  // namespace

TEST_CASE("random_nodes draws distinct nodes, ascending, the same for the same seed",
          "[sim][broadcast]") {
    for (std::uint64_t seed = 0; seed < 50; ++seed)
        for (std::uint32_t count : {1u, 7u, 25u}) {
            const auto nodes = random_nodes(count, 25, seed);
            REQUIRE(nodes.size() == count);
            REQUIRE(std::is_sorted(nodes.begin(), nodes.end()));
            REQUIRE(std::set<NodeId>(nodes.begin(), nodes.end()).size() == count);
            REQUIRE(nodes.back() < 25);
            REQUIRE(random_nodes(count, 25, seed) == nodes);
        }
    REQUIRE(random_nodes(7, 25, 1) != random_nodes(7, 25, 2));
    REQUIRE_THROWS_AS(random_nodes(0, 25, 1), ConfigError);
    REQUIRE_THROWS_AS(random_nodes(26, 25, 1), ConfigError);
}

TEST_CASE("broadcast_schedule: every source to every other node at cycle 0", "[sim][broadcast]") {
    const auto sends = broadcast_schedule({4, 0, 9}, 10, 7);
    REQUIRE(sends.size() == 3);
    for (const auto& s : sends) {
        REQUIRE(s.at == 0);
        REQUIRE(s.length == 7);
        REQUIRE(s.destinations.size() == 9);
        REQUIRE(std::find(s.destinations.begin(), s.destinations.end(), s.source) ==
                s.destinations.end());
    }
    REQUIRE(sends[0].source == 4);
    REQUIRE_THROWS_AS(broadcast_schedule({1, 1}, 10, 7), ConfigError);
    REQUIRE_THROWS_AS(broadcast_schedule({10}, 10, 7), ConfigError);
    REQUIRE_THROWS_AS(broadcast_schedule({}, 10, 7), ConfigError);
}

TEST_CASE("a collective scheme replaces the broadcast's requests (EDST: four parts per source)",
          "[sim][broadcast]") {
    const auto separate = parse(kTorus);
    REQUIRE(separate.schedule().size() == 6);
    const auto atd = parse(kTorus, {"nic.multicast=atd:h=5"});
    REQUIRE(atd.schedule().size() == 6);
    const auto edst = parse(kTorus, {"nic.multicast=edst"});
    const auto parts = edst.schedule();
    REQUIRE(parts.size() == 24);
    for (std::size_t i = 0; i < 6; ++i) {
        std::uint32_t flits = 0;
        for (std::size_t q = 0; q < 4; ++q) {
            REQUIRE(parts[4 * i + q].source == separate.schedule()[i].source);
            flits += parts[4 * i + q].length;
        }
        REQUIRE(flits == 9);
    }
    // Listed sources keep their order; another seed draws others.
    const auto listed =
        parse(kTorus, {"traffic={kind: broadcast, sources: \"4,4;0,0\", length: 8}"});
    REQUIRE(listed.schedule()[0].source == 24);
    std::vector<NodeId> first, second;
    for (const auto& send : separate.schedule()) first.push_back(send.source);
    for (const auto& send : parse(kTorus, {"run.seed=2"}).schedule()) second.push_back(send.source);
    REQUIRE(first != second);
}

TEST_CASE("seeded broadcast scenarios deliver every message exactly once with every scheme",
          "[sim][broadcast]") {
    for (std::uint64_t seed = 1; seed <= 3; ++seed)
        for (const char* scheme : {"atd:h=5", "atd:h=1", "edst", "naive", "separate"}) {
            INFO(scheme << " seed " << seed);
            const auto s = parse(kTorus, {"nic.multicast=" + std::string(scheme),
                                          "run.seed=" + std::to_string(seed)});
            const auto r = sim::run_network(s.network(), s.params, s.schedule(), s.run);
            REQUIRE(r.ok());
            REQUIRE(r.traffic.completed == s.schedule().size());
        }
}
