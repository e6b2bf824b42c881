// Network-level tests of ATBM on UNI-/BI-MINs: 1 or b physical consumption channels per node, the
// token rings of the matching Fig. 9 grouping, exactly-once delivery of random multicasts and
// unicasts under load over many seeds. Varavithya & Mohapatra §3, §4, §5.3.4.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "testbenches/sim/Runner.hpp"
#include "testbenches/unit/min/MinTestSupport.hpp"
#include "topologies/min/AtbmPlan.hpp"
#include "topologies/min/ConsumptionChannels.hpp"
#include "topologies/min/MinRoutingConfig.hpp"
#include "topologies/min/SwitchGrouping.hpp"
#include "topologies/min/network/MinNetwork.hpp"

using namespace wormcast;
using namespace wormcast::min;

namespace {

/// Header flits of a bit-string worm on this network.
unsigned bit_string_flits(const MinShape& shape, unsigned flit_width) {
    return header_flits(Header::bit_string(shape.nodes(), {}),
                        HeaderFormat{flit_width, shape.nodes()});
}

/// Flits a run sent on BI-MIN forward links leaving a right port other than the lowest (b+1 ..
/// 2b-1): zero unless forward hops were adaptive. `links` are the spec's links, in the order of
/// RunResult::link_flits.
std::uint64_t upper_right_port_flits(const std::vector<LinkSpec>& links, const MinShape& shape,
                                     const sim::RunResult& r) {
    REQUIRE(r.link_flits.size() == links.size());
    std::uint64_t flits = 0;
    for (std::size_t i = 0; i < links.size(); ++i)
        if (links[i].from_port > shape.radix && links[i].from_port < 2 * shape.radix)
            flits += r.link_flits[i];
    return flits;
}

}  // namespace

TEST_CASE("b consumption channels: each input of the exit switch feeds its own physical channel",
          "[min][network][consumption]") {
    for (const char* topology : {"min-uni:b=2,n=3", "min-uni:b=4,n=2", "min-uni:b=8,n=2",
                                 "min-bi:b=2,n=3", "min-bi:b=4,n=2", "min-bi:b=3,n=2"}) {
        const MinWiring wiring(MinShape::parse(topology));
        const MinShape& shape = wiring.shape();
        const MinReachTable table(wiring);
        const std::uint32_t b = shape.radix;
        INFO(topology);
        const ConsumptionChannels one(shape, 1), all(shape, b);
        for (SwitchId id : wiring.switch_ids()) {
            CHECK(one.outputs(id) == wiring.switch_ports());
            CHECK(all.outputs(id) ==
                  wiring.switch_ports() + (all.is_exit_switch(id) ? (b - 1) * b : 0));
        }
        // Every (node, channel) has its own output of the node's exit switch; channel 0 is the
        // wiring's node port.
        for (NodeId a = 0; a < shape.nodes(); ++a) {
            CHECK(one.port(a, 0) == wiring.node_exit(a).port);
            CHECK(all.port(a, 0) == wiring.node_exit(a).port);
            CHECK(all.is_exit_switch(wiring.node_exit(a).switch_id));
        }
        for (std::uint32_t row = 0; row < shape.rows(); ++row) {
            std::set<PortId> used;
            for (NodeId a = row * b; a < (row + 1) * b; ++a)
                for (std::uint32_t c = 0; c < b; ++c) {
                    const PortId port = all.port(a, c);
                    CHECK(used.insert(port).second);
                    CHECK(port < all.outputs(wiring.node_exit(a).switch_id));
                    // Not a switch-to-switch port: those keep their wiring targets.
                    if (port < wiring.switch_ports())
                        CHECK(wiring.output_target(wiring.node_exit(a).switch_id, port).is_node());
                }
        }
        // The routing function at an exit switch: a worm from input p delivers on channel p mod b,
        // to every node it names, and on channel 0 with one channel per node.
        MinRoutingConfig config;
        config.consumption_channels = b;
        const SwitchId exit = wiring.node_exit(0).switch_id;
        const auto routing_b = make_min_routing(wiring, table, exit, config);
        const auto routing_1 = make_min_routing(wiring, table, exit);
        std::vector<NodeId> row_nodes;
        for (NodeId a = 0; a < b; ++a) row_nodes.push_back(a);
        const Header tree = Header::bit_string(shape.nodes(), row_nodes);
        for (PortId p = 0; p < wiring.switch_ports(); ++p) {
            // BI: a left-port worm turns at stage 0 (T = 0) and cannot name its own sender.
            const bool left = shape.kind == MinKind::Bidirectional && p < b;
            std::vector<NodeId> named;
            for (NodeId a : row_nodes)
                if (!left || a != p) named.push_back(a);
            const Header header = left ? Header::bit_string(shape.nodes(), named) : tree;
            const RouteDecision d = routing_b->route(RouteQuery{p, 0, &header});
            const RouteDecision d1 = routing_1->route(RouteQuery{p, 0, &header});
            REQUIRE(d.branches.size() == named.size());
            REQUIRE(d1.branches.size() == named.size());
            for (std::size_t i = 0; i < named.size(); ++i) {
                CHECK(d.branches[i].port == all.port(named[i], p % b));
                CHECK(d1.branches[i].port == one.port(named[i], 0));
            }
            const Header unicast = Header::unicast(named.back());
            CHECK(routing_b->route(RouteQuery{p, 0, &unicast}).branches.front().port ==
                  all.port(named.back(), p % b));
        }
    }
    CHECK_THROWS_WITH(ConsumptionChannels(MinShape::parse("min-uni:b=4,n=2"), 2),
                      Catch::Contains("neither 1 nor b = 4"));
}

