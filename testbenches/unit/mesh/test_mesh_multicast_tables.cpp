// Multiple multicast in the pure start-up-only step model against Kesavan & Panda's tables
// (8x8, complete overlap): Table 1 Umesh, Table 4 SPUmesh, Tables 3/5/6 HL/SQHL/SCHL; workloads.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <numeric>
#include <random>
#include <set>

#include "systemc/pure/StartupStepModel.hpp"
#include "topologies/mesh/MeshMulticastFirmware.hpp"
#include "topologies/mesh/MulticastWorkloads.hpp"

using namespace wormcast;
using namespace wormcast::mesh;

namespace {

MeshMulticastConfig mesh8x8(MeshMulticastAlgorithm algorithm,
                            LeaderPhase phase = LeaderPhase::Umesh) {
    return MeshMulticastConfig{MeshShape::parse("8x8", false), algorithm, phase};
}

StepModelResult run_steps(const MeshMulticastConfig& config,
                          const std::vector<MulticastRequest>& multicasts) {
    StartupStepModel model(config.shape.nodes(), [&config](NodeId) {
        return std::make_unique<MeshMulticastFirmware>(config);
    });
    return model.run(multicasts);
}

/// Steps of a complete-overlap pattern for several seeds; the cells tested here do not depend on
/// the seed, so every run must give the same number.
std::set<std::uint32_t> complete_overlap_steps(const MeshMulticastConfig& config,
                                               std::uint32_t sources, std::uint32_t set_size) {
    std::set<std::uint32_t> seen;
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
        std::mt19937_64 rng(seed);
        seen.insert(run_steps(config, complete_overlap_workload(config.shape.nodes(), sources,
                                                                set_size, rng))
                        .steps);
    }
    return seen;
}

using Cell = std::pair<std::uint32_t, std::uint32_t>;  // S, D

}  // namespace

TEST_CASE("Table 1: Umesh complete overlap, deterministic cells", "[mesh-multicast][tables]") {
    const auto config = mesh8x8(MeshMulticastAlgorithm::Umesh);
    // S = 1 and S = D cells, odd and even D.
    const std::map<Cell, std::uint32_t> paper = {
        {{1, 15}, 4}, {{1, 31}, 5}, {{1, 63}, 6}, {{15, 15}, 46}, {{31, 31}, 125}, {{63, 63}, 316},
        {{1, 16}, 4}, {{1, 32}, 5}, {{1, 64}, 6}, {{16, 16}, 28}, {{32, 32}, 77},  {{64, 64}, 198}};
    for (const auto& [cell, steps] : paper) {
        INFO("S = " << cell.first << ", D = " << cell.second);
        REQUIRE(complete_overlap_steps(config, cell.first, cell.second) ==
                std::set<std::uint32_t>{steps});
    }
}

TEST_CASE("Table 1: Umesh with odd D follows Theorem 1 for every S", "[mesh-multicast][tables]") {
    // For odd D every source's half-node is the middle of Φ: S * ceil(log2((D+1)/2)) + 1 steps.
    const auto config = mesh8x8(MeshMulticastAlgorithm::Umesh);
    const std::map<Cell, std::uint32_t> paper = {
        {{15, 31}, 61}, {{15, 63}, 76}, {{31, 63}, 156}, {{47, 63}, 236}};
    for (const auto& [cell, steps] : paper) {
        INFO("S = " << cell.first << ", D = " << cell.second);
        REQUIRE(complete_overlap_steps(config, cell.first, cell.second) ==
                std::set<std::uint32_t>{steps});
    }
}

TEST_CASE("Table 4: SPUmesh complete overlap, deterministic cells", "[mesh-multicast][tables]") {
    const auto config = mesh8x8(MeshMulticastAlgorithm::SpUmesh);
    const std::map<Cell, std::uint32_t> paper = {
        {{1, 15}, 4}, {{1, 31}, 5}, {{1, 63}, 6}, {{15, 15}, 14}, {{31, 31}, 30}, {{63, 63}, 62},
        {{1, 16}, 4}, {{1, 32}, 5}, {{1, 64}, 6}, {{16, 16}, 15}, {{32, 32}, 31}, {{64, 64}, 63}};
    for (const auto& [cell, steps] : paper) {
        INFO("S = " << cell.first << ", D = " << cell.second);
        REQUIRE(complete_overlap_steps(config, cell.first, cell.second) ==
                std::set<std::uint32_t>{steps});
    }
}

