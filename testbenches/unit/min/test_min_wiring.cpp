// Unit tests of the MIN shapes, wiring and unicast routing: topology strings, the issue's
// 0010 -> 1010 check, wiring consistency, and routes against breadth-first shortest paths.
#include <catch2/catch.hpp>

#include <deque>
#include <map>
#include <set>
#include <vector>

#include "topologies/min/BiMinRouting.hpp"
#include "topologies/min/MinRoutingConfig.hpp"
#include "topologies/min/MinWiring.hpp"
#include "topologies/min/UniMinRouting.hpp"

using namespace wormcast;
using namespace wormcast::min;

namespace {

/// (stage, row, in_port, out_port) of one switch on a unicast route.
struct RouteStep {
    std::uint32_t stage, row;
    PortId in_port, out_port;
    bool operator==(const RouteStep& o) const {
        return stage == o.stage && row == o.row && in_port == o.in_port && out_port == o.out_port;
    }
};

/// Follows the switches' routing functions from `from` until the worm reaches a node.
std::vector<RouteStep> unicast_route(const MinWiring& wiring, const MinReachTable& table,
                                     NodeId from, NodeId to, NodeId* delivered) {
    const Header header = Header::unicast(to);
    std::vector<RouteStep> steps;
    PortEndpoint at = wiring.node_entry(from);
    while (at.is_switch()) {
        REQUIRE(steps.size() <= 2 * wiring.shape().stages);
        const auto routing = make_min_routing(wiring, table, at.switch_id);
        const RouteDecision decision = routing->route(RouteQuery{at.port, 0, &header});
        REQUIRE(decision.branches.size() == 1);
        const PortId out = decision.branches.front().port;
        steps.push_back(RouteStep{at.switch_id.stage, at.switch_id.row, at.port, out});
        at = wiring.output_target(at.switch_id, out);
    }
    REQUIRE(at.is_node());
    *delivered = at.node;
    return steps;
}

/// Fewest switches any path through the wiring needs from node `from` to node `to` (a switch may
/// connect any input to any output).
std::uint32_t shortest_switch_count(const MinWiring& wiring, NodeId from, NodeId to) {
    std::map<SwitchId, std::uint32_t> distance;
    std::deque<SwitchId> frontier;
    const SwitchId start = wiring.node_entry(from).switch_id;
    distance[start] = 1;
    frontier.push_back(start);
    while (!frontier.empty()) {
        const SwitchId here = frontier.front();
        frontier.pop_front();
        for (PortId p = 0; p < wiring.switch_ports(); ++p) {
            const PortEndpoint next = wiring.output_target(here, p);
            if (next.is_node() && next.node == to) return distance[here];
            if (next.is_switch() && !distance.count(next.switch_id)) {
                distance[next.switch_id] = distance[here] + 1;
                frontier.push_back(next.switch_id);
            }
        }
    }
    FAIL("node " << to << " is unreachable from " << from);
    return 0;
}

const std::vector<std::string> kSizes = {
    "min-uni:b=2,n=1", "min-uni:b=2,n=3", "min-uni:b=2,n=4", "min-uni:b=2,n=6",
    "min-uni:b=4,n=2", "min-uni:b=4,n=3", "min-uni:b=8,n=2", "min-uni:b=3,n=3",
    "min-bi:b=2,n=1",  "min-bi:b=2,n=3",  "min-bi:b=2,n=4",  "min-bi:b=2,n=6",
    "min-bi:b=4,n=2",  "min-bi:b=4,n=3",  "min-bi:b=8,n=2",  "min-bi:b=3,n=3"};

}  // namespace