TEST_CASE("the network's token rings are the grouping of its consumption-channel model",
          "[min][network][consumption][token]") {
    for (const char* topology : {"min-uni:b=2,n=4", "min-uni:b=4,n=3", "min-uni:b=8,n=2",
                                 "min-bi:b=2,n=3", "min-bi:b=4,n=3", "min-bi:b=8,n=2"})
        for (const bool b_channels : {false, true}) {
            const MinShape shape = MinShape::parse(topology);
            NetworkParams p;
            p.tree_worms = true;
            p.consumption_channels = b_channels ? shape.radix : 1;
            INFO(topology << " channels " << p.consumption_channels);
            const NetworkSpec spec = build_min_network(shape, p);
            const MinWiring wiring(shape);
            const SwitchGrouping grouping(wiring, p.consumption_channels);
            const ConsumptionChannels consumption(shape, p.consumption_channels);
            std::map<std::uint32_t, const TokenRing*> ring_of_group;
            std::size_t ungrouped = 0;
            for (SwitchId id : wiring.switch_ids()) {
                const RouterSpec& r = spec.routers[id.stage * shape.rows() + id.row];
                CHECK(r.outputs == consumption.outputs(id));
                const GroupedSwitch& g = grouping.tree_op_switch(id);
                if (!g.group) {
                    CHECK(r.token_ring == nullptr);
                    ++ungrouped;
                    continue;
                }
                REQUIRE(r.token_ring != nullptr);
                CHECK(r.token_ring->stops() == g.group_size);
                const auto [it, fresh] = ring_of_group.emplace(*g.group, r.token_ring.get());
                CHECK(it->second == r.token_ring.get());  // one ring per group
                (void)fresh;
            }
            // The b-channel model leaves the exit stage without tokens (§3: its switches cannot
            // be involved in a deadlock); the one-channel model groups every stage.
            CHECK(ungrouped == (b_channels ? shape.rows() : 0));
            for (const NodeSpec& node : spec.nodes)
                CHECK(node.consumption_ports.size() == p.consumption_channels);
        }
}