TEST_CASE("Tables 3, 5, 6: HL, SQHL, SCHL many-to-all broadcast S = D = 64",
          "[mesh-multicast][tables]") {
    for (LeaderPhase phase : {LeaderPhase::Umesh, LeaderPhase::SpUmesh}) {
        INFO("leader phase " << to_string(phase));
        REQUIRE(complete_overlap_steps(mesh8x8(MeshMulticastAlgorithm::Hl, phase), 64, 64) ==
                std::set<std::uint32_t>{128});
        REQUIRE(complete_overlap_steps(mesh8x8(MeshMulticastAlgorithm::Sqhl, phase), 64, 64) ==
                std::set<std::uint32_t>{48});
        REQUIRE(complete_overlap_steps(mesh8x8(MeshMulticastAlgorithm::Schl, phase), 64, 64) ==
                std::set<std::uint32_t>{23});
    }
    // These equal the start-ups of the busiest node: the round-robin leaves no idle step there.
    std::mt19937_64 rng(3);
    const auto broadcast = complete_overlap_workload(64, 64, 64, rng);
    const auto hl = run_steps(mesh8x8(MeshMulticastAlgorithm::Hl), broadcast);
    REQUIRE(hl.max_startups == 128);
    REQUIRE(hl.startups_per_node[0] == 128);  // the corner (0,0) leads every broadcast
    REQUIRE(run_steps(mesh8x8(MeshMulticastAlgorithm::Sqhl), broadcast).max_startups == 48);
    REQUIRE(run_steps(mesh8x8(MeshMulticastAlgorithm::Schl), broadcast).max_startups == 23);
}

TEST_CASE("step model: one start-up per node per step, exactly-once delivery",
          "[mesh-multicast][step-model]") {
    std::mt19937_64 rng(555);
    for (MeshMulticastAlgorithm algorithm :
         {MeshMulticastAlgorithm::Umesh, MeshMulticastAlgorithm::SpUmesh,
          MeshMulticastAlgorithm::Hl, MeshMulticastAlgorithm::Sqhl, MeshMulticastAlgorithm::Schl})
        for (const char* size : {"8x8", "4x4x4"}) {
            const MeshMulticastConfig config{MeshShape::parse(size, false), algorithm,
                                             LeaderPhase::Umesh};
            const std::uint32_t nodes = config.shape.nodes();
            for (int trial = 0; trial < 10; ++trial) {
                const std::uint32_t sources = 1 + static_cast<std::uint32_t>(rng() % nodes);
                const std::uint32_t set_size = 1 + static_cast<std::uint32_t>(rng() % nodes);
                const auto workload =
                    trial % 2 ? random_overlap_workload(nodes, sources, set_size, rng)
                              : complete_overlap_workload(nodes, sources, set_size, rng);
                const StepModelResult result = run_steps(config, workload);
                INFO(to_string(algorithm)
                     << " on " << size << ": S = " << sources << ", D = " << set_size);
                // Exactly once per (multicast, destination), never to the source.
                std::map<std::pair<std::uint32_t, NodeId>, int> copies;
                for (const StepModelDelivery& delivery : result.deliveries)
                    ++copies[{delivery.multicast, delivery.node}];
                std::size_t expected = 0;
                for (const MulticastRequest& request : workload) {
                    expected += request.destinations.size();
                    for (NodeId destination : request.destinations)
                        REQUIRE(copies[{request.multicast, destination}] == 1);
                }
                REQUIRE(copies.size() == expected);
                // One start-up per node per step; the counts add up.
                std::set<std::pair<std::uint32_t, NodeId>> busy;
                for (const StepModelSend& send : result.sends)
                    REQUIRE(busy.insert({send.step, send.from}).second);
                REQUIRE(std::accumulate(result.startups_per_node.begin(),
                                        result.startups_per_node.end(),
                                        std::size_t{0}) == result.sends.size());
                REQUIRE(result.max_startups <= result.steps);
                REQUIRE(result.max_startups == *std::max_element(result.startups_per_node.begin(),
                                                                 result.startups_per_node.end()));
            }
        }
}

