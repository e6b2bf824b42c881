// E-cube (XY) tree worms on meshes: the routing function's split of a bit-string header (pure
// C++), the tree it builds hop by hop against the e-cube paths, delivery on light seeded traffic,
// and the deadlock XY trees can reach under heavy traffic (docs/multicast-hardware.md).
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <random>
#include <set>

#include "testbenches/sim/Runner.hpp"
#include "topologies/mesh/EcubeRouting.hpp"
#include "topologies/mesh/MeshTreeFirmware.hpp"
#include "topologies/mesh/network/MeshNetwork.hpp"

using namespace wormcast;
using namespace wormcast::mesh;

namespace {

/// `count` distinct random nodes other than `source`.
std::vector<NodeId> random_destinations(std::uint32_t nodes, NodeId source, std::size_t count,
                                        std::mt19937_64& rng) {
    std::set<NodeId> chosen;
    while (chosen.size() < count) {
        const auto d = static_cast<NodeId>(rng() % nodes);
        if (d != source) chosen.insert(d);
    }
    return {chosen.begin(), chosen.end()};
}

/// Follows a tree worm from `source` through the routing functions of every router it reaches:
/// for each destination, the routers its copy passed, source first.
std::map<NodeId, std::vector<NodeId>> walk_tree(const MeshShape& shape, NodeId source,
                                                const Header& header, unsigned channels) {
    std::map<NodeId, std::vector<NodeId>> reached;
    struct Hop {
        NodeId at;
        PortId in_port;
        Header header;
        std::vector<NodeId> path;
    };
    std::vector<Hop> pending{{source, shape.network_ports(), header, {source}}};
    while (!pending.empty()) {
        Hop hop = std::move(pending.back());
        pending.pop_back();
        const EcubeRouting routing(shape, hop.at, EcubeOptions{2, true, channels});
        const RouteDecision d = routing.route(RouteQuery{hop.in_port, 0, &hop.header});
        for (const auto& b : d.branches) {
            REQUIRE(b.rewritten.has_value());
            if (b.consume) {
                REQUIRE(b.rewritten->bit_members(shape.nodes()) == std::vector<NodeId>{hop.at});
                REQUIRE(reached.count(hop.at) == 0);
                reached[hop.at] = hop.path;
                continue;
            }
            const NodeId next = shape.neighbour(hop.at, b.port);
            REQUIRE(next != kNoNode);
            auto path = hop.path;
            path.push_back(next);
            pending.push_back(Hop{next, static_cast<PortId>(b.port ^ 1U), *b.rewritten, path});
        }
    }
    return reached;
}

/// `count` requests from random sources within `span` cycles: a quarter unicasts, the others
/// multicasts to 2..`max_fanout` random nodes.
std::vector<ScheduledSend> random_requests(std::uint32_t nodes, std::size_t count, Cycle span,
                                           std::size_t max_fanout, std::uint32_t max_length,
                                           std::mt19937_64& rng) {
    std::vector<ScheduledSend> sends;
    for (std::size_t i = 0; i < count; ++i) {
        const auto source = static_cast<NodeId>(rng() % nodes);
        const std::size_t fanout = rng() % 4 == 0 ? 1 : 2 + rng() % (max_fanout - 1);
        sends.push_back(ScheduledSend{rng() % span, source,
                                      random_destinations(nodes, source, fanout, rng),
                                      1 + static_cast<std::uint32_t>(rng() % max_length), true});
    }
    std::sort(sends.begin(), sends.end(), [](const auto& a, const auto& b) { return a.at < b.at; });
    return sends;
}

sim::RunResult run_trees(const MeshShape& shape, const NetworkParams& p,
                         std::vector<ScheduledSend> sends, std::uint64_t seed) {
    auto spec = build_mesh_network(shape, p);
    spec.firmware = [shape](NodeId) { return std::make_unique<MeshTreeFirmware>(shape); };
    sim::RunOptions o;
    o.seed = seed;
    o.drain_limit = 50000;
    return sim::run_network(std::move(spec), p, std::move(sends), o);
}

}  // namespace

