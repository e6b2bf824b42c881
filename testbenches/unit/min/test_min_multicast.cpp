// Unit tests of ATBM multicast trees in MINs: bit-string routing walked through the wiring over
// many seeded random destination sets, the plan of every switch visit, and its JSON form.
#include <catch2/catch.hpp>

#include <algorithm>
#include <deque>
#include <map>
#include <random>
#include <set>
#include <vector>

#include <nlohmann/json.hpp>

#include "topologies/min/AtbmPlan.hpp"
#include "topologies/min/MinJson.hpp"
#include "topologies/min/MinRoutingConfig.hpp"

using namespace wormcast;
using namespace wormcast::min;

namespace {

/// A random source and 1..N-1 distinct destinations other than the source.
std::pair<NodeId, std::vector<NodeId>> random_multicast(const MinShape& shape,
                                                        std::mt19937_64& rng) {
    const std::uint32_t nodes = shape.nodes();
    std::vector<NodeId> others(nodes);
    for (NodeId a = 0; a < nodes; ++a) others[a] = a;
    const NodeId source = static_cast<NodeId>(rng() % nodes);
    others.erase(others.begin() + source);
    std::shuffle(others.begin(), others.end(), rng);
    others.resize(1 + rng() % (nodes - 1));
    return {source, others};
}

/// Count of distinct values of node / divisor among the destinations.
std::size_t distinct_blocks(const std::vector<NodeId>& destinations, std::uint32_t divisor) {
    std::set<NodeId> blocks;
    for (NodeId d : destinations) blocks.insert(d / divisor);
    return blocks.size();
}

/// Blocks (node / divisor) whose destinations spread over two or more values of `digit`.
std::size_t splitting_blocks(const MinShape& shape, const std::vector<NodeId>& destinations,
                             std::uint32_t divisor, std::uint32_t digit) {
    std::map<NodeId, std::set<std::uint32_t>> digits;
    for (NodeId d : destinations) digits[d / divisor].insert(shape.digit(d, digit));
    return static_cast<std::size_t>(std::count_if(
        digits.begin(), digits.end(), [](const auto& entry) { return entry.second.size() > 1; }));
}

const std::vector<std::string> kSizes = {
    "min-uni:b=2,n=1", "min-uni:b=2,n=3", "min-uni:b=2,n=6", "min-uni:b=4,n=3", "min-uni:b=8,n=2",
    "min-uni:b=8,n=3", "min-uni:b=3,n=3", "min-bi:b=2,n=1",  "min-bi:b=2,n=3",  "min-bi:b=2,n=6",
    "min-bi:b=4,n=3",  "min-bi:b=8,n=2",  "min-bi:b=8,n=3",  "min-bi:b=3,n=3"};

}  // namespace

TEST_CASE("bit-string headers use the paper's notation", "[min][multicast]") {
    CHECK(Header::bit_string(8, {0, 2, 5, 7}).bit_text(8) == "10100101");
    const MinWiring wiring(MinShape::parse("min-uni:b=2,n=3"));
    CHECK(plan_atbm(wiring, 1, {0, 2, 5, 7}).bitstring == "10100101");
}

TEST_CASE("ATBM trees walked through the wiring reach exactly the destinations",
          "[min][multicast]") {
    std::mt19937_64 rng(20240505);
    for (const std::string& size : kSizes) {
        const MinWiring wiring(MinShape::parse(size));
        const MinReachTable table(wiring);
        const MinShape& shape = wiring.shape();
        for (int trial = 0; trial < 60; ++trial) {
            const auto [source, destinations] = random_multicast(shape, rng);
            INFO(size << " source " << source << " destinations "
                      << Header::bit_string(shape.nodes(), destinations).bit_text(shape.nodes()));
            // Walk: each worm at a switch input is routed, each branch follows its channel.
            struct Worm {
                PortEndpoint at;
                Header header;
            };
            std::deque<Worm> worms{
                {wiring.node_entry(source), Header::bit_string(shape.nodes(), destinations)}};
            std::multiset<NodeId> delivered;
            std::map<std::uint32_t, std::size_t> visits_per_stage;
            std::size_t visits = 0;
            while (!worms.empty()) {
                const Worm worm = worms.front();
                worms.pop_front();
                REQUIRE(++visits <= 2 * shape.switches());
                ++visits_per_stage[worm.at.switch_id.stage];
                const auto routing = make_min_routing(wiring, table, worm.at.switch_id);
                const RouteDecision decision =
                    routing->route(RouteQuery{worm.at.port, 0, &worm.header});
                for (const RouteBranch& branch : decision.branches) {
                    const Header& carried = branch.rewritten ? *branch.rewritten : worm.header;
                    CHECK_FALSE(carried.bit_members(shape.nodes()).empty());
                    const PortEndpoint next = wiring.output_target(worm.at.switch_id, branch.port);
                    REQUIRE(!next.is_switch() == next.is_node());
                    if (next.is_node()) {
                        delivered.insert(next.node);
                        CHECK(carried.bit_members(shape.nodes()) == std::vector<NodeId>{next.node});
                    } else {
                        worms.push_back(Worm{next, carried});
                    }
                }
            }
            const std::multiset<NodeId> wanted(destinations.begin(), destinations.end());
            CHECK(delivered == wanted);
            // The tree is the minimal one: one switch per distinct address block on each stage.
            if (!wiring.bidirectional()) {
                for (std::uint32_t j = 0; j < shape.stages; ++j)
                    CHECK(visits_per_stage[j] ==
                          distinct_blocks(destinations, shape.power(shape.stages - j)));
            }
        }
    }
}