TEST_CASE("min-bi:b=8,n=2 with 8 consumption channels builds 72-output switches",
          "[min][network][consumption][config]") {
    // 16 ports + 7 extra channels x 8 nodes at stage 0: beyond one 64-bit port mask.
    const MinShape shape = MinShape::parse("min-bi:b=8,n=2");
    NetworkParams p;
    p.tree_worms = true;
    p.consumption_channels = 8;
    const NetworkSpec spec = build_min_network(shape, p);
    const ConsumptionChannels consumption(shape, 8);
    for (std::uint32_t row = 0; row < shape.rows(); ++row) {
        CHECK(spec.routers[row].outputs == 72);                 // stage 0
        CHECK(spec.routers[shape.rows() + row].outputs == 16);  // stage 1
    }
    // Node 63's channel 7 is the highest port of its switch, above port 63.
    CHECK(consumption.port(63, 7) == 71);
    CHECK(spec.nodes[63].consumption_ports.back() == 71);
    // A multicast from node 7 to nodes 0..6 turns at stage 0 (T = 0) on left port 7 and so
    // delivers on channel 7 of each: ports 2b + 6b + k = 64..70 of switch (0, 0), one tree
    // operation whose outputs all lie above the first 64-bit word.
    const MinWiring wiring(shape);
    const MinReachTable table(wiring);
    MinRoutingConfig config;
    config.consumption_channels = 8;
    const auto routing = make_min_routing(wiring, table, SwitchId{0, 0}, config);
    const std::vector<NodeId> row_mates{0, 1, 2, 3, 4, 5, 6};
    const Header tree = Header::bit_string(shape.nodes(), row_mates);
    const RouteDecision d = routing->route(RouteQuery{7, 0, &tree});
    REQUIRE(d.branches.size() == 7);
    for (std::size_t i = 0; i < 7; ++i) CHECK(d.branches[i].port == 64 + i);
    // On the network: that multicast, a broadcast from node 0 and unicasts from node 63 to its
    // row mates (channel 7 again, ports 64..70 of switch (0, 7)), all delivered exactly once.
    std::vector<NodeId> all;
    for (NodeId a = 1; a < shape.nodes(); ++a) all.push_back(a);
    std::vector<ScheduledSend> sends{ScheduledSend{1, 0, all, 10, true},
                                     ScheduledSend{2, 7, row_mates, 10, true}};
    for (NodeId a = 56; a < 63; ++a) sends.push_back(ScheduledSend{3 + a, 63, {a}, 6, true});
    const auto r =
        sim::run_network(build_min_network(shape, p), p, sends, sim::recording_arrivals());
    for (const auto& problem : r.problems) UNSCOPED_INFO(problem);
    INFO(r.deadlock_report);
    REQUIRE(r.ok());
    CHECK(r.traffic.completed == sends.size());
    CHECK(r.arrival_digest.size() == all.size() + row_mates.size() + 7);
}

TEST_CASE("a switch that would need more than 256 outputs is refused with a clear error",
          "[min][network][consumption][config]") {
    NetworkParams p;
    p.consumption_channels = 16;
    // min-bi:b=16: 32 ports + 15 x 16 extra channels = 272 outputs at stage 0.
    CHECK_THROWS_WITH(build_min_network(MinShape::parse("min-bi:b=16,n=2"), p),
                      Catch::Contains("needs 272 outputs, a router has at most 256"));
    p.consumption_channels = 3;
    CHECK_THROWS_WITH(build_min_network(MinShape::parse("min-uni:b=2,n=2"), p),
                      Catch::Contains("neither 1 nor b = 2"));
    p.consumption_channels = 1;
    p.injection_channels = 2;
    CHECK_THROWS_WITH(build_min_network(MinShape::parse("min-uni:b=2,n=2"), p),
                      Catch::Contains("injection_channels = 2"));
}

TEST_CASE(
    "with b consumption channels, worms from two inputs of the exit switch are consumed "
    "at once",
    "[min][network][consumption]") {
    // Two unicasts to node 0 whose paths share no channel before the exit switch and arrive there
    // on different inputs: with one channel the second waits for the whole first worm; with b
    // channels both stream into node 0 together (in the same cycles when the paths are equally
    // long). The pairs come from the contention-free plan, where forward hops take the lowest
    // right port, so on the BI-MIN every worm from above arrives on right port b and a pair there
    // includes a T = 0 worm (left port); the two paths share no forward channel, so adaptive
    // forwarding takes the same ports.
    for (const char* topology :
         {"min-uni:b=2,n=3", "min-uni:b=4,n=2", "min-bi:b=2,n=3", "min-bi:b=4,n=2"}) {
        const MinShape shape = MinShape::parse(topology);
        const MinWiring wiring(shape);
        INFO(topology);
        struct Path {
            std::set<std::pair<std::uint32_t, PortId>> channels;  ///< switch output channels
            PortId exit_in = 0;                                   ///< input at the exit switch
            std::size_t switches = 0;
        };
        auto path_of = [&](NodeId source) {
            const AtbmPlan plan = plan_atbm(wiring, source, {0});
            Path path;
            for (std::size_t h : plan.path_to(0)) {
                const AtbmHop& hop = plan.hops[h];
                ++path.switches;
                path.exit_in = hop.in_port;
                path.channels.insert({hop.switch_id.stage * shape.rows() + hop.switch_id.row,
                                      hop.out_ports.front()});
            }
            return path;
        };
        NodeId first = kNoNode, second = kNoNode;
        bool equal_length = false;
        for (NodeId s1 = 1; s1 < shape.nodes(); ++s1)
            for (NodeId s2 = s1 + 1; s2 < shape.nodes(); ++s2) {
                const Path p1 = path_of(s1), p2 = path_of(s2);
                std::vector<std::pair<std::uint32_t, PortId>> shared;
                std::set_intersection(p1.channels.begin(), p1.channels.end(), p2.channels.begin(),
                                      p2.channels.end(), std::back_inserter(shared));
                // Only the delivery channel (node 0's port) is shared, on other exit inputs.
                if (p1.exit_in % shape.radix == p2.exit_in % shape.radix || shared.size() != 1)
                    continue;
                if (second != kNoNode && (equal_length || p1.switches != p2.switches)) continue;
                first = s1;
                second = s2;
                equal_length = p1.switches == p2.switches;
            }
        REQUIRE(second != kNoNode);
        const std::uint32_t length = 20;
        for (const std::uint32_t channels : {std::uint32_t{1}, shape.radix}) {
            NetworkParams p;
            p.tree_worms = true;
            p.buffer_depth = 8;
            p.consumption_channels = channels;
            const std::vector<ScheduledSend> sends{ScheduledSend{1, first, {0}, length, true},
                                                   ScheduledSend{1, second, {0}, length, true}};
            const auto r =
                sim::run_network(build_min_network(shape, p), p, sends, sim::recording_arrivals());
            INFO("channels " << channels << " sources " << first << " " << second);
            REQUIRE(r.ok());
            REQUIRE(r.arrival_digest.size() == 2);
            const Cycle a = r.arrival_digest[0][2], b = r.arrival_digest[1][2];
            const Cycle gap = a > b ? a - b : b - a;
            if (channels == 1)
                CHECK(gap >= length);
            else if (equal_length)
                CHECK(gap == 0);
            else
                CHECK(gap < length);  // the tails overlap: both worms streamed at once
        }
    }
}

