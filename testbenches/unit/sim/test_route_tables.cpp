// Route tables (systemc/pure/RouteTable): a table compiled from a family's routing function routes
// every header as the function does (TableRouting, the C++ mirror of rtl/wc_route_table.sv), on
// irregular networks (SPAM tree worms, static and adaptive), star graphs (unicasts and path worms,
// shortcut and Hamiltonian) and the e-cube mesh; and the packed layout the RTL reads.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include <fmt/format.h>

#include "systemc/pure/RouteTable.hpp"
#include "topologies/TopologyFamily.hpp"
#include "topologies/mesh/EcubeRouting.hpp"
#include "topologies/star/network/StarNetwork.hpp"

using namespace wormcast;

namespace {

/// A decision as comparable data: per branch (ascending port) its port, VCs, the header words it
/// carries and its adaptive alternatives in order.
using Canon =
    std::vector<std::tuple<PortId, std::uint32_t, std::vector<FlitWord>, std::vector<PortId>>>;

Canon canon(const RouteDecision& d, const Header& h, const HeaderFormat& f) {
    Canon out;
    for (const auto& b : d.branches) {
        std::vector<PortId> alternatives = b.alternative_order;
        if (alternatives.empty())
            b.alternatives.for_each(
                [&](unsigned q) { alternatives.push_back(static_cast<PortId>(q)); });
        out.emplace_back(b.port, b.vc_mask, encode_header(b.rewritten ? *b.rewritten : h, f),
                         alternatives);
    }
    std::sort(out.begin(), out.end());
    return out;
}

/// The outcome of routing: the decision, or that the function refused the header.
std::string outcome(const RoutingFunction& f, PortId p, VcId v, const Header& h,
                    const HeaderFormat& format, Canon& decision) {
    try {
        decision = canon(f.route(RouteQuery{p, v, &h}), h, format);
        return "routed";
    } catch (const ModelError&) {
        return "refused";
    } catch (const ConfigError&) {
        return "refused";
    }
}

/// Compiles the table of every router of `spec` and checks TableRouting against the router's
/// routing function on `headers` from every input VC; returns the headers compared.
std::size_t check_spec(const NetworkSpec& spec, const NetworkParams& params,
                       const std::vector<std::vector<NodeId>>& groups,
                       const std::vector<Header>& headers, unsigned* most_classes = nullptr) {
    const auto nodes = static_cast<std::uint32_t>(spec.nodes.size());
    const HeaderFormat format = params.header_format(nodes);
    std::size_t compared = 0;
    for (const RouterSpec& rs : spec.routers) {
        RouteTableShape shape{rs.inputs, rs.outputs,        params.vcs,
                              nodes,     params.path_worms, params.tree_worms};
        const TableRouting table(compile_route_table(*rs.routing, shape, groups, rs.name));
        if (most_classes) *most_classes = std::max(*most_classes, table.table().classes());
        for (PortId p = 0; p < rs.inputs; ++p)
            for (VcId v = 0; v < params.vcs; ++v)
                for (const Header& h : headers) {
                    Canon want, got;
                    const std::string expected = outcome(*rs.routing, p, v, h, format, want);
                    // A header the function refuses is the RTL's error; one it routes, the same.
                    if (expected != "routed") continue;
                    INFO(rs.name << " port " << p << " vc " << v << " header " << h);
                    REQUIRE(outcome(table, p, v, h, format, got) == "routed");
                    REQUIRE(got == want);
                    ++compared;
                }
    }
    return compared;
}

std::vector<NodeId> random_set(std::mt19937_64& rng, std::uint32_t nodes, std::size_t size) {
    std::vector<NodeId> all(nodes);
    for (NodeId i = 0; i < nodes; ++i) all[i] = i;
    std::shuffle(all.begin(), all.end(), rng);
    all.resize(std::min<std::size_t>(size, nodes));
    std::sort(all.begin(), all.end());
    return all;
}

/// A unicast header to every node, then `trees` bit-string headers to random sets of 1..nodes.
std::vector<Header> unicasts_and_random_trees(std::mt19937_64& rng, std::uint32_t nodes,
                                              int trees) {
    std::vector<Header> headers;
    for (NodeId d = 0; d < nodes; ++d) headers.push_back(Header::unicast(d));
    for (int i = 0; i < trees; ++i)
        headers.push_back(Header::bit_string(nodes, random_set(rng, nodes, 1 + rng() % nodes)));
    return headers;
}

}  // namespace

