// Routing on the star graph over the Hamiltonian-path labels (Wang, Chu & Chen Definition 1,
// Lemma 1, Procedures 1 and 2, nodes-partition rule of §3.1): RF against a brute-force reading
// of the definition, monotone routes in the high and low networks, the routers' decisions
// (absorb-and-forward, Hamiltonian-path worms, consumption channels by network).
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <set>

#include "topologies/star/StarPlan.hpp"
#include "topologies/star/StarRouting.hpp"

using namespace wormcast;
using namespace wormcast::star;

namespace {

/// Definition 1 read literally over the generators.
NodeId reference_rf(const StarShape& shape, NodeId p, NodeId q) {
    const Permutation node = shape.permutation(p);
    bool found = false;
    NodeId best = 0;
    for (unsigned i = 2; i <= shape.dimension(); ++i) {
        const NodeId u = shape.id(apply_generator(node, i));
        const bool ok = p < q ? (p < u && u <= q) : (q <= u && u < p);
        if (ok && (!found || (p < q ? u > best : u < best))) best = u;
        found = found || ok;
    }
    REQUIRE(found);  // Lemma 1: the path neighbour l(p) +- 1 always qualifies
    return best;
}

Header dest_list(std::vector<NodeId> d) {
    return Header::dest_list(std::move(d));
}

}  // namespace

TEST_CASE(
    "RF routes strictly up the labels in the high network and down in the low one, "
    "reaching q as Definition 1 says",
    "[star][routing][property]") {
    std::mt19937_64 rng(14);
    for (unsigned n = 3; n <= 8; ++n) {
        const StarShape shape(n);
        for (int trial = 0; trial < 300; ++trial) {
            const NodeId p = static_cast<NodeId>(rng() % shape.nodes());
            NodeId q = static_cast<NodeId>(rng() % shape.nodes());
            if (q == p) q = (p + 1) % shape.nodes();
            const std::vector<NodeId> path = rf_path(shape, p, q);
            INFO("n " << n << " from " << p << " to " << q);
            REQUIRE(path.front() == p);
            REQUIRE(path.back() == q);
            REQUIRE(path.size() - 1 <= (p < q ? q - p : p - q));  // at least one label per hop
            for (std::size_t k = 0; k + 1 < path.size(); ++k) {
                REQUIRE(path[k + 1] == reference_rf(shape, path[k], q));
                if (p < q)
                    REQUIRE(path[k] < path[k + 1]);  // high-channel network only
                else
                    REQUIRE(path[k] > path[k + 1]);  // low-channel network only
            }
        }
    }
}

TEST_CASE(
    "the nodes-partition rule partitions the other nodes, and a class is the set RF "
    "sends through its neighbour",
    "[star][routing][property]") {
    std::mt19937_64 rng(31);
    for (unsigned n = 3; n <= 7; ++n) {
        const StarShape shape(n);
        const unsigned sources = n <= 5 ? shape.nodes() : 40;
        for (unsigned trial = 0; trial < sources; ++trial) {
            const NodeId s = n <= 5 ? trial : static_cast<NodeId>(rng() % shape.nodes());
            const auto classes = node_classes(shape, s);
            REQUIRE(classes.size() == n - 1);
            std::vector<int> owner(shape.nodes(), 0);
            for (const NodeClass& c : classes) {
                REQUIRE(c.neighbour ==
                        shape.id(apply_generator(shape.permutation(s), c.index + 1)));
                REQUIRE(c.high == (c.neighbour > s));
                REQUIRE(c.contains(c.neighbour));
                for (NodeId v = c.first; v <= c.last; ++v) owner[v] += static_cast<int>(c.index);
            }
            for (NodeId v = 0; v < shape.nodes(); ++v) {
                if (v == s) {
                    REQUIRE(owner[v] == 0);
                    continue;
                }
                // Exactly one class (indices are distinct and positive, so the sum names it).
                const NodeId first_hop = reference_rf(shape, s, v);
                const auto it = std::find_if(classes.begin(), classes.end(),
                                             [&](const NodeClass& c) { return c.contains(v); });
                REQUIRE(it != classes.end());
                REQUIRE(owner[v] == static_cast<int>(it->index));
                REQUIRE(it->neighbour == first_hop);
            }
        }
    }
}

