// SPAM as pure functions (Libeskind-Hadas, Mazzoni & Rajagopalan §3): the rules and selection
// against brute force, random adaptive routes are legal up*/down* routes that arrive, the tree
// worm delivers each destination once and splits only from the LCA down, the naive tree splits
// earlier, plans on a hand-derived example, the binomial baseline, and the switch routing function.
#include <catch2/catch.hpp>

#include <cmath>
#include <deque>
#include <map>
#include <random>
#include <set>

#include "IrregularTestSupport.hpp"
#include "systemc/pure/ChainHalving.hpp"
#include "topologies/irregular/IrregularMulticast.hpp"
#include "topologies/irregular/IrregularRender.hpp"
#include "topologies/irregular/IrregularTopology.hpp"
#include "topologies/irregular/SpamSwitchRouting.hpp"

using namespace wormcast;
using namespace wormcast::irregular;
using wormcast::testing::BruteForcePartition;

namespace {

struct Net {
    std::shared_ptr<const SwitchGraph> graph;
    std::shared_ptr<const SpamRouting> routing;
};

Net make_net(const SwitchGraphSpec& spec) {
    Net net;
    net.graph = std::make_shared<const SwitchGraph>(spec);
    net.routing =
        std::make_shared<const SpamRouting>(std::make_shared<const UpDownPartition>(net.graph));
    return net;
}

Net random_net(std::mt19937_64& rng, std::uint32_t max_switches = 30) {
    const auto n = static_cast<std::uint32_t>(2 + rng() % (max_switches - 1));
    return make_net(wormcast::testing::random_graph_spec(
        n, static_cast<std::uint32_t>(rng() % (2 * n)), 3 + static_cast<unsigned>(rng() % 6), rng));
}

Net ring_net() {
    return make_net(read_wormcast_topology(
        "switches: 4\nlinks: [[0, 1], [1, 2], [2, 3], [3, 0], [1, 3]]\n", "ring.yaml"));
}

std::vector<ProcessorId> random_destinations(std::uint32_t processors, ProcessorId source,
                                             std::mt19937_64& rng) {
    std::set<ProcessorId> chosen;
    const std::size_t count = 1 + rng() % (processors - 1);
    while (chosen.size() < count) {
        const ProcessorId d = static_cast<ProcessorId>(rng() % processors);
        if (d != source) chosen.insert(d);
    }
    return {chosen.begin(), chosen.end()};
}

/// Legal up*/down*: the classes along a path never decrease (up < down-cross < down-tree).
bool legal_sequence(const std::vector<ChannelClass>& classes) {
    for (std::size_t i = 1; i < classes.size(); ++i)
        if (static_cast<int>(classes[i]) < static_cast<int>(classes[i - 1])) return false;
    return !classes.empty() && classes.front() == ChannelClass::Up &&
           classes.back() == ChannelClass::DownTree;
}

}  // namespace