TEST_CASE(
    "random ATBM multicasts and unicasts under load are delivered exactly once, with 1 or "
    "b consumption channels",
    "[min][network][consumption][property]") {
    // 2x2, 4x4 and 8x8 switches, UNI and BI; buffers of one flit and of one bit-string header;
    // one and b channels per node (min-bi:b=8 with 8 channels: 72-output stage-0 switches);
    // ring and average token models; several seeds each. 16-bit flits, so headers take 1..5 flits.
    int runs = 0;
    std::size_t messages = 0;
    std::map<std::string, std::uint64_t> adaptive_flits;  ///< BI: flits on upper right ports
    for (const char* topology :
         {"min-uni:b=2,n=3", "min-uni:b=2,n=4", "min-uni:b=4,n=2", "min-uni:b=8,n=2",
          "min-bi:b=2,n=3", "min-bi:b=2,n=4", "min-bi:b=4,n=2", "min-bi:b=8,n=2"}) {
        const MinShape shape = MinShape::parse(topology);
        const bool big = shape.nodes() >= 64;
        const unsigned header = bit_string_flits(shape, 16);
        for (const unsigned depth : std::set<unsigned>{1u, header})
            for (const std::uint32_t channels : {std::uint32_t{1}, shape.radix}) {
                for (std::uint64_t seed = 1; seed <= (big ? 3u : 8u); ++seed) {
                    NetworkParams p;
                    p.tree_worms = true;
                    p.flit_width = 16;
                    p.buffer_depth = depth;
                    p.consumption_channels = channels;
                    p.t_node = 1 + seed % 2;
                    p.t_node_multidest = p.t_node + 1;
                    p.watchdog_cycles = 5000;
                    AtbmOptions atbm;
                    atbm.model = seed % 2 ? TokenModel::Ring : TokenModel::Average;
                    atbm.token_pass_cycles = 1 + static_cast<unsigned>(seed % 3);
                    std::mt19937_64 rng(seed * 1000 + depth * 10 + channels);
                    // Four messages per node within 600 cycles (three on 64 nodes): several
                    // worms meet at every stage and tree operations wait for tokens.
                    const std::size_t count = (big ? 3 : 4) * shape.nodes();
                    const auto sends =
                        testing::random_atbm_traffic(shape.nodes(), count, 600, 12, rng);
                    sim::RunOptions o;
                    o.seed = seed;
                    o.drain_limit = 400000;
                    NetworkSpec spec = build_min_network(shape, p, atbm);
                    const std::vector<LinkSpec> links = spec.links;
                    const auto r = sim::run_network(std::move(spec), p, sends, o);
                    INFO(topology << " depth " << depth << " channels " << channels << " seed "
                                  << seed);
                    INFO(r.deadlock_report);
                    for (const auto& problem : r.problems) UNSCOPED_INFO(problem);
                    REQUIRE(r.ok());
                    REQUIRE(r.traffic.completed == sends.size());
                    if (shape.kind == MinKind::Bidirectional)
                        adaptive_flits[topology] += upper_right_port_flits(links, shape, r);
                    messages += sends.size();
                    ++runs;
                }
            }
    }
    // Runs: UNI 16 + 32 + 32 + 12, BI 16 + 32 + 32 + 12 (one-flit headers on 8 nodes).
    CHECK(runs == 184);
    CHECK(messages > 12000);
    // The BI-MINs forwarded adaptively (the default): worms did leave on the upper right ports.
    CHECK(adaptive_flits.size() == 4);
    for (const auto& [topology, flits] : adaptive_flits) {
        INFO(topology);
        CHECK(flits > 0);
    }
}