TEST_CASE("MIN topology strings parse and bad ones are refused with a reason", "[min][shape]") {
    const MinShape uni = MinShape::parse("min-uni:b=2,n=3");
    CHECK(uni.kind == MinKind::Unidirectional);
    CHECK(uni.radix == 2);
    CHECK(uni.stages == 3);
    CHECK(uni.nodes() == 8);
    CHECK(uni.rows() == 4);
    CHECK(uni.effective_stages() == 3);
    CHECK(uni.name() == "min-uni:b=2,n=3");
    const MinShape bi = MinShape::parse(" min-bi:n=2, b=8 ");
    CHECK(bi.kind == MinKind::Bidirectional);
    CHECK(bi.nodes() == 64);
    CHECK(bi.rows() == 8);
    CHECK(bi.switch_ports() == 16);
    CHECK(bi.effective_stages() == 4);
    CHECK(bi.forward == MinForward::Adaptive);  // the paper's choice is the default
    CHECK(bi.name() == "min-bi:b=8,n=2");
    const MinShape fixed = MinShape::parse("min-bi:b=4,n=3, forward=fixed");
    CHECK(fixed.forward == MinForward::Fixed);
    CHECK(fixed.radix == 4);
    CHECK(fixed.name() == "min-bi:b=4,n=3,forward=fixed");
    CHECK(MinShape::parse(fixed.name()).forward == MinForward::Fixed);
    CHECK(MinShape::parse("min-bi:forward=adaptive,b=2,n=2").forward == MinForward::Adaptive);

    using Catch::Matchers::Contains;
    CHECK_THROWS_WITH(MinShape::parse("min-bi:b=2,n=2,forward=any"),
                      Contains("forward = 'any' is neither 'adaptive' nor 'fixed'"));
    CHECK_THROWS_WITH(MinShape::parse("min-bi:b=2,n=2,forward=fixed,forward=fixed"),
                      Contains("'forward' given twice"));
    CHECK_THROWS_WITH(MinShape::parse("min-uni:b=2,n=2,forward=fixed"),
                      Contains("forward applies to min-bi only"));
    CHECK_THROWS_WITH(MinShape::parse("min-xx:b=2,n=3"), Contains("unknown MIN family"));
    CHECK_THROWS_WITH(MinShape::parse("min-uni"), Contains("b and n are missing"));
    CHECK_THROWS_WITH(MinShape::parse("min-uni:b=2"), Contains("stage count n is missing"));
    CHECK_THROWS_WITH(MinShape::parse("min-uni:n=2"), Contains("switch radix b is missing"));
    CHECK_THROWS_WITH(MinShape::parse("min-uni:b=2,n=3,n=3"), Contains("given twice"));
    CHECK_THROWS_WITH(MinShape::parse("min-uni:b=2,n=3,c=1"), Contains("unknown parameter 'c'"));
    CHECK_THROWS_WITH(MinShape::parse("min-uni:b=two,n=3"), Contains("not a non-negative integer"));
    CHECK_THROWS_WITH(MinShape::parse("min-uni:b,n=3"), Contains("key=value"));
    CHECK_THROWS_WITH(MinShape::parse("min-uni:b=2;n=3"), Contains("not a non-negative integer"));
    CHECK_THROWS_WITH(MinShape::parse("min-uni:b=1,n=3"), Contains("below 2"));
    CHECK_THROWS_WITH(MinShape::parse("min-bi:b=2,n=0"), Contains("below 1"));
    CHECK_THROWS_WITH(MinShape::parse("min-bi:b=2,n=17"), Contains("exceeds"));
    CHECK_THROWS_AS(MinShape::parse(""), ConfigError);
}

TEST_CASE("base-b digit arithmetic", "[min][shape]") {
    const MinShape shape = MinShape::parse("min-uni:b=4,n=3");
    CHECK(shape.digit(27, 0) == 3);  // 27 = [1 2 3] in base 4
    CHECK(shape.digit(27, 1) == 2);
    CHECK(shape.digit(27, 2) == 1);
    CHECK(shape.with_digit(27, 1, 0) == 19);
    CHECK_THROWS_AS(shape.check_node(64, "dest"), ConfigError);
}

TEST_CASE("baseline UNI-MIN: 0010 -> 1010 takes the issue's switches", "[min][wiring]") {
    const MinWiring wiring(MinShape::parse("min-uni:b=2,n=4"));
    const MinReachTable table(wiring);
    NodeId delivered = kNoNode;
    const auto route = unicast_route(wiring, table, 0b0010, 0b1010, &delivered);
    const std::vector<RouteStep> expected = {
        {0, 1, 0, 1}, {1, 4, 1, 0}, {2, 4, 0, 1}, {3, 5, 0, 0}};
    CHECK(route == expected);
    CHECK(delivered == 0b1010);
}

TEST_CASE("butterfly BI-MIN: turnaround stages of the paper's Fig. 3b examples", "[min][wiring]") {
    const MinWiring wiring(MinShape::parse("min-bi:b=2,n=4"));
    const MinReachTable table(wiring);
    NodeId delivered = kNoNode;
    // [0010] -> [1010] turns at stage 3, [1100] -> [1000] at stage 2: 2T+1 switches.
    const auto first = unicast_route(wiring, table, 0b0010, 0b1010, &delivered);
    CHECK(delivered == 0b1010);
    REQUIRE(first.size() == 7);
    CHECK(first[3].stage == 3);
    const auto second = unicast_route(wiring, table, 0b1100, 0b1000, &delivered);
    CHECK(delivered == 0b1000);
    REQUIRE(second.size() == 5);
    CHECK(second[2].stage == 2);
    CHECK(second[2].out_port == 0);  // turns around to left port d_T = 0
}