TEST_CASE("the star routers route unicasts by RF and absorb and forward destination lists",
          "[star][routing]") {
    const StarShape s4(4);
    const PortId net = s4.network_ports();
    std::mt19937_64 rng(4);
    for (unsigned channels = 1; channels <= 4; ++channels)
        for (NodeId here = 0; here < s4.nodes(); ++here) {
            const StarRouting shortcut(s4, here, {2, channels, PathWormRouting::Shortcut});
            const StarRouting along(s4, here, {2, channels, PathWormRouting::Hamiltonian});
            for (NodeId target = 0; target < s4.nodes(); ++target) {
                if (target == here) continue;
                const Header u = Header::unicast(target);
                const Header d = dest_list({target});
                for (const StarRouting* r : {&shortcut, &along}) {
                    // Unicasts always by RF.
                    const auto ru = r->route({net, 0, &u});
                    REQUIRE(ru.branches.size() == 1);
                    REQUIRE(s4.neighbour(here, ru.branches[0].port) ==
                            reference_rf(s4, here, target));
                    REQUIRE(ru.branches[0].vc_mask == 3u);
                }
                const auto rs = shortcut.route({net, 0, &d});
                REQUIRE(s4.neighbour(here, rs.branches[0].port) == reference_rf(s4, here, target));
                const auto ra = along.route({net, 0, &d});
                REQUIRE(s4.neighbour(here, ra.branches[0].port) ==
                        (target > here ? here + 1 : here - 1));
            }
            // Consumption channels: worms of the high and the low network never share one when
            // there are two or more.
            std::set<unsigned> high, low;
            for (PortId in = 0; in < net + 2; ++in) {
                const unsigned c = shortcut.consumption_channel(in);
                REQUIRE(c < channels);
                const bool up = in >= net || s4.neighbour(here, in) < here;
                (up ? high : low).insert(c);
            }
            if (channels >= 2)
                for (unsigned c : high) REQUIRE(low.count(c) == 0);
        }
    // A worm from 4213 (6) arriving at 1243 (7) with [7, 14]: a consumption branch and RF's hop
    // towards 14, both with 7 popped.
    const NodeId here = 7;
    const StarRouting r(s4, here, {1, 2, PathWormRouting::Shortcut});
    PortId from_6 = 0;
    while (s4.neighbour(here, from_6) != 6) ++from_6;
    const Header h = dest_list({7, 14});
    const auto decision = r.route({from_6, 0, &h});
    REQUIRE(decision.branches.size() == 2);
    REQUIRE(decision.branches[0].consume);
    REQUIRE(decision.branches[0].port == net + 0);  // high network: channel 0
    REQUIRE(*decision.branches[0].rewritten == dest_list({14}));
    REQUIRE(s4.neighbour(here, decision.branches[1].port) == reference_rf(s4, here, 14));
    REQUIRE(*decision.branches[1].rewritten == dest_list({14}));
    // The same list arriving from above (label 8) is a low worm that would turn: refused.
    PortId from_8 = 0;
    while (s4.neighbour(here, from_8) != 8) ++from_8;
    REQUIRE_THROWS_WITH(r.route({from_8, 0, &h}), Catch::Contains("turns at node 1243"));
    const Header down = dest_list({7, 2});
    const auto low_decision = r.route({from_8, 0, &down});
    REQUIRE(low_decision.branches[0].port == net + 1);  // low network: channel 1
    const Header twice = dest_list({7, 7});
    REQUIRE_THROWS_WITH(r.route({from_6, 0, &twice}), Catch::Contains("twice in a row"));
    const Header tree = Header::bit_string(24, {3, 5});
    REQUIRE_THROWS_AS(r.route({from_6, 0, &tree}), ConfigError);
    const Header last = dest_list({7});
    const auto end = r.route({from_6, 0, &last});
    REQUIRE(end.branches.size() == 1);
    REQUIRE(end.branches[0].consume);
}
