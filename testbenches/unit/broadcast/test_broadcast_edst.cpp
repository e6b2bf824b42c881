// The baselines of Chen & Chen §4: four edge-disjoint spanning trees (disjoint directed channels,
// spanning, height <= D + 2) for every torus size, their multinode broadcast conflict-free and
// exactly-once, and the naive binomial scheme exactly-once (it is not conflict-free).
#include <catch2/catch.hpp>

#include <random>
#include <set>

#include "topologies/broadcast/BroadcastPlanner.hpp"
#include "topologies/broadcast/EdstTrees.hpp"
#include "topologies/broadcast/FiveAryReduction.hpp"
#include "topologies/broadcast/ScheduleChecks.hpp"

using namespace wormcast;
using namespace wormcast::broadcast;

namespace {

mesh::MeshShape torus(std::uint32_t n1, std::uint32_t n2) {
    return mesh::MeshShape::parse(std::to_string(n1) + "x" + std::to_string(n2), true);
}

std::uint32_t diameter(const mesh::MeshShape& shape) {
    return shape.radix[0] / 2 + shape.radix[1] / 2;
}

}  // namespace

TEST_CASE("four edge-disjoint spanning trees of height <= D + 2 for every torus 3x3 .. 40x40",
          "[broadcast][edst]") {
    int shapes = 0;
    for (std::uint32_t n1 = 3; n1 <= 40; ++n1)
        for (std::uint32_t n2 = 3; n2 <= 40; n2 += (n1 <= 12 ? 1 : 7)) {
            const auto shape = torus(n1, n2);
            const auto trees = edst_trees(shape);
            INFO(shape.name());
            REQUIRE(trees.size() == 4);
            // The paper's bound is D + 2; this construction reaches D + 1 (D when both radices
            // are even): the spine of a tree runs ceil(n/2) hops one way (docs/broadcast.md).
            const bool both_even = n1 % 2 == 0 && n2 % 2 == 0;
            const auto problems = check_edst(shape, trees, diameter(shape) + (both_even ? 0 : 1));
            for (const auto& p : problems) UNSCOPED_INFO(p);
            REQUIRE(problems.empty());
            // Disjointness counted directly: the 4 (N - 1) tree channels are all different, so
            // every node is entered by four different links (three at a root of two trees).
            std::set<std::pair<NodeId, NodeId>> channels;
            for (const auto& t : trees)
                for (NodeId v = 0; v < shape.nodes(); ++v)
                    if (t.parent[v] != kNoNode) channels.emplace(t.parent[v], v);
            REQUIRE(channels.size() == 4 * (shape.nodes() - 1));
            ++shapes;
        }
    REQUIRE(shapes > 400);
}

TEST_CASE("check_edst catches a shared channel, a loop, a non-neighbour and a tall tree",
          "[broadcast][edst]") {
    const auto shape = torus(6, 6);
    const auto good = edst_trees(shape);
    REQUIRE(check_edst(shape, good, diameter(shape) + 2).empty());
    auto trees = good;
    // Tree 1 enters some node v through tree 0's link: the channel is in two trees.
    const NodeId v = shape.id({2, 3});
    trees[1].parent[v] = trees[0].parent[v];
    REQUIRE_THAT(check_edst(shape, trees, 100)[0], Catch::Contains("is in trees 0 and 1"));
    trees = good;
    // Two nodes each other's parent: neither reaches the root.
    const NodeId a = shape.id({2, 3}), b = trees[2].parent[a];
    trees[2].parent[b] = a;
    bool unreached = false;
    for (const auto& p : check_edst(shape, trees, 100))
        unreached = unreached || p.find("not reached") != std::string::npos;
    REQUIRE(unreached);
    trees = good;
    trees[3].parent[shape.id({1, 1})] = shape.id({4, 4});
    bool far = false;
    for (const auto& p : check_edst(shape, trees, 100))
        far = far || p.find("not a neighbour") != std::string::npos;
    REQUIRE(far);
    REQUIRE_THAT(check_edst(shape, good, 3)[0], Catch::Contains("height"));
}