TEST_CASE("MIN wiring: every channel has one source and one sink, nodes attach once",
          "[min][wiring]") {
    for (const std::string& size : kSizes) {
        INFO(size);
        const MinWiring wiring(MinShape::parse(size));
        const MinShape& shape = wiring.shape();
        std::set<std::pair<SwitchId, PortId>> fed_inputs;
        std::set<NodeId> fed_nodes;
        for (const SwitchId id : wiring.switch_ids())
            for (PortId p = 0; p < wiring.switch_ports(); ++p) {
                const PortEndpoint next = wiring.output_target(id, p);
                if (next.is_switch()) {
                    CHECK(fed_inputs.insert({next.switch_id, next.port}).second);
                    CHECK(wiring.input_source(next.switch_id, next.port) ==
                          PortEndpoint::at_switch(id, p));
                    if (wiring
                            .bidirectional()) {  // a bidirectional link: both ends name each other
                        CHECK(wiring.output_target(next.switch_id, next.port) ==
                              PortEndpoint::at_switch(id, p));
                        CHECK((next.switch_id.stage + 1 == id.stage ||
                               next.switch_id.stage == id.stage + 1));
                    } else {
                        CHECK(next.switch_id.stage == id.stage + 1);
                    }
                } else if (next.is_node()) {
                    CHECK(fed_nodes.insert(next.node).second);
                    CHECK(wiring.node_exit(next.node) == PortEndpoint::at_switch(id, p));
                } else {
                    CHECK(wiring.bidirectional());
                    CHECK(id.stage + 1 == shape.stages);
                    CHECK(wiring.is_right_port(p));
                }
            }
        CHECK(fed_nodes.size() == shape.nodes());
        for (NodeId a = 0; a < shape.nodes(); ++a) {
            const PortEndpoint entry = wiring.node_entry(a);
            CHECK(entry.switch_id == SwitchId{0, a / shape.radix});
            CHECK(entry.port == a % shape.radix);
            CHECK(wiring.input_source(entry.switch_id, entry.port) == PortEndpoint::at_node(a));
        }
        const std::size_t inner_stages = shape.stages - 1;
        const std::size_t links_per_pair = std::size_t{shape.rows()} * shape.radix;
        CHECK(wiring.links().size() ==
              inner_stages * links_per_pair * (wiring.bidirectional() ? 2 : 1));
    }
    CHECK_THROWS_AS(MinWiring(MinShape::parse("min-uni:b=2,n=3")).output_target({3, 0}, 0),
                    ModelError);
}

TEST_CASE("MIN unicast routes are shortest paths of the wiring and deliver to the destination",
          "[min][routing]") {
    for (const std::string& size : kSizes) {
        INFO(size);
        const MinWiring wiring(MinShape::parse(size));
        const MinReachTable table(wiring);
        const MinShape& shape = wiring.shape();
        for (NodeId from = 0; from < shape.nodes(); ++from)
            for (NodeId to = 0; to < shape.nodes(); ++to) {
                if (from == to) continue;
                INFO(from << " -> " << to);
                NodeId delivered = kNoNode;
                const auto route = unicast_route(wiring, table, from, to, &delivered);
                CHECK(delivered == to);
                CHECK(route.size() == shortest_switch_count(wiring, from, to));
                if (!wiring.bidirectional()) {
                    // destination tag: the output at stage j is digit n-1-j of the destination
                    for (const RouteStep& step : route)
                        CHECK(step.out_port == shape.digit(to, shape.stages - 1 - step.stage));
                    continue;
                }
                std::uint32_t turnaround = 0;
                for (std::uint32_t t = 0; t < shape.stages; ++t)
                    if (shape.digit(from, t) != shape.digit(to, t)) turnaround = t;
                REQUIRE(route.size() == 2 * turnaround + 1);
                for (std::uint32_t h = 0; h < turnaround; ++h)
                    CHECK(route[h].out_port == shape.radix);  // lowest right port
                for (std::uint32_t h = turnaround; h < route.size(); ++h)
                    CHECK(route[h].out_port == shape.digit(to, route[h].stage));
            }
    }
}