TEST_CASE("SPAM's three rules and the selection order match brute force", "[irregular][spam]") {
    std::mt19937_64 rng(7);
    for (int trial = 0; trial < 40; ++trial) {
        const Net net = random_net(rng);
        const SwitchGraph& g = *net.graph;
        const BruteForcePartition brute(g);
        INFO("trial " << trial);
        std::vector<Vertex> targets;
        for (SwitchId s = 0; s < g.switches(); ++s) targets.push_back(Vertex::of_switch(s));
        for (ProcessorId p = 0; p < g.processors(); ++p) targets.push_back(Vertex::of_processor(p));
        for (SwitchId at = 0; at < g.switches(); ++at)
            for (ChannelClass arrived :
                 {ChannelClass::Up, ChannelClass::DownCross, ChannelClass::DownTree})
                for (const Vertex& target : targets) {
                    const SwitchId tsw =
                        target.is_processor() ? g.processor(target.id).switch_id : target.id;
                    struct Expected {
                        unsigned remaining;
                        Vertex to;
                        PortId port;
                    };
                    std::vector<Expected> expected;
                    if (target.is_processor() || target.id != at)
                        for (PortId port = 0; port < g.ports(); ++port) {
                            const PortEnd& end = g.port(at, port);
                            if (end.kind == PortEnd::Kind::Free) continue;
                            if (end.kind == PortEnd::Kind::Processor) {
                                if (Vertex::of_processor(end.id) == target)  // rule 3
                                    expected.push_back({0, target, port});
                                continue;
                            }
                            const ChannelClass c = brute.cls.at({at, end.id});
                            const bool ok =
                                (c == ChannelClass::Up && arrived == ChannelClass::Up) ||
                                (c == ChannelClass::DownCross &&
                                 arrived != ChannelClass::DownTree &&
                                 brute.extended_ancestor(end.id, tsw)) ||
                                (c == ChannelClass::DownTree && brute.ancestor(end.id, tsw));
                            if (!ok) continue;
                            const unsigned hops = brute.hops[static_cast<int>(c)][tsw][end.id];
                            REQUIRE(hops < BruteForcePartition::kInf);  // a legal way goes on
                            expected.push_back({hops + (target.is_processor() ? 1 : 0),
                                                Vertex::of_switch(end.id), port});
                        }
                    std::sort(expected.begin(), expected.end(), [](const auto& a, const auto& b) {
                        return std::make_tuple(a.remaining, a.to.is_processor(), a.to.id) <
                               std::make_tuple(b.remaining, b.to.is_processor(), b.to.id);
                    });
                    const auto got = net.routing->allowed(at, arrived, target);
                    REQUIRE(got.size() == expected.size());
                    for (std::size_t i = 0; i < got.size(); ++i) {
                        CHECK(got[i].port == expected[i].port);
                        CHECK(got[i].to == expected[i].to);
                        CHECK(got[i].remaining == expected[i].remaining);
                    }
                }
    }
}

TEST_CASE(
    "random adaptive SPAM routes are legal up*/down* routes that reach the target, and the "
    "static one is a shortest legal route",
    "[irregular][spam]") {
    std::mt19937_64 rng(11);
    for (int trial = 0; trial < 80; ++trial) {
        const Net net = random_net(rng, 40);
        const SwitchGraph& g = *net.graph;
        const BruteForcePartition brute(g);
        for (int pair = 0; pair < 20; ++pair) {
            const auto from = static_cast<ProcessorId>(rng() % g.processors());
            const auto to = static_cast<ProcessorId>(rng() % g.processors());
            if (from == to) continue;
            INFO("trial " << trial << " P" << from << " -> P" << to);
            for (bool adaptive : {false, true}) {
                std::vector<ChannelClass> classes{ChannelClass::Up};
                SwitchId at = g.processor(from).switch_id;
                bool arrived = false;
                for (std::size_t hop = 0; hop < 3 * g.switches() + 2 && !arrived; ++hop) {
                    const auto branches =
                        net.routing->route(at, classes.back(), {to}, TreeSplit::AtLca);
                    REQUIRE(branches.size() == 1);
                    const auto& choices = branches.front().choices;
                    REQUIRE_FALSE(choices.empty());
                    const Hop& h = adaptive ? choices[rng() % choices.size()] : choices.front();
                    classes.push_back(h.channel);
                    if (h.to.is_processor()) {
                        CHECK(h.to.id == to);
                        arrived = true;
                    } else {
                        at = h.to.id;
                    }
                }
                REQUIRE(arrived);
                CHECK(legal_sequence(classes));
                if (!adaptive) {
                    const unsigned shortest =
                        brute.hops[0][g.processor(to).switch_id][g.processor(from).switch_id];
                    CHECK(classes.size() == shortest + 2);  // plus injection and delivery
                }
            }
        }
    }
}