TEST_CASE("ATBM plans list every switch visit with its direction and tree operations",
          "[min][multicast]") {
    std::mt19937_64 rng(77);
    for (const std::string& size : kSizes) {
        const MinWiring wiring(MinShape::parse(size));
        const MinReachTable table(wiring);
        const MinShape& shape = wiring.shape();
        const std::uint32_t n = shape.stages;
        for (int trial = 0; trial < 60; ++trial) {
            const auto [source, destinations] = random_multicast(shape, rng);
            INFO(size << " source " << source << " trial " << trial);
            const AtbmPlan plan = plan_atbm(wiring, table, source, destinations);
            std::vector<NodeId> reached;
            for (const AtbmDelivery& d : plan.deliveries) reached.push_back(d.node);
            std::vector<NodeId> wanted = destinations;
            std::sort(wanted.begin(), wanted.end());
            CHECK(reached == wanted);

            // Every hop hangs off its parent's output channel; the children fill the out ports.
            std::map<std::size_t, std::size_t> children;
            for (std::size_t h = 0; h < plan.hops.size(); ++h) {
                const AtbmHop& hop = plan.hops[h];
                CHECK(hop.tree_op == (hop.out_ports.size() > 1));
                CHECK(std::is_sorted(hop.out_ports.begin(), hop.out_ports.end()));
                if (hop.parent < 0) {
                    CHECK(h == 0);
                    CHECK(PortEndpoint::at_switch(hop.switch_id, hop.in_port) ==
                          wiring.node_entry(source));
                    continue;
                }
                ++children[static_cast<std::size_t>(hop.parent)];
                const AtbmHop& parent = plan.hops[static_cast<std::size_t>(hop.parent)];
                const bool fed =
                    std::any_of(parent.out_ports.begin(), parent.out_ports.end(), [&](PortId p) {
                        return wiring.output_target(parent.switch_id, p) ==
                               PortEndpoint::at_switch(hop.switch_id, hop.in_port);
                    });
                CHECK(fed);
            }
            for (const AtbmDelivery& d : plan.deliveries) ++children[d.hop];
            for (std::size_t h = 0; h < plan.hops.size(); ++h)
                CHECK(children[h] == plan.hops[h].out_ports.size());

            if (!wiring.bidirectional()) {
                CHECK_FALSE(plan.turnaround_stage.has_value());
                for (const AtbmDelivery& d : plan.deliveries)
                    CHECK(plan.path_to(d.node).size() == n);
                for (std::uint32_t j = 0; j < n; ++j) {
                    const std::uint32_t divisor = shape.power(n - j);
                    const auto at_stage =
                        std::count_if(plan.hops.begin(), plan.hops.end(),
                                      [j](const AtbmHop& hop) { return hop.switch_id.stage == j; });
                    const auto trees =
                        std::count_if(plan.hops.begin(), plan.hops.end(), [j](const AtbmHop& hop) {
                            return hop.switch_id.stage == j && hop.tree_op;
                        });
                    CHECK(static_cast<std::size_t>(at_stage) ==
                          distinct_blocks(destinations, divisor));
                    CHECK(static_cast<std::size_t>(trees) ==
                          splitting_blocks(shape, destinations, divisor, n - 1 - j));
                }
                continue;
            }
            // BI: T from the digits, then T forward hops on the lowest right port, one turn, and
            // on each stage below T one backward switch per block of destinations.
            std::uint32_t turnaround = 0;
            for (NodeId d : destinations)
                for (std::uint32_t t = 0; t < n; ++t)
                    if (shape.digit(d, t) != shape.digit(source, t))
                        turnaround = std::max(turnaround, t);
            REQUIRE(plan.turnaround_stage.has_value());
            CHECK(*plan.turnaround_stage == turnaround);
            for (const AtbmDelivery& d : plan.deliveries)
                CHECK(plan.path_to(d.node).size() == 2 * turnaround + 1);
            std::size_t forward = 0, turns = 0;
            std::map<std::uint32_t, std::size_t> backward, backward_trees;
            for (const AtbmHop& hop : plan.hops) {
                switch (hop.direction) {
                    case HopDirection::Forward:
                        ++forward;
                        CHECK_FALSE(hop.tree_op);
                        CHECK(hop.out_ports ==
                              std::vector<PortId>{static_cast<PortId>(shape.radix)});
                        CHECK(hop.kstage == hop.switch_id.stage);
                        break;
                    case HopDirection::Turn:
                        ++turns;
                        CHECK(hop.switch_id.stage == turnaround);
                        CHECK(hop.in_port < shape.radix);
                        CHECK(hop.kstage == 2 * n - 1 - turnaround);
                        break;
                    case HopDirection::Backward:
                        ++backward[hop.switch_id.stage];
                        if (hop.tree_op) ++backward_trees[hop.switch_id.stage];
                        CHECK(hop.in_port >= shape.radix);
                        CHECK(hop.switch_id.stage < turnaround);
                        break;
                    case HopDirection::Uni:
                        FAIL("uni hop in a BI-MIN");
                        break;
                }
                if (hop.direction != HopDirection::Forward)
                    for (PortId p : hop.out_ports) CHECK(p < shape.radix);  // down: left ports
            }
            CHECK(forward == turnaround);
            CHECK(turns == 1);
            const bool turn_splits =
                splitting_blocks(shape, destinations, shape.power(turnaround + 1), turnaround) > 0;
            CHECK(plan.hops[turnaround].tree_op == turn_splits);
            for (std::uint32_t j = 0; j < turnaround; ++j) {
                CHECK(backward[j] == distinct_blocks(destinations, shape.power(j + 1)));
                CHECK(backward_trees[j] ==
                      splitting_blocks(shape, destinations, shape.power(j + 1), j));
            }
        }
    }
}