TEST_CASE("step model: a received message's sends start in the next step, round-robin",
          "[mesh-multicast][step-model]") {
    // Two Umesh multicasts along row 0 of a 4x2 mesh: 0 -> {1,2,3}, 3 -> {0,1,2}.
    const MeshMulticastConfig config{MeshShape::parse("4x2", false), MeshMulticastAlgorithm::Umesh,
                                     LeaderPhase::Umesh};
    MulticastRequest first;
    first.multicast = 0;
    first.source = 0;
    first.destinations = {1, 2, 3};
    MulticastRequest second;
    second.multicast = 1;
    second.source = 3;
    second.destinations = {0, 1, 2};
    const StepModelResult result = run_steps(config, {first, second});
    // Φ = (0,0) (1,0) (2,0) (3,0). Multicast 0: step 1 0->2 ([2,3]), then 0->1; 2->3 in step 2.
    // Multicast 1: step 1 3->1 ([0,1]), then 3->2; 1->0 in step 2. Nodes 2 and 1 received their
    // sub-chains at the end of step 1 and send in step 2. Everything ends in step 2.
    REQUIRE(result.steps == 2);
    std::vector<std::tuple<std::uint32_t, std::uint32_t, NodeId, NodeId>> sends;
    for (const StepModelSend& send : result.sends)
        sends.emplace_back(send.step, send.multicast, send.from, send.order.header.destinations[0]);
    REQUIRE(
        sends ==
        std::vector<std::tuple<std::uint32_t, std::uint32_t, NodeId, NodeId>>{
            {1, 0, 0, 2}, {1, 1, 3, 1}, {2, 0, 0, 1}, {2, 1, 1, 0}, {2, 0, 2, 3}, {2, 1, 3, 2}});
    // The same source with two multicasts alternates between them (round-robin).
    MulticastRequest third = second;
    third.multicast = 2;
    third.source = 0;
    third.destinations = {4, 5, 6, 7};  // two sends at node 0
    const StepModelResult shared = run_steps(config, {first, third});
    std::vector<std::uint32_t> served_at_node0;
    for (const StepModelSend& send : shared.sends)
        if (send.from == 0) served_at_node0.push_back(send.multicast);
    REQUIRE(served_at_node0 == std::vector<std::uint32_t>{0, 2, 0, 2});

    // Work arriving at a busy node queues behind the multicast the node has just served.
    // SPUmesh: multicast 0 from (0,0) to the other 7 nodes (3 sends at (0,0)); multicast 1 from
    // (3,0) to (0,0) and (0,1): rotated chain (3,0) (0,0) (0,1), so (0,0) gets [1,2] in step 1.
    const MeshMulticastConfig rotated{config.shape, MeshMulticastAlgorithm::SpUmesh,
                                      LeaderPhase::Umesh};
    MulticastRequest everyone;
    everyone.multicast = 0;
    everyone.source = 0;
    everyone.destinations = {1, 2, 3, 4, 5, 6, 7};
    MulticastRequest small;
    small.multicast = 1;
    small.source = 3;
    small.destinations = {0, 4};
    const StepModelResult queued = run_steps(rotated, {everyone, small});
    std::vector<std::pair<std::uint32_t, std::uint32_t>> node0;  // (step, multicast)
    for (const StepModelSend& send : queued.sends)
        if (send.from == 0) node0.emplace_back(send.step, send.multicast);
    REQUIRE(node0 ==
            std::vector<std::pair<std::uint32_t, std::uint32_t>>{{1, 0}, {2, 0}, {3, 1}, {4, 0}});
}

