// SPAM in k groups of contiguous processors (Libeskind-Hadas, Mazzoni & Rajagopalan §5): the
// groups partition the destinations into runs of the tree-preorder chain of near-equal sizes,
// the firmware sends one worm per group, and grouped traffic is delivered exactly once.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <set>

#include "IrregularTestSupport.hpp"
#include "testbenches/sim/PatternRun.hpp"
#include "testbenches/sim/Runner.hpp"
#include "topologies/TopologyFamily.hpp"
#include "topologies/irregular/IrregularPlan.hpp"
#include "topologies/irregular/IrregularTopology.hpp"
#include "topologies/irregular/SpamGroups.hpp"

using namespace wormcast;
using namespace wormcast::irregular;

namespace {

OptionValues option(const std::string& name, const std::string& value) {
    OptionValues out;
    out[name] = value;
    return out;
}

}  // namespace

TEST_CASE("spam_groups cuts the tree-ordered destinations into k near-equal contiguous runs",
          "[irregular][groups]") {
    std::mt19937_64 rng(13);
    for (int trial = 0; trial < 60; ++trial) {
        const std::uint32_t switches = 4 + static_cast<std::uint32_t>(rng() % 60);
        const auto shared_graph =
            std::make_shared<const SwitchGraph>(wormcast::testing::random_graph_spec(
                switches, static_cast<std::uint32_t>(rng() % switches),
                4 + static_cast<unsigned>(rng() % 4), rng));
        const SwitchGraph& graph = *shared_graph;
        const auto shared_partition = std::make_shared<const UpDownPartition>(shared_graph);
        const UpDownPartition& partition = *shared_partition;
        const std::uint32_t n = graph.processors();
        const ProcessorId source = static_cast<ProcessorId>(rng() % n);
        std::set<ProcessorId> chosen;
        const std::uint32_t d = 1 + static_cast<std::uint32_t>(rng() % (n - 1));
        while (chosen.size() < d) {
            const auto p = static_cast<ProcessorId>(rng() % n);
            if (p != source) chosen.insert(p);
        }
        std::vector<ProcessorId> destinations(chosen.begin(), chosen.end());
        std::shuffle(destinations.begin(), destinations.end(), rng);
        const unsigned k = 1 + static_cast<unsigned>(rng() % 10);
        INFO("trial " << trial << " switches " << switches << " d " << d << " k " << k);

        const auto groups = spam_groups(partition, source, destinations, k);
        REQUIRE(groups.size() == std::min<std::size_t>(k, d));
        // Concatenated, the groups are the chain after the source: contiguous runs in order.
        const auto chain = binomial_chain(partition, source, destinations);
        std::vector<ProcessorId> joined;
        std::size_t smallest = d, largest = 0;
        for (std::size_t g = 0; g < groups.size(); ++g) {
            REQUIRE_FALSE(groups[g].empty());
            if (g > 0) REQUIRE(groups[g].size() <= groups[g - 1].size());  // larger runs first
            smallest = std::min(smallest, groups[g].size());
            largest = std::max(largest, groups[g].size());
            joined.insert(joined.end(), groups[g].begin(), groups[g].end());
        }
        REQUIRE(largest - smallest <= 1);
        REQUIRE(joined == std::vector<ProcessorId>(chain.begin() + 1, chain.end()));

        // The firmware: one send per group, each naming exactly its group.
        SpamGroupFirmware firmware(shared_partition, k);
        const auto orders = firmware.start(MulticastRequest{0, source, destinations, 7});
        REQUIRE(orders.size() == groups.size());
        for (std::size_t g = 0; g < groups.size(); ++g) {
            std::vector<ProcessorId> expected = groups[g];
            std::sort(expected.begin(), expected.end());
            REQUIRE(orders[g].length == 7);
            if (expected.size() == 1) {
                REQUIRE(orders[g].header == Header::unicast(expected.front()));
            } else {
                REQUIRE(orders[g].header.bit_members(n) == expected);
            }
        }
    }
}

TEST_CASE("the group count is checked", "[irregular][groups]") {
    CHECK(parse_spam_groups("1", "nic.groups") == 1);
    CHECK(parse_spam_groups("1024", "nic.groups") == 1024);
    for (const char* bad : {"0", "", "-2", "1025", "2x", "99999999999"})
        CHECK_THROWS_WITH(parse_spam_groups(bad, "nic.groups"),
                          Catch::Contains("nic.groups") && Catch::Contains("number of groups"));
}

TEST_CASE("grouped SPAM delivers heavy mixed traffic exactly once on lattice networks",
          "[irregular][groups][network]") {
    for (const char* text : {"lattice:switches=16,seed=3", "lattice:switches=64,seed=5"}) {
        const auto topology = parse_topology(text, "test");
        const std::uint32_t n = topology->nodes();
        for (unsigned k : {2u, 3u, 8u})
            for (unsigned depth : {1u, 4u}) {
                NetworkParams p;
                topology->default_params(p);
                p.buffer_depth = depth;
                p.t_startup = 5;
                p.watchdog_cycles = 2000;
                std::mt19937_64 rng(k * 10 + depth);
                const auto sends =
                    wormcast::testing::mixed_traffic(n, 3 * n, 300, 0.5, n - 1, 12, rng);
                auto spec = sim::scheme_network(*topology, "spam",
                                                option("--groups", std::to_string(k)), p);
                sim::RunOptions options;
                options.seed = k;
                options.drain_limit = 200000;
                const auto r = sim::run_network(std::move(spec), p, sends, options);
                INFO(text << " k " << k << " depth " << depth << "\n" << r.deadlock_report);
                REQUIRE(r.ok());
            }
    }
}

TEST_CASE("the groups option (nic.groups or --groups) belongs to spam only",
          "[irregular][groups]") {
    const auto topology = parse_topology("lattice:switches=16,seed=3", "test");
    NetworkParams p;
    topology->default_params(p);
    CHECK_THROWS_WITH(sim::scheme_network(*topology, "unicast", option("--groups", "2"), p),
                      Catch::Contains("nic.groups") && Catch::Contains("not for unicast"));
    CHECK_THROWS_WITH(sim::scheme_network(*topology, "spam", option("--groups", "0"), p),
                      Catch::Contains("number of groups"));
    CHECK_THROWS_WITH(sim::scheme_network(*topology, "spam", option("--hops", "2"), p),
                      Catch::Contains("--hops"));
}
