// The n-star graph and its Hamiltonian-path labelling (Wang, Chu & Chen §2.1, §2.2.1, Fig. 3;
// the construction of issue 14): the labels and 4-star path, label <-> node in O(n^2)
// against the literal walk for every node up to n = 8, names and topology strings.
#include <catch2/catch.hpp>

#include <random>
#include <set>
#include <sstream>

#include "topologies/star/StarShape.hpp"

using namespace wormcast;
using namespace wormcast::star;

namespace {

std::string word_text(const std::vector<std::uint8_t>& word) {
    std::string s;
    for (auto g : word) s += static_cast<char>('0' + g);
    return s;
}

/// True if b = g_i(a) for some i (a and b differ exactly in position 1 and one other).
bool adjacent(const Permutation& a, const Permutation& b, unsigned n) {
    for (unsigned i = 2; i <= n; ++i)
        if (apply_generator(a, i) == b) return true;
    return false;
}

}  // namespace

TEST_CASE("the 4-star labelling is the path of issue 14 and the paper's labels",
          "[star][labelling]") {
    const StarShape s4(4);
    // The generator word 23232 4 32323 4 23232 4 32323 and path.
    REQUIRE(word_text(s4.labelling().generator_word(4)) == "23232432323423232432323");
    REQUIRE(word_text(s4.labelling().generator_word(3)) == "23232");
    const std::string path =
        "1234 2134 3124 1324 2314 3214 4213 1243 2143 4123 1423 2413 3412 4312 1342 3142 4132 "
        "1432 2431 3421 4321 2341 3241 4231";
    std::istringstream in(path);
    std::string name;
    NodeId expected = 0;
    const auto walk = s4.labelling().walk();
    while (in >> name) {
        INFO(name);
        REQUIRE(s4.parse_node(name) == expected);
        REQUIRE(s4.format(expected) == name);
        REQUIRE(s4.format(walk[expected]) == name);
        ++expected;
    }
    REQUIRE(expected == 24);
    // The labels printed in the paper's text (§2.2.1, §2.2.2, §3.2.2).
    const std::vector<std::pair<std::string, NodeId>> paper{
        {"1234", 0},  {"3124", 2},  {"4213", 6},  {"1243", 7},  {"2143", 8},
        {"3412", 12}, {"4312", 13}, {"1342", 14}, {"2431", 18}, {"4231", 23}};
    for (const auto& [node, label] : paper) REQUIRE(s4.parse_node(node) == label);
}

TEST_CASE("the labels issue 14 lists for n = 5, 6, 7 and the 3-star path", "[star][labelling]") {
    const std::vector<std::tuple<unsigned, std::string, NodeId>> checks{
        {5, "54321", 102},  {5, "21453", 61},   {5, "35142", 86},     {6, "654321", 627},
        {6, "214365", 209}, {6, "563412", 492}, {7, "7654321", 4447}, {7, "3517264", 2553}};
    for (const auto& [n, node, label] : checks) {
        const StarShape shape(n);
        INFO(node);
        REQUIRE(shape.parse_node(node) == label);
        REQUIRE(shape.format(label) == node);
    }
    const StarShape s3(3);
    std::string names;
    for (NodeId v = 0; v < 6; ++v) names += (v ? " " : "") + s3.format(v);
    REQUIRE(names == "123 213 312 132 231 321");
}