TEST_CASE("route tables of SPAM switches route every unicast and tree worm as SPAM does",
          "[route-table][irregular]") {
    unsigned most_classes = 0;
    for (const char* selection : {"static", "adaptive"})
        for (const std::string topo :
             {"lattice:switches=16,seed=3", "lattice:switches=16,seed=11,links=0.7",
              "lattice:switches=40,seed=5"})
            for (const unsigned vcs : {1u, 2u}) {
                const auto topology =
                    parse_topology(fmt::format("{},selection={}", topo, selection), "test");
                NetworkParams params;
                params.vcs = vcs;
                params.tree_worms = true;
                topology->default_params(params);
                const NetworkSpec spec = topology->build(params);
                const std::uint32_t nodes = topology->nodes();
                std::mt19937_64 rng(nodes * 31 + vcs);
                std::vector<Header> headers = unicasts_and_random_trees(rng, nodes, 60);
                headers.push_back(Header::bit_string(nodes, random_set(rng, nodes, nodes)));
                INFO(topo << " selection " << selection << " vcs " << vcs);
                const auto groups = topology->route_table_groups();
                REQUIRE(groups.size() > nodes);
                REQUIRE(check_spec(spec, params, groups, headers, &most_classes) >
                        spec.routers.size() * nodes);
            }
    // Up, down-cross, down-tree and unused ports: the built configuration holds 4 classes.
    REQUIRE(most_classes <= 4);
}

TEST_CASE("route tables of star routers route every unicast and path worm as RF does",
          "[route-table][star]") {
    for (const unsigned n : {4u, 5u})
        for (const unsigned consumption : {1u, 2u, 3u})
            for (const auto routing :
                 {star::PathWormRouting::Shortcut, star::PathWormRouting::Hamiltonian}) {
                const star::StarShape shape(n);
                NetworkParams params;
                params.path_worms = true;
                params.consumption_channels = consumption;
                const NetworkSpec spec = star::build_star_network(shape, params, routing);
                const std::uint32_t nodes = shape.nodes();
                std::mt19937_64 rng(n * 7 + consumption);
                std::vector<Header> headers;
                for (NodeId d = 0; d < nodes; ++d) headers.push_back(Header::unicast(d));
                for (int i = 0; i < 80; ++i) {
                    // A worm's destinations in one label direction (the star's channel
                    // networks); any router along it may see it.
                    std::vector<NodeId> list = random_set(rng, nodes, 1 + rng() % 6);
                    if (rng() % 2) std::reverse(list.begin(), list.end());
                    headers.push_back(Header::dest_list(list));
                }
                INFO("S_" << n << ", " << consumption << " consumption channels, "
                          << to_string(routing));
                unsigned classes = 0;
                REQUIRE(check_spec(spec, params, {}, headers, &classes) >
                        spec.routers.size() * nodes);
                // The built s4 (2 channels) holds 4 classes: arrival network x list routing.
                if (consumption <= 2) REQUIRE(classes <= (consumption == 1 ? 2u : 4u));
            }
}

TEST_CASE("route tables of e-cube mesh routers route unicasts, path and tree worms as e-cube does",
          "[route-table][mesh]") {
    const auto topology = parse_topology("mesh:4x4", "test");
    NetworkParams params;
    params.path_worms = true;
    params.tree_worms = true;
    const NetworkSpec spec = topology->build(params);
    std::mt19937_64 rng(5);
    std::vector<Header> headers;
    for (NodeId d = 0; d < 16; ++d) headers.push_back(Header::unicast(d));
    for (int i = 0; i < 40; ++i) {
        headers.push_back(Header::dest_list(random_set(rng, 16, 1 + rng() % 5)));
        headers.push_back(Header::bit_string(16, random_set(rng, 16, 1 + rng() % 16)));
    }
    // E-cube splits a bit-string per destination at every router: one group of every node.
    std::vector<NodeId> all(16);
    for (NodeId i = 0; i < 16; ++i) all[i] = i;
    REQUIRE(check_spec(spec, params, {all}, headers) > 16 * 16);
}