TEST_CASE("workloads: complete and random overlap, seeded", "[mesh-multicast][workload]") {
    const std::uint32_t nodes = 64;
    SECTION("complete overlap with S <= D shares one Φ") {
        std::mt19937_64 rng(42);
        const auto workload = complete_overlap_workload(nodes, 10, 20, rng, 50);
        REQUIRE(workload.size() == 10);
        std::set<NodeId> phi(workload[0].destinations.begin(), workload[0].destinations.end());
        phi.insert(workload[0].source);
        REQUIRE(phi.size() == 20);
        std::set<NodeId> sources;
        for (std::size_t i = 0; i < workload.size(); ++i) {
            const MulticastRequest& request = workload[i];
            REQUIRE(request.multicast == i);
            REQUIRE(request.length == 50);
            std::set<NodeId> own(request.destinations.begin(), request.destinations.end());
            REQUIRE(own.size() == 19);
            REQUIRE(own.count(request.source) == 0);
            own.insert(request.source);
            REQUIRE(own == phi);
            REQUIRE(sources.insert(request.source).second);
        }
    }
    SECTION("complete overlap with S > D keeps every destination set inside Φ") {
        std::mt19937_64 rng(43);
        const auto workload = complete_overlap_workload(nodes, 30, 12, rng);
        REQUIRE(workload.size() == 30);
        std::set<NodeId> phi(workload[0].destinations.begin(), workload[0].destinations.end());
        phi.insert(workload[0].source);
        std::set<NodeId> sources;
        std::size_t outside = 0;
        for (const MulticastRequest& request : workload) {
            REQUIRE(request.destinations.size() == 11);
            REQUIRE(
                std::set<NodeId>(request.destinations.begin(), request.destinations.end()).size() ==
                11);
            for (NodeId destination : request.destinations) REQUIRE(phi.count(destination) == 1);
            REQUIRE(sources.insert(request.source).second);
            if (phi.count(request.source) == 0) ++outside;
        }
        REQUIRE(outside == 18);
    }
    SECTION("random overlap draws each destination set independently") {
        std::mt19937_64 rng(44);
        const auto workload = random_overlap_workload(nodes, 40, 16, rng);
        std::set<NodeId> sources;
        std::set<std::set<NodeId>> sets;
        for (const MulticastRequest& request : workload) {
            std::set<NodeId> own(request.destinations.begin(), request.destinations.end());
            REQUIRE(own.size() == 15);
            REQUIRE(own.count(request.source) == 0);
            for (NodeId destination : own) REQUIRE(destination < nodes);
            REQUIRE(sources.insert(request.source).second);
            sets.insert(own);
        }
        REQUIRE(sets.size() == 40);
    }
    SECTION("the same seed replays the same workload; another seed does not") {
        std::mt19937_64 a(7), b(7), c(8);
        const auto first = random_overlap_workload(nodes, 8, 9, a);
        const auto again = random_overlap_workload(nodes, 8, 9, b);
        const auto other = random_overlap_workload(nodes, 8, 9, c);
        const auto same = [](const auto& x, const auto& y) {
            for (std::size_t i = 0; i < x.size(); ++i)
                if (x[i].source != y[i].source || x[i].destinations != y[i].destinations)
                    return false;
            return x.size() == y.size();
        };
        REQUIRE(same(first, again));
        REQUIRE_FALSE(same(first, other));
    }
    SECTION("impossible sizes are configuration errors") {
        std::mt19937_64 rng(1);
        REQUIRE_THROWS_AS(complete_overlap_workload(nodes, 0, 4, rng), ConfigError);
        REQUIRE_THROWS_AS(complete_overlap_workload(nodes, 4, 65, rng), ConfigError);
        REQUIRE_THROWS_AS(random_overlap_workload(nodes, 65, 4, rng), ConfigError);
        REQUIRE_THROWS_AS(random_overlap_workload(nodes, 4, 0, rng), ConfigError);
    }
}