TEST_CASE("ATBM plan input is checked", "[min][multicast]") {
    const MinWiring wiring(MinShape::parse("min-bi:b=2,n=3"));
    using Catch::Matchers::Contains;
    CHECK_THROWS_WITH(plan_atbm(wiring, 0, {}), Contains("no destination"));
    CHECK_THROWS_WITH(plan_atbm(wiring, 0, {3, 3}), Contains("named twice"));
    CHECK_THROWS_WITH(plan_atbm(wiring, 0, {0, 3}), Contains("source itself"));
    CHECK_THROWS_WITH(plan_atbm(wiring, 0, {8}), Contains("outside"));
    CHECK_THROWS_WITH(plan_atbm(wiring, 9, {1}), Contains("source"));
    CHECK_THROWS_AS(plan_atbm(wiring, 0, {1}).path_to(2), ConfigError);
}

TEST_CASE("ATBM plan JSON has the issue's shape", "[min][multicast][json]") {
    const MinWiring wiring(MinShape::parse("min-bi:b=8,n=2"));
    const AtbmPlan plan = plan_atbm(wiring, 0, {5, 9, 63});
    const std::string text = atbm_plan_json(plan).dump();
    const std::string bits = std::string("1") + std::string(53, '0') + "1000" + "1" + "00000";
    CHECK(plan.bitstring == bits);
    CHECK(text == "{\"turnaround_stage\":1,\"bitstring\":\"" + bits +
                      "\",\"hops\":["
                      "{\"stage\":0,\"row\":0,\"direction\":\"forward\",\"in_port\":0,"
                      "\"out_ports\":[8],\"tree_op\":false},"
                      "{\"stage\":1,\"row\":0,\"direction\":\"turn\",\"in_port\":0,"
                      "\"out_ports\":[0,1,7],\"tree_op\":true},"
                      "{\"stage\":0,\"row\":0,\"direction\":\"backward\",\"in_port\":8,"
                      "\"out_ports\":[5],\"tree_op\":false},"
                      "{\"stage\":0,\"row\":1,\"direction\":\"backward\",\"in_port\":8,"
                      "\"out_ports\":[1],\"tree_op\":false},"
                      "{\"stage\":0,\"row\":7,\"direction\":\"backward\",\"in_port\":8,"
                      "\"out_ports\":[7],\"tree_op\":false}]}");
    const MinWiring uni(MinShape::parse("min-uni:b=2,n=2"));
    const auto parsed = nlohmann::json::parse(atbm_plan_json(plan_atbm(uni, 0, {2, 3})).dump());
    CHECK(parsed["turnaround_stage"].is_null());
    CHECK(parsed["hops"].size() == 2);
    CHECK(parsed["hops"][0]["direction"] == "uni");
    CHECK(parsed["hops"][1]["tree_op"] == true);
}