TEST_CASE(
    "label and node agree with the walk for every node up to n = 8, and the walk is a "
    "Hamiltonian path",
    "[star][labelling]") {
    for (unsigned n = 3; n <= 8; ++n) {
        const StarShape shape(n);
        const auto walk = shape.labelling().walk();
        REQUIRE(walk.size() == factorial(n));
        std::set<Permutation> distinct(walk.begin(), walk.end());
        REQUIRE(distinct.size() == factorial(n));  // every node once
        for (NodeId j = 0; j < walk.size(); ++j) {
            // Every entry is a permutation of 1..n.
            unsigned mask = 0;
            for (unsigned i = 0; i < n; ++i) mask |= 1u << walk[j][i];
            if (mask != ((1u << (n + 1)) - 2)) FAIL("not a permutation at label " << j);
            if (shape.id(walk[j]) != j)
                FAIL("n = " << n << ": label(walk[" << j << "]) is " << shape.id(walk[j]));
            if (shape.permutation(j) != walk[j])
                FAIL("n = " << n << ": node(" << j << ") differs from the walk");
            // Consecutive labels are neighbours, found through label/node alone.
            if (j > 0 && !adjacent(shape.permutation(j - 1), shape.permutation(j), n))
                FAIL("n = " << n << ": labels " << j - 1 << " and " << j << " are not adjacent");
            // Block structure: block k of P_n (labels (k-1)(n-1)! ..) holds last symbol n+1-k.
            const unsigned k = j / factorial(n - 1) + 1;
            if (walk[j][n - 1] != n + 1 - k)
                FAIL("n = " << n << ": label " << j << " is in the wrong sub-star");
        }
    }
}

TEST_CASE("label and node round-trip on sampled nodes of the 9-star", "[star][labelling]") {
    const StarShape s9(9);
    std::mt19937_64 rng(9);
    for (int trial = 0; trial < 2000; ++trial) {
        const NodeId label = static_cast<NodeId>(rng() % s9.nodes());
        const Permutation p = s9.permutation(label);
        REQUIRE(s9.id(p) == label);
        if (label + 1 < s9.nodes()) REQUIRE(adjacent(p, s9.permutation(label + 1), 9));
    }
    REQUIRE(s9.format(0) == "123456789");
    REQUIRE(s9.id(s9.permutation(s9.nodes() - 1)) == s9.nodes() - 1);
}

TEST_CASE("star topology strings and node names are parsed, bad ones refused naming the field",
          "[star][labelling]") {
    REQUIRE(StarShape::parse_topology("star:n=6").dimension() == 6);
    REQUIRE(StarShape::parse_topology("star:6").dimension() == 6);
    REQUIRE(StarShape::parse_topology(" star: n = 4 ").dimension() == 4);
    REQUIRE(StarShape::parse_topology("star:n=9").nodes() == 362880);
    REQUIRE(StarShape(5).topology_spec() == "star:n=5");
    for (const char* bad :
         {"star:n=2", "star:n=10", "star:", "star:k=4", "mesh:4x4", "star:n=x", "star:4x"})
        REQUIRE_THROWS_WITH(StarShape::parse_topology(bad), Catch::StartsWith("topology:"));
    REQUIRE_THROWS_WITH(StarShape(10), Catch::Contains("star dimension"));
    const StarShape s4(4);
    REQUIRE_THROWS_WITH(s4.parse_node("123", "source"),
                        Catch::StartsWith("source:") && Catch::Contains("4 digits, e.g. 1234)"));
    REQUIRE_THROWS_WITH(s4.parse_node("1224", "dests[1]"),
                        Catch::StartsWith("dests[1]:") && Catch::Contains("repeats symbol 2"));
    REQUIRE_THROWS_WITH(s4.parse_node("1250"), Catch::Contains("'5'"));
    REQUIRE_THROWS_WITH(s4.format(24), Catch::Contains("outside"));
    REQUIRE_THROWS_AS(s4.labelling().node(24), ConfigError);
    // Ports: port q leads to g_{q+2}(p) and the neighbour's port q leads back.
    for (NodeId v = 0; v < s4.nodes(); ++v)
        for (PortId q = 0; q < s4.network_ports(); ++q) {
            const NodeId u = s4.neighbour(v, q);
            REQUIRE(s4.permutation(u) == apply_generator(s4.permutation(v), q + 2u));
            REQUIRE(s4.neighbour(u, q) == v);
        }
}