TEST_CASE(
    "a SPAM tree worm delivers each destination once and splits only on down-tree channels "
    "from the LCA down",
    "[irregular][spam][multicast]") {
    std::mt19937_64 rng(13);
    for (int trial = 0; trial < 80; ++trial) {
        const Net net = random_net(rng, 40);
        const SwitchGraph& g = *net.graph;
        if (g.processors() < 2) continue;
        const BruteForcePartition brute(g);
        const auto source = static_cast<ProcessorId>(rng() % g.processors());
        const auto dests = random_destinations(g.processors(), source, rng);
        INFO("trial " << trial << " from P" << source << " to " << dests.size());
        const WormWalk walk = walk_worm(*net.routing, source, dests, TreeSplit::AtLca);
        std::multiset<ProcessorId> delivered(walk.delivered.begin(), walk.delivered.end());
        CHECK(delivered == std::multiset<ProcessorId>(dests.begin(), dests.end()));

        // LCA by brute force: the deepest switch that is an ancestor of every destination.
        SwitchId lca = g.processor(dests.front()).switch_id;
        auto covers = [&](SwitchId w) {
            for (ProcessorId d : dests)
                if (!brute.ancestor(w, g.processor(d).switch_id)) return false;
            return true;
        };
        while (!covers(lca)) lca = static_cast<SwitchId>(brute.parent[lca]);
        const SpamPlan plan = plan_spam(*net.routing, source, dests);
        CHECK(plan.lca == lca);
        CHECK(plan.route_to_lca.front() == g.processor(source).switch_id);
        CHECK(plan.route_to_lca.back() == lca);
        CHECK(plan.channels_used == walk.channels.size());

        // Every path from the injection to a delivery is legal; splits only at/below the LCA.
        std::map<std::int64_t, int> fan_out;
        for (const WormChannel& c : walk.channels) ++fan_out[c.previous];
        for (std::size_t i = 0; i < walk.channels.size(); ++i) {
            const WormChannel& c = walk.channels[i];
            if (c.previous >= 0 && fan_out[c.previous] > 1) {
                CHECK(c.channel == ChannelClass::DownTree);
                CHECK(brute.ancestor(lca, c.from.id));
            }
            if (!c.to.is_processor()) continue;
            std::vector<ChannelClass> classes;
            for (std::int64_t j = static_cast<std::int64_t>(i); j >= 0;
                 j = walk.channels[static_cast<std::size_t>(j)].previous)
                classes.insert(classes.begin(), walk.channels[static_cast<std::size_t>(j)].channel);
            CHECK(legal_sequence(classes));
        }
        // The down-tree: at each switch the children whose subtree holds a destination
        // (ascending), then its destination processors; every switch on a tree path from the LCA.
        std::set<SwitchId> expected_switches;
        for (ProcessorId d : dests)
            for (std::int64_t w = g.processor(d).switch_id;;
                 w = brute.parent[static_cast<std::size_t>(w)]) {
                expected_switches.insert(static_cast<SwitchId>(w));
                if (w == static_cast<std::int64_t>(lca)) break;
            }
        std::set<SwitchId> seen_switches;
        std::uint32_t channels = static_cast<std::uint32_t>(plan.route_to_lca.size());
        for (const SpamPlan::DownStep& step : plan.down_tree) {
            CHECK(seen_switches.insert(step.at).second);
            std::vector<Vertex> expected;
            for (SwitchId c = 0; c < g.switches(); ++c)
                if (brute.parent[c] == static_cast<std::int64_t>(step.at) &&
                    std::any_of(dests.begin(), dests.end(), [&](ProcessorId d) {
                        return brute.ancestor(c, g.processor(d).switch_id);
                    }))
                    expected.push_back(Vertex::of_switch(c));
            for (ProcessorId d : dests)
                if (g.processor(d).switch_id == step.at)
                    expected.push_back(Vertex::of_processor(d));
            CHECK(step.outputs == expected);
            channels += static_cast<std::uint32_t>(step.outputs.size());
        }
        CHECK(seen_switches == expected_switches);
        CHECK(plan.down_tree.front().at == lca);
        CHECK(plan.channels_used == channels);
    }
}