TEST_CASE("e-cube routing splits a bit-string into one masked branch per next-hop output",
          "[mesh][routing][tree]") {
    const auto shape = MeshShape::parse("4x4", false);
    const NodeId here = shape.parse_node("1,1");
    const EcubeRouting routing(shape, here, EcubeOptions{2, true, 4});
    // 0,1 and 0,3 lie to the west (x first), 3,0 to the east, 1,0 south, 1,3 north, 1,1 here.
    const Header h = Header::bit_string(
        16, {shape.parse_node("0,1"), shape.parse_node("0,3"), shape.parse_node("3,0"),
             shape.parse_node("1,0"), shape.parse_node("1,3"), here});
    const PortId from_south = MeshShape::port(1, false);
    const RouteDecision d = routing.route(RouteQuery{from_south, 1, &h});
    REQUIRE(d.branches.size() == 5);
    const std::vector<std::pair<PortId, std::vector<std::string>>> expected{
        {MeshShape::port(0, false), {"0,1", "0,3"}},
        {MeshShape::port(0, true), {"3,0"}},
        {MeshShape::port(1, false), {"1,0"}},
        {MeshShape::port(1, true), {"1,3"}},
        {static_cast<PortId>(4 + from_south % 4), {"1,1"}}};  // the channel of input port 2
    for (std::size_t b = 0; b < expected.size(); ++b) {
        INFO("branch " << b);
        REQUIRE(d.branches[b].port == expected[b].first);
        REQUIRE(d.branches[b].consume == (b == 4));
        REQUIRE(d.branches[b].vc_mask == 3u);
        std::vector<NodeId> members;
        for (const auto& text : expected[b].second) members.push_back(shape.parse_node(text));
        std::sort(members.begin(), members.end());
        REQUIRE(d.branches[b].rewritten == Header::bit_string(16, members));
    }
    // One destination: one branch, the string unchanged.
    const Header one = Header::bit_string(16, {shape.parse_node("3,3")});
    const RouteDecision single = routing.route(RouteQuery{4, 0, &one});
    REQUIRE(single.branches.size() == 1);
    REQUIRE(single.branches[0].port == MeshShape::port(0, true));
    REQUIRE(single.branches[0].rewritten == one);
}

TEST_CASE("e-cube tree worms reach every destination once, along its e-cube path",
          "[mesh][routing][tree]") {
    std::mt19937_64 rng(11);
    for (const auto& size : {"4x4", "5x3", "8x8", "3x4x3"}) {
        const auto shape = MeshShape::parse(size, false);
        for (int i = 0; i < 200; ++i) {
            const auto source = static_cast<NodeId>(rng() % shape.nodes());
            const auto dests =
                random_destinations(shape.nodes(), source, 1 + rng() % (shape.nodes() - 1), rng);
            INFO(size << " from " << shape.format(source) << ", " << dests.size()
                      << " destinations");
            const auto reached = walk_tree(shape, source, Header::bit_string(shape.nodes(), dests),
                                           1 + static_cast<unsigned>(rng() % 2));
            REQUIRE(reached.size() == dests.size());
            for (NodeId d : dests) {
                REQUIRE(reached.count(d) == 1);
                REQUIRE(reached.at(d) == shape.ecube_path(source, d));
            }
        }
    }
}

TEST_CASE("e-cube tree worms: malformed strings and tori are refused", "[mesh][routing][tree]") {
    const auto mesh = MeshShape::parse("4x4", false);
    const EcubeRouting routing(mesh, 5, EcubeOptions{1, true, 1});
    Header empty = Header::bit_string(16, {});
    REQUIRE_THROWS_WITH(routing.route(RouteQuery{0, 0, &empty}),
                        Catch::Contains("names no destination"));
    Header outside = Header::bit_string(16, {3});
    outside.set_bit(17);
    REQUIRE_THROWS_WITH(routing.route(RouteQuery{0, 0, &outside}),
                        Catch::Contains("outside the 16 nodes"));

    const auto torus = MeshShape::parse("4x4", true);
    const EcubeRouting on_torus(torus, 5, EcubeOptions{2, true, 1});
    const Header tree = Header::bit_string(16, {1, 2});
    REQUIRE_THROWS_AS(on_torus.route(RouteQuery{0, 0, &tree}), ConfigError);
    REQUIRE_THROWS_WITH(on_torus.route(RouteQuery{0, 0, &tree}), Catch::Contains("meshes only"));
    NetworkParams p;
    p.vcs = 2;
    p.tree_worms = true;
    REQUIRE_THROWS_WITH(build_mesh_network(torus, p), Catch::Contains("meshes only"));
    REQUIRE_THROWS_WITH(MeshTreeFirmware(torus), Catch::Contains("meshes only"));
}