TEST_CASE("route tables of MIN switches route every unicast and tree worm as the MIN does",
          "[route-table][min]") {
    // The networks of the verilated m16 (16 nodes, 4-port switches) and others, 1 and 2 VCs.
    for (const std::string topo :
         {"min-uni:b=4,n=2", "min-bi:b=2,n=4,forward=fixed", "min-uni:b=2,n=3",
          "min-bi:b=4,n=2,forward=fixed", "min-bi:b=2,n=3,forward=adaptive"})
        for (const unsigned vcs : {1u, 2u}) {
            const auto topology = parse_topology(topo, "test");
            NetworkParams params;
            params.vcs = vcs;
            params.tree_worms = true;
            topology->default_params(params);
            const NetworkSpec spec = topology->build(params);
            const std::uint32_t nodes = topology->nodes();
            std::mt19937_64 rng(nodes * 13 + vcs);
            const std::vector<Header> headers = unicasts_and_random_trees(rng, nodes, 80);
            INFO(topo << " vcs " << vcs);
            const auto groups = topology->route_table_groups();
            if (nodes == 16) REQUIRE(groups.size() <= 16);  // the built m16 holds 16
            unsigned classes = 0;
            REQUIRE(check_spec(spec, params, groups, headers, &classes) >
                    spec.routers.size() * nodes);
            if (vcs == 1 && nodes == 16) REQUIRE(classes <= 4);
        }
}