TEST_CASE("the naive tree delivers each destination once but splits before the LCA",
          "[irregular][spam][multicast]") {
    std::mt19937_64 rng(17);
    int early_splits = 0;
    for (int trial = 0; trial < 80; ++trial) {
        const Net net = random_net(rng, 40);
        const SwitchGraph& g = *net.graph;
        const auto source = static_cast<ProcessorId>(rng() % g.processors());
        const auto dests = random_destinations(g.processors(), source, rng);
        const WormWalk walk = walk_worm(*net.routing, source, dests, TreeSplit::BeforeLca);
        std::multiset<ProcessorId> delivered(walk.delivered.begin(), walk.delivered.end());
        CHECK(delivered == std::multiset<ProcessorId>(dests.begin(), dests.end()));
        std::map<std::int64_t, int> fan_out;
        for (const WormChannel& c : walk.channels) ++fan_out[c.previous];
        for (const WormChannel& c : walk.channels)
            if (c.previous >= 0 && fan_out[c.previous] > 1 && c.channel != ChannelClass::DownTree)
                ++early_splits;
    }
    CHECK(early_splits > 0);  // branches on up or down-cross channels: what SPAM never does
}

TEST_CASE("SPAM and binomial plans on a small graph, derived by hand", "[irregular][spam][plan]") {
    // The ring of test_irregular_updown (root 0; levels 0,1,2,1; parent(2) = 1), processor i on
    // switch i. P2 to {P1, P3}: the LCA of switches 1 and 3 is 0. At 2 both up channels (to 1
    // and to 3) are one hop from 0: the tie goes to switch 1. At 0 both children hold one
    // destination. Channels: injection, 2->1, 1->0, 0->1, 0->3, 1->P1, 3->P3.
    const Net net = ring_net();
    const SpamPlan plan = plan_spam(*net.routing, 2, {3, 1});
    CHECK(spam_plan_json(plan).dump() ==
          R"({"lca":0,"route_to_lca":[2,1,0],"down_tree":[{"switch":0,"outputs":[1,3]},)"
          R"({"switch":1,"outputs":["P1"]},{"switch":3,"outputs":["P3"]}],"channels_used":7})");
    // One destination: the LCA is its switch; P2 -> P3 takes the up channel 2 -> 3 (one hop to
    // switch 3; via 1 it would be two).
    CHECK(spam_plan_json(plan_spam(*net.routing, 2, {3})).dump() ==
          R"({"lca":3,"route_to_lca":[2,3],"down_tree":[{"switch":3,"outputs":["P3"]}],)"
          R"("channels_used":3})");
    CHECK(unicast_route(*net.routing, 2, 3) == std::vector<SwitchId>{2, 3});
    // Binomial from P0 to P1..P3: tree order 0,1,2,3; halving sends 0->2 (phase 1), then 0->1
    // and 2->3 (phase 2). 0 -> 2 goes down the tree through 1.
    CHECK(
        binomial_plan_json(plan_binomial(*net.routing, 0, {1, 2, 3})).dump() ==
        R"({"chain":[0,1,2,3],"phases":[{"phase":1,"sends":[{"from":0,"to":2,"route":[0,1,2]}]},)"
        R"({"phase":2,"sends":[{"from":0,"to":1,"route":[0,1]},{"from":2,"to":3,"route":[2,3]}]}],)"
        R"("startups":3})");
    // Text and DOT name what they draw.
    CHECK_THAT(spam_plan_text(plan), Catch::Contains("route to the LCA: 2 -> 1 -> 0"));
    const std::string dot = spam_plan_dot(net.routing->partition(), plan);
    CHECK_THAT(dot, Catch::Contains("s1 -- s3 [style=dashed]"));
    CHECK_THAT(dot, Catch::Contains("s0 -- s3 [dir=forward, color=red"));
    CHECK_THAT(dot, Catch::Contains("s3 -- P3 [dir=forward"));
    CHECK_THAT(
        topology_text(net.routing->partition()),
        Catch::Contains("switch 1: level 1, parent 0, processors P1\n  port 1 -> switch 0: up\n  "
                        "port 2 -> switch 2: down-tree\n  port 3 -> switch 3: down-cross\n"));
    CHECK_THROWS_WITH(plan_spam(*net.routing, 2, {2}), Catch::Contains("also a destination"));
    CHECK_THROWS_WITH(plan_spam(*net.routing, 2, {}), Catch::Contains("at least one destination"));
    CHECK_THROWS_WITH(plan_spam(*net.routing, 2, {1, 1}), Catch::Contains("listed twice"));
    CHECK_THROWS_WITH(plan_spam(*net.routing, 9, {1}),
                      Catch::Contains("source 9 is not a processor"));
}