TEST_CASE("mesh tree firmware: one bit-string worm per multicast, a unicast for one destination",
          "[mesh][firmware][tree]") {
    const auto shape = MeshShape::parse("4x4", false);
    MeshTreeFirmware firmware(shape);
    const auto unicast = firmware.start(MulticastRequest{1, 0, {9}, 3});
    REQUIRE(unicast.size() == 1);
    REQUIRE(unicast[0].header == Header::unicast(9));
    REQUIRE(unicast[0].length == 3);
    const auto tree = firmware.start(MulticastRequest{2, 0, {9, 3, 15}, 5});
    REQUIRE(tree.size() == 1);
    REQUIRE(tree[0].header == Header::bit_string(16, {3, 9, 15}));
    REQUIRE(tree[0].length == 5);
    REQUIRE(firmware.received(9, 2, nullptr).empty());
    REQUIRE_THROWS_WITH(firmware.start(MulticastRequest{3, 0, {0, 1}, 1}),
                        Catch::Contains("among its destinations"));
    REQUIRE_THROWS_WITH(firmware.start(MulticastRequest{3, 0, {2, 2}, 1}),
                        Catch::Contains("named twice"));
    REQUIRE_THROWS_WITH(firmware.start(MulticastRequest{3, 0, {16}, 1}),
                        Catch::Contains("outside"));
    REQUIRE_THROWS_WITH(firmware.start(MulticastRequest{3, 0, {}, 1}),
                        Catch::Contains("no destination"));
}

TEST_CASE("light random e-cube tree multicasts on meshes are delivered exactly once",
          "[network][multicast][tree][mesh]") {
    // About one request per node in 4000 cycles. XY trees can deadlock even so (two trees that
    // meet at two routers, next test), so not every seed drains; every run must deliver nothing
    // twice or corrupted, a run that stops must be a deadlock the watchdog caught (no livelock,
    // no lost flit), and nearly all must drain with every multicast delivered exactly once.
    int runs = 0;
    int drained = 0;
    for (const auto& size : {"4x4", "5x3", "3x3x3"})
        for (unsigned depth : {1u, 4u})
            for (std::uint64_t seed = 1; seed <= 10; ++seed) {
                const auto shape = MeshShape::parse(size, false);
                NetworkParams p;
                p.tree_worms = true;
                p.buffer_depth = depth;
                p.vcs = 1 + seed % 2;
                p.t_node = 1;
                p.t_node_multidest = 2;
                p.watchdog_cycles = 2000;
                std::mt19937_64 rng(seed * 17 + depth);
                const auto sends = random_requests(shape.nodes(), shape.nodes(), 4000, 6, 8, rng);
                const auto r = run_trees(shape, p, sends, seed);
                INFO(size << " depth " << depth << " vcs " << p.vcs << " seed " << seed);
                INFO(r.deadlock_report);
                for (const auto& problem : r.problems) UNSCOPED_INFO(problem);
                REQUIRE(r.problems.empty());
                if (!r.deadlock) {
                    REQUIRE(r.ok());
                    REQUIRE(r.traffic.completed == sends.size());
                    REQUIRE(r.messages_sent == sends.size());  // one worm per request
                    ++drained;
                }
                ++runs;
            }
    REQUIRE(runs == 60);
    INFO(drained << " of " << runs << " runs drained");
    REQUIRE(drained >= 54);
}

TEST_CASE(
    "heavy random e-cube tree multicasts on a mesh can deadlock (XY trees are not "
    "deadlock-free), and the watchdog reports the wait-for cycle",
    "[network][multicast][tree][mesh][deadlock][watchdog]") {
    // Two trees can each hold an output at one router that the other's branch waits for at
    // another router: atomic OCRQ enqueue prevents the cycle inside one router, not across them.
    const auto shape = MeshShape::parse("4x4", false);
    NetworkParams p;
    p.tree_worms = true;
    p.buffer_depth = 1;
    p.watchdog_cycles = 500;
    std::uint64_t found = 0;
    sim::RunResult deadlocked;
    std::size_t requests = 0;
    for (std::uint64_t seed = 1; seed <= 10 && found == 0; ++seed) {
        std::mt19937_64 rng(seed);
        const auto sends = random_requests(shape.nodes(), 4 * shape.nodes(), 100, 15, 16, rng);
        auto r = run_trees(shape, p, sends, seed);
        if (r.deadlock) {
            found = seed;
            deadlocked = std::move(r);
            requests = sends.size();
        }
    }
    REQUIRE(found != 0);
    INFO("seed " << found << "\n" << deadlocked.deadlock_report);
    CHECK_THAT(deadlocked.deadlock_report, Catch::Contains("none moved since cycle"));
    CHECK_THAT(deadlocked.deadlock_report, Catch::Contains("wait-for cycle of"));
    CHECK(deadlocked.traffic.completed < requests);
    // The same traffic as unicasts (separate addressing, e-cube, deadlock-free) is delivered.
    std::mt19937_64 rng(found);
    const auto sends = random_requests(shape.nodes(), 4 * shape.nodes(), 100, 15, 16, rng);
    const auto r = sim::run_network(build_mesh_network(shape, p), p, sends, {});
    INFO(r.deadlock_report);
    REQUIRE(r.ok());
    REQUIRE(r.traffic.completed == requests);
}
