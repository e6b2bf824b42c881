// The irregular family behind the family seam (issue 13): topologies from topology strings and
// scenario keys, networks with the schemes' firmware and switch routing as `wormcast run` builds
// them. Seeded random lattice networks of 16..64 switches under heavy mixed unicast + SPAM
// multicast traffic deliver every message exactly once; the naive tree (a scheme that changes the
// switches' routing) deadlocks on some seed with the watchdog naming the cycle; the run reports
// the root hot spot.
#include <catch2/catch.hpp>

#include <random>
#include <regex>

#include <fmt/format.h>

#include "IrregularTestSupport.hpp"
#include "testbenches/sim/PatternRun.hpp"
#include "testbenches/sim/Runner.hpp"
#include "topologies/irregular/IrregularMulticast.hpp"
#include "topologies/irregular/network/IrregularFamily.hpp"

using namespace wormcast;
using namespace wormcast::irregular;

namespace {

NetworkParams family_params(const Topology& topology, unsigned buffer_depth) {
    NetworkParams p;
    topology.default_params(p);
    p.buffer_depth = buffer_depth;
    p.watchdog_cycles = 1000;
    return p;
}

sim::RunResult run_scheme(const Topology& topology, const std::string& scheme,
                          const NetworkParams& params, const std::vector<ScheduledSend>& sends,
                          std::uint64_t seed, Cycle drain_limit) {
    sim::RunOptions o;
    o.seed = seed;
    o.drain_limit = drain_limit;
    return sim::run_network(sim::scheme_network(topology, scheme, {}, params), params, sends, o);
}

}  // namespace

TEST_CASE("the family reads lattice strings, topology files and scenario keys",
          "[irregular][family]") {
    const auto lattice =
        parse_topology("lattice:switches=20,seed=4,root=3,selection=static", "--topology");
    CHECK(lattice->spec() == "lattice:switches=20,seed=4,root=3,selection=static");
    CHECK(lattice->nodes() == 20);
    CHECK(lattice->routers() == 20);
    CHECK(spam_routing_of(*lattice, "t")->graph().root() == 3);
    CHECK(lattice->format_router(7) == "s7");
    CHECK(lattice->parse_router("s7", "f") == 7);
    CHECK(lattice->parse_node("19", "f") == 19);
    CHECK_THROWS_WITH(lattice->parse_node("20", "--source"),
                      Catch::Contains("--source") && Catch::Contains("0..19"));
    // Scenario keys, the file relative to the scenario's folder.
    const std::string dir = std::string(WORMCAST_SOURCE_DIR) + "/testbenches/scenarios";
    TopologyKeys keys("network", {{"file", "networks/small10.yaml"}, {"root", "2"}});
    keys.set_base_directory(dir);
    const auto file = irregular_family().make("irregular", keys);
    CHECK(file->nodes() == 14);
    CHECK(file->routers() == 10);
    CHECK(spam_routing_of(*file, "t")->graph().root() == 2);
    TopologyKeys bad("network", {{"file", "networks/small10.yaml"}, {"size", "4"}});
    CHECK_THROWS_WITH(irregular_family().make("irregular", bad),
                      Catch::Contains("network.size: unknown key"));
    // Processors have one channel each way.
    NetworkParams p = family_params(*lattice, 4);
    p.consumption_channels = 2;
    CHECK_THROWS_WITH(lattice->check_params(p), Catch::Contains("nic.consumption_channels"));
    // Tree worms are on by default; spam refuses switches without them.
    NetworkParams off = family_params(*lattice, 4);
    CHECK(off.tree_worms);
    off.tree_worms = false;
    const auto schemes = lattice->schemes({});
    REQUIRE(schemes.size() == 3);
    CHECK(schemes[0].name == "spam");
    CHECK_THROWS_WITH(schemes[0].check(off),
                      Catch::Contains("nic.multicast") && Catch::Contains("tree worms"));
    CHECK_NOTHROW(schemes[1].check(off));  // unicast: plain unicast worms
}