TEST_CASE(
    "BI-MINs with forward=fixed: random ATBM traffic is delivered exactly once and never "
    "leaves on an upper right port",
    "[min][network][consumption][property][adaptive]") {
    int runs = 0;
    for (const char* topology : {"min-bi:b=2,n=3,forward=fixed", "min-bi:b=4,n=2,forward=fixed",
                                 "min-bi:b=8,n=2,forward=fixed"}) {
        const MinShape shape = MinShape::parse(topology);
        REQUIRE(shape.forward == MinForward::Fixed);
        for (const std::uint32_t channels : {std::uint32_t{1}, shape.radix})
            for (std::uint64_t seed = 1; seed <= 2; ++seed) {
                NetworkParams p;
                p.tree_worms = true;
                p.flit_width = 16;
                p.buffer_depth = bit_string_flits(shape, 16);
                p.consumption_channels = channels;
                p.watchdog_cycles = 5000;
                AtbmOptions atbm;
                atbm.model = seed % 2 ? TokenModel::Ring : TokenModel::Average;
                std::mt19937_64 rng(seed * 77 + channels);
                const auto sends =
                    testing::random_atbm_traffic(shape.nodes(), 3 * shape.nodes(), 600, 12, rng);
                NetworkSpec spec = build_min_network(shape, p, atbm);
                const std::vector<LinkSpec> links = spec.links;
                sim::RunOptions o;
                o.seed = seed;
                o.drain_limit = 400000;
                const auto r = sim::run_network(std::move(spec), p, sends, o);
                INFO(topology << " channels " << channels << " seed " << seed << "\n"
                              << r.deadlock_report);
                for (const auto& problem : r.problems) UNSCOPED_INFO(problem);
                REQUIRE(r.ok());
                REQUIRE(r.traffic.completed == sends.size());
                CHECK(upper_right_port_flits(links, shape, r) == 0);
                ++runs;
            }
    }
    CHECK(runs == 12);
}

TEST_CASE(
    "BI-MIN: a forward worm takes the next right port while the lowest is held, and with "
    "forward=fixed it waits",
    "[min][network][adaptive]") {
    // min-bi:b=2,n=2: nodes 0 and 1 enter switch (0, 0); unicasts 0 -> 2 and 1 -> 3 turn at
    // stage 1 and both go forward from (0, 0) at the same time. Fixed: both need right port 2
    // and the second waits for the first's tail. Adaptive: the second takes right port 3 (to
    // the other stage-1 switch) and the two worms stream side by side.
    const std::uint32_t length = 20;
    for (const char* topology : {"min-bi:b=2,n=2", "min-bi:b=2,n=2,forward=fixed"}) {
        const MinShape shape = MinShape::parse(topology);
        NetworkParams p;
        p.tree_worms = true;
        p.buffer_depth = 4;
        const std::vector<ScheduledSend> sends{ScheduledSend{1, 0, {2}, length, true},
                                               ScheduledSend{1, 1, {3}, length, true}};
        NetworkSpec spec = build_min_network(shape, p);
        const std::vector<LinkSpec> links = spec.links;
        const auto r = sim::run_network(std::move(spec), p, sends, sim::recording_arrivals());
        INFO(topology);
        REQUIRE(r.ok());
        REQUIRE(r.arrival_digest.size() == 2);
        const Cycle a = r.arrival_digest[0][2], b = r.arrival_digest[1][2];
        const Cycle gap = a > b ? a - b : b - a;
        if (shape.forward == MinForward::Fixed) {
            CHECK(gap >= length);
            CHECK(upper_right_port_flits(links, shape, r) == 0);
        } else {
            CHECK(gap == 0);
            CHECK(upper_right_port_flits(links, shape, r) == length + 1);  // header + payload
        }
    }
}