TEST_CASE(
    "the binomial software multicast reaches every destination once in ceil(log2(d+1)) "
    "phases, and its firmware replays the plan",
    "[irregular][spam][software]") {
    std::mt19937_64 rng(19);
    for (int trial = 0; trial < 40; ++trial) {
        const Net net = random_net(rng, 40);
        const SwitchGraph& g = *net.graph;
        const auto source = static_cast<ProcessorId>(rng() % g.processors());
        const auto dests = random_destinations(g.processors(), source, rng);
        const BinomialPlan plan = plan_binomial(*net.routing, source, dests);
        CHECK(plan.phases == static_cast<std::uint32_t>(std::ceil(std::log2(dests.size() + 1.0))));
        std::map<ProcessorId, std::uint32_t> informed{{source, 0}};
        for (std::size_t i = 0; i < plan.sends.size(); ++i) {
            const ChainSend& s = plan.sends[i];
            REQUIRE(informed.count(s.from));
            CHECK(informed[s.from] < s.step);  // a sender has the message before it sends
            CHECK(informed.emplace(s.to, s.step).second);  // nobody receives twice
            CHECK(plan.routes[i].front() == g.processor(s.from).switch_id);
            CHECK(plan.routes[i].back() == g.processor(s.to).switch_id);
        }
        CHECK(informed.size() == dests.size() + 1);

        auto firmware =
            make_irregular_firmware(IrregularMulticast::Unicast, net.routing->partition_ptr());
        MulticastRequest request;
        request.source = source;
        request.destinations = dests;
        request.length = 3;
        std::set<std::tuple<std::uint32_t, NodeId, NodeId>> expected, replayed;
        for (const ChainSend& s : plan.sends) expected.emplace(s.step, s.from, s.to);
        std::deque<std::pair<NodeId, std::vector<SendOrder>>> outbox{
            {source, firmware->start(request)}};
        while (!outbox.empty()) {
            auto [sender, orders] = std::move(outbox.front());
            outbox.pop_front();
            for (const SendOrder& order : orders) {
                REQUIRE(order.header.kind == HeaderKind::Unicast);
                const auto* note = dynamic_cast<const ChainNote*>(order.note.get());
                REQUIRE(note != nullptr);
                replayed.emplace(note->step, sender, order.header.destinations.at(0));
                outbox.emplace_back(order.header.destinations.at(0),
                                    firmware->received(order.header.destinations.at(0), 0, note));
            }
        }
        CHECK(replayed == expected);
    }
}

