// Unit tests of k-ary n-cube geometry and e-cube routing with dateline VCs (pure C++).
#include <catch2/catch.hpp>

#include <random>

#include "topologies/mesh/EcubeRouting.hpp"
#include "topologies/mesh/MeshShape.hpp"

using namespace wormcast;
using namespace wormcast::mesh;

TEST_CASE("mesh shapes parse, number nodes and reject bad sizes", "[mesh]") {
    auto s = MeshShape::parse("5x7", false);
    REQUIRE(s.nodes() == 35);
    REQUIRE(s.parse_node("4,6") == 4 + 5 * 6);
    REQUIRE(s.format(s.parse_node("3,2")) == "3,2");
    REQUIRE(MeshShape::parse("6x6x6", false).nodes() == 216);
    REQUIRE_THROWS_AS(MeshShape::parse("8x1", false), ConfigError);
    REQUIRE_THROWS_AS(MeshShape::parse("8xx8", false), ConfigError);
    REQUIRE_THROWS_AS(MeshShape::parse("", false), ConfigError);
    REQUIRE_THROWS_AS(s.parse_node("5,0"), ConfigError);
    REQUIRE_THROWS_AS(s.parse_node("1,2,3"), ConfigError);
    REQUIRE_THROWS_AS(s.parse_node("a,b"), ConfigError);
}

TEST_CASE("e-cube paths correct dimension 0 first and are minimal", "[mesh][routing]") {
    std::mt19937_64 rng(3);
    for (const auto& [size, torus] : std::vector<std::pair<std::string, bool>>{
             {"8x8", false}, {"6x6x6", false}, {"5x7", true}, {"4x4x4", true}}) {
        auto s = MeshShape::parse(size, torus);
        for (int i = 0; i < 300; ++i) {
            const NodeId a = rng() % s.nodes(), b = rng() % s.nodes();
            const auto path = s.ecube_path(a, b);
            REQUIRE(path.front() == a);
            REQUIRE(path.back() == b);
            // Minimal: per-dimension distance sums.
            std::uint32_t expect = 0;
            const auto ca = s.coord(a), cb = s.coord(b);
            for (unsigned d = 0; d < s.dimensions(); ++d) {
                const std::uint32_t diff = ca[d] > cb[d] ? ca[d] - cb[d] : cb[d] - ca[d];
                expect += torus ? std::min(diff, s.radix[d] - diff) : diff;
            }
            REQUIRE(path.size() - 1 == expect);
            // Dimension order: once a dimension is left, it is never corrected again.
            unsigned last_dim = 0;
            for (std::size_t h = 1; h < path.size(); ++h) {
                const auto p = s.coord(path[h - 1]), q = s.coord(path[h]);
                unsigned dim = 0;
                while (p[dim] == q[dim]) ++dim;
                REQUIRE(dim >= last_dim);
                last_dim = dim;
            }
        }
    }
}

TEST_CASE("routing picks e-cube ports, consumption at the target, dateline VC classes",
          "[mesh][routing]") {
    auto s = MeshShape::parse("4x4", true);
    EcubeRouting at00(s, s.parse_node("0,0"), {2, true, 2});
    Header to30 = Header::unicast(s.parse_node("3,0"));
    // From 0,0 to 3,0 the short way is x- across the wrap-around link: class 1 (odd VC).
    auto d = at00.route({4, 0, &to30});
    REQUIRE(d.branches.size() == 1);
    REQUIRE(d.branches[0].port == MeshShape::port(0, false));
    REQUIRE(d.branches[0].vc_mask == 0b10);
    // Injected at 1,0 towards 3,0: x+, no wrap: class 0.
    EcubeRouting at10(s, s.parse_node("1,0"), {2, true, 2});
    REQUIRE(at10.route({4, 0, &to30}).branches[0].vc_mask == 0b01);
    // Arriving straight on in class 1 keeps class 1; turning into y resets to class 0.
    EcubeRouting at20(s, s.parse_node("2,0"), {2, true, 2});
    REQUIRE(at20.route({0, 1, &to30}).branches[0].vc_mask == 0b10);
    Header to21 = Header::unicast(s.parse_node("2,1"));
    REQUIRE(at20.route({0, 1, &to21}).branches[0].vc_mask == 0b01);
    // At the target: a consumption port, chosen by the input port.
    Header to00 = Header::unicast(s.parse_node("0,0"));
    REQUIRE(at00.route({1, 0, &to00}).branches[0].port == 4 + 1);
    REQUIRE(at00.route({2, 0, &to00}).branches[0].port == 4 + 0);
    REQUIRE(at00.route({2, 0, &to00}).branches[0].consume);
    // A torus needs two VCs for datelines.
    REQUIRE_THROWS_AS(EcubeRouting(s, 0, {1, true, 1}), ConfigError);
}