TEST_CASE("EDST schedules are conflict-free and deliver every part once", "[broadcast][edst]") {
    std::mt19937_64 rng(404);
    int plans = 0;
    for (auto [n1, n2] : std::vector<std::pair<std::uint32_t, std::uint32_t>>{{5, 5},
                                                                              {10, 10},
                                                                              {15, 15},
                                                                              {20, 20},
                                                                              {25, 25},
                                                                              {50, 50},
                                                                              {4, 4},
                                                                              {7, 7},
                                                                              {6, 9},
                                                                              {5, 12},
                                                                              {8, 3}}) {
        const auto shape = torus(n1, n2);
        std::vector<std::uint32_t> counts{1, shape.nodes()};
        for (int i = 0; i < (n1 >= 50 ? 1 : 3); ++i)
            counts.push_back(1 + static_cast<std::uint32_t>(rng() % shape.nodes()));
        for (std::uint32_t s : counts) {
            BroadcastConfig c;
            c.shape = shape;
            c.scheme = BroadcastScheme::Edst;
            c.message_flits = 4 + static_cast<std::uint32_t>(rng() % 5);
            c.sources = random_sources(shape, s, rng);
            const auto schedule = plan_broadcast(c);
            INFO(shape.name() << " s " << s << " m " << c.message_flits);
            REQUIRE(schedule.parts() == 4);
            std::uint32_t sum = 0;
            for (auto f : schedule.part_flits) sum += f;
            REQUIRE(sum == c.message_flits);
            const auto congestion = check_congestion(schedule, 3);
            for (const auto& p : congestion) UNSCOPED_INFO(p);
            REQUIRE(congestion.empty());
            const auto replay = replay_schedule(schedule, 3);
            for (const auto& p : replay) UNSCOPED_INFO(p);
            REQUIRE(replay.empty());
            // Gather up, then down the trees: at most 2 (D + 2) rounds, each hop one link, the
            // down rounds carrying up to s parts (Table 1's 2 floor(n/2) x sm/4 per round).
            REQUIRE(schedule.startups() <= 2 * (diameter(shape) + 2));
            for (std::size_t i = 0; i < schedule.steps.size(); ++i) {
                REQUIRE(schedule.max_flits(i) <= s * schedule.part_flits[0]);
                for (const auto& send : schedule.steps[i].sends)
                    REQUIRE(shape.distance(send.from, send.to) == 1);
            }
            ++plans;
        }
    }
    REQUIRE(plans == 11 * 5 - 2);
}

TEST_CASE(
    "the naive scheme delivers every message once in ceil(log2 N) rounds but is not "
    "conflict-free",
    "[broadcast][naive]") {
    std::mt19937_64 rng(7);
    for (std::uint32_t n : {3u, 5u, 8u, 10u}) {
        const auto shape = torus(n, n + 1);
        for (std::uint32_t s : {1u, n, shape.nodes()}) {
            BroadcastConfig c;
            c.shape = shape;
            c.scheme = BroadcastScheme::Naive;
            c.sources = random_sources(shape, s, rng);
            const auto schedule = plan_broadcast(c);
            INFO(shape.name() << " s " << s);
            REQUIRE(replay_schedule(schedule).empty());
            REQUIRE(schedule.startups() == ceil_log(2, shape.nodes()));
            std::size_t worms = 0;
            for (const auto& step : schedule.steps) worms += step.sends.size();
            REQUIRE(worms == std::size_t{s} * (shape.nodes() - 1));  // one worm per delivery
        }
        BroadcastConfig all;
        all.shape = shape;
        all.scheme = BroadcastScheme::Naive;
        for (NodeId v = 0; v < shape.nodes(); ++v) all.sources.push_back(v);
        REQUIRE_FALSE(check_congestion(plan_broadcast(all)).empty());
    }
}
