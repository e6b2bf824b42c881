// The up*/down* partition (Libeskind-Hadas, Mazzoni & Rajagopalan §3.1, Definition 1): a hand
// derivation, and on random graphs the levels, parents, channel classes, ancestors, extended
// ancestors, LCAs and legal hop counts against brute force from the definitions.
#include <catch2/catch.hpp>

#include <random>

#include "IrregularTestSupport.hpp"
#include "topologies/irregular/IrregularRender.hpp"
#include "topologies/irregular/IrregularTopology.hpp"

using namespace wormcast;
using namespace wormcast::irregular;
using wormcast::testing::BruteForcePartition;

TEST_CASE("up*/down* on a small graph, derived by hand", "[irregular][updown]") {
    // 0 - 1 - 2 - 3 - 0 (a ring) and the chord 1 - 3, root 0.
    // Levels: 0:0, 1:1, 3:1, 2:2. parent(2) = 1 (neighbours 1 and 3 are both at level 1, 1 is
    // smaller). Channels: 0->1, 0->3, 1->2 down-tree; 1->0, 3->0, 2->1 up; 2->3 goes from level 2
    // to 1: up, 3->2 down-cross; 1->3 same level, 1 < 3: down-cross, 3->1 up.
    auto graph = std::make_shared<const SwitchGraph>(read_wormcast_topology(
        "switches: 4\nlinks: [[0, 1], [1, 2], [2, 3], [3, 0], [1, 3]]\n", "ring.yaml"));
    const UpDownPartition partition(graph);
    CHECK(topology_json(partition).dump() ==
          R"({"switches":4,"root":0,"levels":[0,1,2,1],"parent":[null,0,1,0],)"
          R"("channels":[[0,1,"down-tree"],[0,3,"down-tree"],[1,0,"up"],[1,2,"down-tree"],)"
          R"([1,3,"down-cross"],[2,1,"up"],[2,3,"up"],[3,0,"up"],[3,1,"up"],[3,2,"down-cross"]]})");
    // Ancestors of 2: 2, 1, 0. Extended ancestors of 2 add 3 (3 -> 2 down-cross) and nothing
    // else reaches 2 by down-cross* down-tree*.
    CHECK(partition.is_ancestor(0, 2));
    CHECK(partition.is_ancestor(1, 2));
    CHECK(partition.is_ancestor(2, 2));
    CHECK_FALSE(partition.is_ancestor(3, 2));
    CHECK(partition.is_extended_ancestor(3, 2));
    CHECK(partition.is_extended_ancestor(1, 2));
    CHECK_FALSE(partition.is_extended_ancestor(2, 3));  // 2 -> 3 is up
    CHECK(partition.lca(2, 3) == 0);
    CHECK(partition.lca(2, 1) == 1);
    // From 3 having arrived on an up channel, 2 is one down-cross hop away; having arrived on a
    // down-tree channel it is unreachable; from 2 to 3 the up channel 2 -> 3 is one hop, and
    // after a down-cross channel 2 has no legal way on at all.
    CHECK(partition.hops(3, ChannelClass::Up, 2) == 1);
    CHECK(partition.hops(3, ChannelClass::DownTree, 2) == UpDownPartition::kUnreachable);
    CHECK(partition.hops(2, ChannelClass::Up, 3) == 1);
    CHECK(partition.hops(2, ChannelClass::Up, 0) == 2);
    CHECK(partition.hops(2, ChannelClass::DownCross, 3) == UpDownPartition::kUnreachable);
    CHECK(partition.preorder() == std::vector<SwitchId>{0, 1, 2, 3});
    // Root 2 instead.
    const UpDownPartition from_two(std::make_shared<const SwitchGraph>(graph->with_root(2)));
    CHECK(topology_json(from_two)["parent"].dump() == "[1,2,null,2]");
}

TEST_CASE("up*/down* partitions of random graphs match brute force from the definitions",
          "[irregular][updown]") {
    std::mt19937_64 rng(2024);
    for (int trial = 0; trial < 60; ++trial) {
        const auto n = static_cast<std::uint32_t>(2 + rng() % 30);
        const auto extra = static_cast<std::uint32_t>(rng() % (2 * n));
        const unsigned ports = 3 + static_cast<unsigned>(rng() % 6);
        auto graph = std::make_shared<const SwitchGraph>(
            wormcast::testing::random_graph_spec(n, extra, ports, rng));
        const UpDownPartition p(graph);
        const BruteForcePartition brute(*graph);
        INFO("trial " << trial << ", " << n << " switches, root " << graph->root());
        const auto json = topology_json(p);
        REQUIRE(json["switches"] == n);
        CHECK(json["root"] == graph->root());
        for (SwitchId s = 0; s < n; ++s) {
            CHECK(p.level(s) == brute.level[s]);
            CHECK(json["levels"][s] == brute.level[s]);
            if (brute.parent[s] < 0) {
                CHECK_FALSE(p.parent(s).has_value());
                CHECK(json["parent"][s].is_null());
            } else {
                CHECK(p.parent(s) == static_cast<SwitchId>(brute.parent[s]));
            }
        }
        REQUIRE(json["channels"].size() == brute.cls.size());
        std::size_t i = 0;
        for (const auto& [channel, cls] : brute.cls) {  // map order: (from, to) ascending
            CHECK(json["channels"][i][0] == channel.first);
            CHECK(json["channels"][i][1] == channel.second);
            CHECK(json["channels"][i][2] == to_string(cls));
            ++i;
        }
        for (SwitchId u = 0; u < n; ++u)
            for (SwitchId v = 0; v < n; ++v) {
                CHECK(p.is_ancestor(u, v) == brute.ancestor(u, v));
                CHECK(p.is_extended_ancestor(u, v) == brute.extended_ancestor(u, v));
                SwitchId common = v;
                while (!brute.ancestor(common, u))
                    common = static_cast<SwitchId>(brute.parent[common]);
                CHECK(p.lca(u, v) == common);
                for (ChannelClass c :
                     {ChannelClass::Up, ChannelClass::DownCross, ChannelClass::DownTree}) {
                    const unsigned expected = brute.hops[static_cast<int>(c)][v][u];
                    CHECK(p.hops(u, c, v) == (expected >= BruteForcePartition::kInf
                                                  ? UpDownPartition::kUnreachable
                                                  : expected));
                }
            }
        // Preorder: every subtree is a contiguous run starting at its root.
        for (SwitchId u = 0; u < n; ++u) {
            std::uint32_t size = 0;
            for (SwitchId v = 0; v < n; ++v) size += brute.ancestor(u, v);
            for (SwitchId v = 0; v < n; ++v) {
                const std::uint32_t offset = p.preorder_index(v) - p.preorder_index(u);
                CHECK((p.preorder_index(v) >= p.preorder_index(u) && offset < size) ==
                      brute.ancestor(u, v));
            }
        }
    }
}