TEST_CASE("MIN routing exposes the adaptive right ports and rejects what it cannot route",
          "[min][routing]") {
    const MinWiring bi(MinShape::parse("min-bi:b=4,n=3"));
    const MinReachTable bi_table(bi);
    const BiMinRouting bottom(bi, bi_table, SwitchId{0, 0});
    const Header far = Header::unicast(63);
    const Header near = Header::unicast(2);
    CHECK(bottom.legal_forward_ports(RouteQuery{1, 0, &far}) == std::vector<PortId>{4, 5, 6, 7});
    CHECK(bottom.route(RouteQuery{1, 0, &far}).branches.at(0).port == 4);
    // Adaptive forwarding (the default) offers the other right ports for the switch to take the
    // lowest free one; fixed forwarding offers none. Turning or backward worms have no choice.
    PortSet others;
    for (PortId q : {5, 6, 7}) others.set(q);
    CHECK(bottom.route(RouteQuery{1, 0, &far}).branches.at(0).alternatives == others);
    MinRoutingConfig fixed_config;
    fixed_config.forward = MinForward::Fixed;
    const BiMinRouting fixed_bottom(bi, bi_table, SwitchId{0, 0}, fixed_config);
    CHECK(fixed_bottom.route(RouteQuery{1, 0, &far}).branches.at(0).port == 4);
    CHECK(fixed_bottom.route(RouteQuery{1, 0, &far}).branches.at(0).alternatives.none());
    CHECK(bottom.route(RouteQuery{1, 0, &near}).branches.at(0).alternatives.none());
    CHECK(bottom.legal_forward_ports(RouteQuery{1, 0, &near}).empty());
    CHECK(bottom.route(RouteQuery{1, 0, &near}).branches.at(0).port == 2);
    // A worm arriving from above (right port) must find its destination below.
    CHECK_THROWS_AS(bottom.route(RouteQuery{5, 0, &far}), ModelError);
    const Header list = Header::dest_list({3, 5});
    CHECK_THROWS_AS(bottom.route(RouteQuery{1, 0, &list}), ModelError);
    const Header empty = Header::bit_string(64, {});
    CHECK_THROWS_AS(bottom.route(RouteQuery{1, 0, &empty}), ModelError);
    CHECK_THROWS_AS(bottom.route(RouteQuery{1, 0, nullptr}), ModelError);

    const MinWiring uni(MinShape::parse("min-uni:b=2,n=3"));
    const MinReachTable uni_table(uni);
    const UniMinRouting middle(uni, uni_table, SwitchId{1, 0});  // reaches nodes 0..3 only
    const Header unreachable = Header::unicast(6);
    const Header mixed = Header::bit_string(8, {1, 6});
    CHECK_THROWS_AS(middle.route(RouteQuery{0, 0, &unreachable}), ModelError);
    CHECK_THROWS_AS(middle.route(RouteQuery{0, 0, &mixed}), ModelError);
    CHECK_THROWS_AS(middle.route(RouteQuery{0, 0, &list}), ModelError);
    CHECK_THROWS_AS(UniMinRouting(bi, bi_table, SwitchId{0, 0}), ConfigError);
    CHECK_THROWS_AS(BiMinRouting(uni, uni_table, SwitchId{0, 0}), ConfigError);
    MinRoutingConfig no_vcs;
    no_vcs.network_vc_mask = 0;
    CHECK_THROWS_AS(UniMinRouting(uni, uni_table, SwitchId{0, 0}, no_vcs), ConfigError);
}

TEST_CASE("MIN reach table: each downward port reaches one block", "[min][routing]") {
    const MinWiring uni(MinShape::parse("min-uni:b=2,n=3"));
    const MinReachTable uni_table(uni);
    CHECK(uni_table.at({0, 2}).all == NodeRange{0, 8});
    CHECK(uni_table.port_reach({1, 0}, 1) == NodeRange{2, 4});
    CHECK(uni_table.port_reach({2, 3}, 0) == NodeRange{6, 7});
    const MinWiring bi(MinShape::parse("min-bi:b=4,n=3"));
    const MinReachTable bi_table(bi);
    CHECK(bi_table.port_reach({0, 5}, 3) == NodeRange{23, 24});
    CHECK(bi_table.port_reach({1, 5}, 3) == NodeRange{28, 32});  // row 5 = [1 1]: nodes [1 3 x]
    CHECK(bi_table.at({2, 9}).all == NodeRange{0, 64});
    CHECK_THROWS_AS(bi_table.port_reach({1, 5}, 4), ModelError);
}