TEST_CASE("a packed route table has the layout rtl/wc_route_table.sv reads", "[route-table]") {
    RouteTable t;
    t.shape = RouteTableShape{2, 3, 1, 4, true, true};  // 2 inputs, 3 outputs (2 bits), 4 nodes
    t.groups = {{0, 1, 2, 3}};
    RouteTableEntry e;
    e.valid = true;
    e.local = false;
    e.port = 2;
    e.vc_mask = 1;
    RouteTableEntry split;
    split.valid = true;
    split.split = true;
    t.rows = {std::vector<RouteTableEntry>(5, e), std::vector<RouteTableEntry>(5)};
    t.rows[0][4] = split;
    t.unicast_class = {0, 1};
    t.list_class = {1, 0};
    t.split_port = {0, 1, -1, 2};
    t.split_vc_mask = {1, 1, 0};
    // Built for 2 classes (1 bit) and 2 groups: 2*1*2*1 + 2*6*(3+1+2) + 2*4 + 4*3 + 3*1 bits.
    const unsigned classes = 2, groups = 2;
    REQUIRE(RouteTable::packed_bits(t.shape, classes, groups) == 4 + 72 + 8 + 12 + 3);
    const auto words = t.pack(classes, groups);
    REQUIRE(words.size() == 4);
    const auto bit = [&words](std::size_t i) { return (words[i / 32] >> (i % 32)) & 1U; };
    // A: input 0 -> classes (0, 1), input 1 -> (1, 0).
    REQUIRE(bit(0) == 0);
    REQUIRE(bit(1) == 1);
    REQUIRE(bit(2) == 1);
    REQUIRE(bit(3) == 0);
    // B: class 0 key 0 at bit 4: valid, not local, not split, VC mask 1, port 2 (binary 10).
    const std::size_t b = 4;
    REQUIRE(bit(b + 0) == 1);
    REQUIRE(bit(b + 1) == 0);
    REQUIRE(bit(b + 2) == 0);
    REQUIRE(bit(b + 3) == 1);
    REQUIRE(bit(b + 4) == 0);
    REQUIRE(bit(b + 5) == 1);
    // Class 0 key 4 (group 0) splits; key 5 (a built group beyond the table's) is invalid.
    REQUIRE(bit(b + 4 * 6 + 0) == 1);
    REQUIRE(bit(b + 4 * 6 + 2) == 1);
    REQUIRE(bit(b + 5 * 6 + 0) == 0);
    // Class 1 is all invalid.
    for (std::size_t k = 0; k < 6; ++k) REQUIRE(bit(b + (6 + k) * 6) == 0);
    // C: group 0 holds every node, group 1 none.
    const std::size_t c = b + 72;
    for (std::size_t d = 0; d < 4; ++d) {
        REQUIRE(bit(c + d) == 1);
        REQUIRE(bit(c + 4 + d) == 0);
    }
    // D: node 1 splits to port 1 (valid, 01), node 2 to none.
    const std::size_t d = c + 8;
    REQUIRE(bit(d + 3) == 1);
    REQUIRE(bit(d + 4) == 1);
    REQUIRE(bit(d + 5) == 0);
    REQUIRE(bit(d + 6) == 0);
    // E: split VC masks 1, 1, 0.
    const std::size_t v = d + 12;
    REQUIRE(bit(v) == 1);
    REQUIRE(bit(v + 1) == 1);
    REQUIRE(bit(v + 2) == 0);
    REQUIRE(v + 3 == RouteTable::packed_bits(t.shape, classes, groups));

    REQUIRE_THROWS_WITH(t.pack(1, groups), Catch::Contains("2 input classes, the RTL holds 1"));
    t.rows[0][0].alternatives = {1};
    REQUIRE_THROWS_WITH(t.pack(classes, groups),
                        Catch::Contains("1 adaptive alternatives an entry, the RTL holds 0"));
    // Class 0 is input 1's class for destination lists: the RTL routes lists without them.
    REQUIRE_THROWS_WITH(t.pack(classes, groups, 1),
                        Catch::Contains("adaptive alternatives for destination lists"));

    // Without path worms, each entry carries its alternatives after its port: 2 slots of a valid
    // bit and a port (2 bits), in the order tried; unused slots are zero.
    t.shape.path_worms = false;
    t.rows[0][0].alternatives = {1, 0};
    t.rows[0][1].alternatives = {0};
    const unsigned alts = 2;
    const std::size_t entry_w = 6 + alts * 3;
    REQUIRE(RouteTable::packed_bits(t.shape, classes, groups, alts) ==
            4 + 2 * 6 * entry_w + 8 + 12 + 3);
    const auto with_alts = t.pack(classes, groups, alts);
    const auto abit = [&with_alts](std::size_t i) { return (with_alts[i / 32] >> (i % 32)) & 1U; };
    const auto field = [&abit](std::size_t at, unsigned bits) {
        unsigned value = 0;
        for (unsigned i = 0; i < bits; ++i) value |= abit(at + i) << i;
        return value;
    };
    REQUIRE(field(b, 6) == 0b101001);            // port 2, VC mask 1, valid, as before
    REQUIRE(field(b + 6, 3) == (1u | 1u << 1));  // slot 0: valid, port 1
    REQUIRE(field(b + 9, 3) == 1u);              // slot 1: valid, port 0
    REQUIRE(field(b + entry_w + 6, 3) == 1u);    // key 1, slot 0: valid, port 0
    REQUIRE(field(b + entry_w + 9, 3) == 0u);    // key 1, slot 1: unused
    REQUIRE(field(b + 2 * entry_w + 6, 6) == 0u);
    // Sections C to E follow the longer entries unchanged.
    const std::size_t c2 = b + 2 * 6 * entry_w;
    for (std::size_t n = 0; n < 4; ++n) REQUIRE(abit(c2 + n) == 1);
    REQUIRE(field(c2 + 8 + 3, 3) == (1u | 1u << 1));  // node 1 splits to port 1
    REQUIRE(t.max_alternatives() == 2);
    REQUIRE_THROWS_WITH(t.pack(classes, groups, 1),
                        Catch::Contains("2 adaptive alternatives an entry, the RTL holds 1"));
}