TEST_CASE(
    "random lattice networks of 16..64 switches through the seam: heavy mixed traffic is delivered "
    "exactly once, and the root hot spot is reported",
    "[irregular][family][property]") {
    std::mt19937_64 draw(20261127);
    for (int trial = 0; trial < 6; ++trial) {
        const std::uint32_t switches = 16 + static_cast<std::uint32_t>(draw() % 49);
        const std::uint64_t network_seed = 1 + draw() % 100000;
        const bool sparse = trial % 2 == 1;
        const std::string text = fmt::format("lattice:switches={},seed={}{}", switches,
                                             network_seed, sparse ? ",links=0.6" : "");
        const auto topology = parse_topology(text, "--topology");
        const unsigned depth = trial % 3 == 0 ? 1 : 4;
        const NetworkParams p = family_params(*topology, depth);
        const std::string scheme = trial == 5 ? "unicast" : "spam";
        const std::uint64_t seed = draw();
        std::mt19937_64 rng(seed);
        // Heavy: 3 sends per processor within about 2 cycles per processor, 40 % multicasts.
        const auto sends = wormcast::testing::mixed_traffic(switches, 3 * switches, 2 * switches,
                                                            0.4, switches - 1, 16, rng);
        INFO(text << " buffers " << depth << " scheme " << scheme << " traffic seed " << seed);
        const auto r = run_scheme(*topology, scheme, p, sends, seed, 400000);
        INFO(r.deadlock_report);
        REQUIRE_FALSE(r.deadlock);
        REQUIRE(r.problems.empty());
        REQUIRE(r.drained);
        CHECK(r.traffic.completed == sends.size());
        // The reported hot spot is the flits the root forwarded, counted independently here.
        const SwitchGraph& graph = spam_routing_of(*topology, "t")->graph();
        REQUIRE(r.network_metrics.contains("root_flits_out"));
        CHECK(r.network_metrics["root_switch"] == graph.root());
        std::uint64_t root = 0, total = 0;
        for (std::size_t i = 0; i < graph.links().size(); ++i) {
            total += r.link_flits[2 * i] + r.link_flits[2 * i + 1];
            if (graph.links()[i].a == graph.root()) root += r.link_flits[2 * i];
            if (graph.links()[i].b == graph.root()) root += r.link_flits[2 * i + 1];
        }
        CHECK(r.network_metrics["root_flits_out"] == root);
        CHECK(root > 0);
        CHECK(r.network_metrics["root_share_of_link_flits"].get<double>() ==
              Approx(static_cast<double>(root) / static_cast<double>(total)));
    }
}

TEST_CASE(
    "the naive-tree scheme splits in the switches before the LCA and deadlocks on some seed, the "
    "watchdog naming the cycle, and SPAM delivers the same traffic",
    "[irregular][family][deadlock][watchdog]") {
    const auto topology = parse_topology("lattice:switches=16,seed=1", "--topology");
    NetworkParams p = family_params(*topology, 1);
    p.watchdog_cycles = 500;
    const std::uint32_t n = topology->nodes();
    std::uint64_t found = 0;
    std::vector<ScheduledSend> sends;
    sim::RunResult naive;
    for (std::uint64_t seed = 1; seed <= 20 && !found; ++seed) {
        std::mt19937_64 rng(seed);
        sends = wormcast::testing::mixed_traffic(n, 2 * n, 100, 1.0, n - 1, 16, rng);
        naive = run_scheme(*topology, "naive-tree", p, sends, seed, 50000);
        if (naive.deadlock) found = seed;
    }
    REQUIRE(found != 0);
    INFO("seed " << found << "\n" << naive.deadlock_report);
    CHECK_THAT(naive.deadlock_report, Catch::Contains("wait-for cycle of"));
    const std::regex holds(R"(holds s\d+\.in\d+)");
    CHECK(std::distance(std::sregex_iterator(naive.deadlock_report.begin(),
                                             naive.deadlock_report.end(), holds),
                        std::sregex_iterator()) >= 2);
    const auto spam = run_scheme(*topology, "spam", p, sends, found, 50000);
    INFO(spam.deadlock_report);
    REQUIRE(spam.ok());
    CHECK(spam.traffic.completed == sends.size());
}