TEST_CASE("the switch routing function offers SPAM's outputs in the selection order",
          "[irregular][spam][routing]") {
    std::mt19937_64 rng(23);
    for (int trial = 0; trial < 30; ++trial) {
        const Net net = random_net(rng, 30);
        const SwitchGraph& g = *net.graph;
        const std::uint32_t n = g.processors();
        for (SwitchId at = 0; at < g.switches(); ++at)
            for (PortId in = 0; in < g.ports(); ++in) {
                if (g.port(at, in).kind == PortEnd::Kind::Free) continue;
                const ChannelClass arrived = net.routing->arrival_class(at, in);
                const auto to = static_cast<ProcessorId>(rng() % n);
                const Header unicast = Header::unicast(to);
                std::vector<Hop> hops = net.routing->allowed(at, arrived, Vertex::of_processor(to));
                if (g.processor(to).switch_id == at)
                    hops = {hops.front()};   // the delivery channel, nothing else
                if (hops.empty()) continue;  // arrived illegally for this target
                for (unsigned vcs : {1u, 2u})
                    for (Selection selection : {Selection::Adaptive, Selection::Static}) {
                        SpamSwitchRouting routing(net.routing, at,
                                                  {TreeSplit::AtLca, selection, vcs});
                        const RouteDecision d = routing.route(RouteQuery{in, 0, &unicast});
                        REQUIRE(d.branches.size() == 1);
                        const RouteBranch& b = d.branches.front();
                        CHECK(b.port == hops.front().port);
                        CHECK(b.consume == hops.front().to.is_processor());
                        const std::uint32_t tree_mask = 1, all = vcs == 2 ? 3u : 1u;
                        CHECK(b.vc_mask ==
                              (hops.front().channel == ChannelClass::DownTree ? tree_mask : all));
                        std::vector<PortId> expected;
                        if (selection == Selection::Adaptive)
                            for (std::size_t i = 1; i < hops.size(); ++i)
                                if (!hops[i].to.is_processor() &&
                                    (vcs == 1 ||
                                     (hops[i].channel == ChannelClass::DownTree) ==
                                         (hops.front().channel == ChannelClass::DownTree)))
                                    expected.push_back(hops[i].port);
                        CHECK(b.alternative_order == expected);
                        CHECK(b.alternatives.count() == expected.size());
                    }
            }
        // A bit-string worm at its LCA splits with masked headers; elsewhere it goes on whole.
        const auto source = static_cast<ProcessorId>(rng() % n);
        if (n < 3) continue;
        const auto dests = random_destinations(n, source, rng);
        if (dests.size() < 2) continue;
        const SwitchId lca = net.routing->lca_switch(dests);
        const Header worm = Header::bit_string(n, dests);
        PortId in = 0;  // the worm splits at its LCA whichever port it came in on
        while (g.port(lca, in).kind == PortEnd::Kind::Free) ++in;
        SpamSwitchRouting routing(net.routing, lca);
        const RouteDecision d = routing.route(RouteQuery{in, 0, &worm});
        std::set<ProcessorId> covered;
        for (const RouteBranch& b : d.branches) {
            CHECK(b.alternatives.none());
            const Header carried = b.rewritten ? *b.rewritten : worm;
            for (ProcessorId p : carried.bit_members(n)) CHECK(covered.insert(p).second);
        }
        CHECK(covered == std::set<ProcessorId>(dests.begin(), dests.end()));
        CHECK(d.branches.size() >= 2);
    }
    const Net net = ring_net();
    SpamSwitchRouting routing(net.routing, 0);
    const Header list = Header::dest_list({1, 2});
    CHECK_THROWS_WITH(routing.route(RouteQuery{0, 0, &list}), Catch::Contains("path worm"));
    const Header outside = Header::unicast(7);
    CHECK_THROWS_WITH(routing.route(RouteQuery{0, 0, &outside}), Catch::Contains("one of the 4"));
    const Header wide = Header::bit_string(8, {1, 6});
    CHECK_THROWS_WITH(routing.route(RouteQuery{0, 0, &wide}), Catch::Contains("outside the 4"));
    const Header unicast = Header::unicast(1);
    CHECK_THROWS_WITH(routing.route(RouteQuery{5, 0, &unicast}), Catch::Contains("unused port 5"));
}
