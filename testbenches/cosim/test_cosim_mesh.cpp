// Co-simulation of the Verilated RTL router (rtl/wc_router.sv) against the SystemC Router on the
// 4x4 mesh or torus each configuration was built for (issue 6): lock-step equality of every link in
// every cycle on seeded unicast traffic for every verilated configuration, all-RTL and mixed
// networks, exactly-once delivery with the all-SystemC latencies, and the first-mismatch report of
// the lock-step check itself.
#include <catch2/catch.hpp>

#include <random>
#include <set>

#include <fmt/format.h>

#include "testbenches/cosim/LockStep.hpp"
#include "testbenches/cosim/MeshRtlCases.hpp"
#include "testbenches/sim/Runner.hpp"
#include "topologies/mesh/network/MeshNetwork.hpp"
#include "topologies/mesh/network/MeshRtl.hpp"

using namespace wormcast;
using namespace wormcast::cosim;
using namespace wormcast::rtl;

namespace {

std::vector<ScheduledSend> uniform_traffic(double load, std::uint32_t length, Cycle cycles,
                                           std::uint64_t seed) {
    UniformTraffic t;
    t.load = load;
    t.length = length;
    t.worm_flits = length + 1;
    t.warmup = 0;
    t.measure = cycles;
    return uniform_schedule(t, 16, seed);
}

/// The network of `shape` (a torus with dateline VC classes), RTL routers where `use_rtl` holds.
NetworkSpec mesh_spec(const mesh::MeshShape& shape, const NetworkParams& p,
                      std::function<bool(NodeId)> use_rtl) {
    NetworkSpec spec = mesh::build_mesh_network(shape, p);
    if (use_rtl) spec.router_factory = mesh_rtl_factory(shape, p, std::move(use_rtl));
    return spec;
}

/// Reference run (all SystemC) then the same traffic with `use_rtl` routers in RTL, compared
/// cycle by cycle; returns the comparing run.
LockStepResult lockstep(const mesh::MeshShape& shape, const NetworkParams& p,
                        const std::vector<ScheduledSend>& sends,
                        const std::function<bool(NodeId)>& use_rtl,
                        LockStepResult* reference_out = nullptr) {
    LockStepResult reference = run_lockstep(mesh_spec(shape, p, nullptr), p, sends, nullptr);
    INFO("reference run: " << reference.cycles << " cycles, " << reference.messages << " messages");
    for (const auto& problem : reference.problems) UNSCOPED_INFO(problem);
    REQUIRE(reference.quiet);
    REQUIRE(reference.problems.empty());
    LockStepResult rtl = run_lockstep(mesh_spec(shape, p, use_rtl), p, sends, &reference.trace);
    if (reference_out) *reference_out = std::move(reference);
    return rtl;
}

}  // namespace

TEST_CASE(
    "every verilated configuration is in lock step with the SystemC router on a 4x4 mesh or torus",
    "[cosim][lockstep]") {
    REQUIRE(mesh_rtl_cases().size() >= 4);
    int runs = 0, tori = 0;
    for (const auto& model : mesh_rtl_cases()) {
        const NetworkParams p = model.params;
        const mesh::MeshShape shape = model.shape;
        tori += shape.torus ? 1 : 0;
        // Light, heavy and saturating load: zero-load pipelines, contention and back-pressure.
        for (const double load : {0.05, 0.3, 0.8}) {
            const std::uint64_t seed = 11 + static_cast<std::uint64_t>(runs) * 7;
            const std::uint32_t length = 1 + static_cast<std::uint32_t>(seed % 9);
            const auto sends = uniform_traffic(load, length, 300, seed);
            INFO("model " << model.name << " (" << model.describe() << "), load " << load
                          << ", length " << length << ", seed " << seed << ", " << sends.size()
                          << " messages");
            LockStepResult reference;
            const LockStepResult rtl = lockstep(
                shape, p, sends, [](NodeId) { return true; }, &reference);
            INFO(rtl.mismatch);
            REQUIRE(rtl.drop_in_routers == 16);
            REQUIRE(rtl.mismatch.empty());
            REQUIRE(rtl.quiet);
            REQUIRE(rtl.problems.empty());
            REQUIRE(rtl.cycles == reference.cycles);
            REQUIRE(rtl.arrivals == reference.arrivals);
            REQUIRE(rtl.messages == sends.size());
            ++runs;
        }
    }
    REQUIRE(runs == static_cast<int>(3 * mesh_rtl_cases().size()));
    REQUIRE(tori > 0);
}

TEST_CASE("a mixed network of RTL and SystemC routers is in lock step with the all-SystemC one",
          "[cosim][lockstep]") {
    for (const auto& model : mesh_rtl_cases()) {
        const NetworkParams p = model.params;
        for (const std::uint64_t seed : {3u, 4u}) {
            // A seeded random half of the routers in RTL, so RTL and SystemC routers face each
            // other.
            std::mt19937_64 rng(seed);
            std::set<NodeId> rtl_nodes;
            while (rtl_nodes.size() < 8) rtl_nodes.insert(static_cast<NodeId>(rng() % 16));
            const auto sends =
                uniform_traffic(0.4, 2 + static_cast<std::uint32_t>(seed % 5), 300, seed);
            INFO("model " << model.name << ", seed " << seed);
            const LockStepResult mixed = lockstep(
                model.shape, p, sends, [rtl_nodes](NodeId n) { return rtl_nodes.count(n) > 0; });
            INFO(mixed.mismatch);
            REQUIRE(mixed.drop_in_routers == 8);
            REQUIRE(mixed.mismatch.empty());
            REQUIRE(mixed.quiet);
            REQUIRE(mixed.problems.empty());
        }
    }
}

TEST_CASE(
    "a mixed RTL/SystemC network delivers every message exactly once with the all-SystemC "
    "latencies",
    "[cosim][mixed]") {
    for (const auto& model : mesh_rtl_cases()) {
        const NetworkParams p = model.params;
        const std::uint64_t seed = 42;
        UniformTraffic t;
        t.load = 0.25;
        t.length = 6;
        t.worm_flits = 7;
        t.warmup = 100;
        t.measure = 400;
        sim::RunOptions o;
        o.seed = seed;
        o.warmup = t.warmup;
        o.measure = t.measure;
        o.drain_limit = 100000;
        o.record_arrivals = true;
        const mesh::MeshShape shape = model.shape;
        const auto sends = uniform_schedule(t, shape.nodes(), seed);
        // Checkerboard: every link joins an RTL router and a SystemC router (on the 4x4 torus
        // too: the wrap-around links join x = 0 and x = 3).
        const auto checkerboard = [](NodeId n) { return ((n % 4) + (n / 4)) % 2 == 0; };
        const auto reference = sim::run_network(mesh_spec(shape, p, nullptr), p, sends, o);
        const auto mixed = sim::run_network(mesh_spec(shape, p, checkerboard), p, sends, o);
        INFO("model " << model.name);
        for (const auto& problem : mixed.problems) UNSCOPED_INFO(problem);
        REQUIRE(reference.ok());
        REQUIRE(mixed.ok());
        REQUIRE(mixed.traffic.multicasts > 0);
        REQUIRE(mixed.traffic.completed == mixed.traffic.multicasts);
        REQUIRE(mixed.flits_injected == mixed.flits_consumed);
        REQUIRE(mixed.arrival_digest == reference.arrival_digest);
        REQUIRE(mixed.traffic.latency.mean == reference.traffic.latency.mean);
        REQUIRE(mixed.traffic.latency.max == reference.traffic.latency.max);
        REQUIRE(mixed.link_flits == reference.link_flits);
        REQUIRE(mixed.cycles == reference.cycles);
    }
}

TEST_CASE("an all-RTL mesh or torus meets the zero-load latency formula of docs/pipeline.md",
          "[cosim][latency]") {
    for (const auto& model : mesh_rtl_cases()) {
        const NetworkParams p = model.params;
        const mesh::MeshShape shape = model.shape;
        const NodeId src = 1, dst = 14;  // 1,0 to 2,3: 4 hops on the mesh, 2 on the torus
        const std::uint32_t length = 9;
        const auto r = sim::run_network(mesh_spec(shape, p, [](NodeId) { return true; }), p,
                                        std::vector<ScheduledSend>{{3, src, {dst}, length, true}},
                                        sim::RunOptions{});
        REQUIRE(r.ok());
        REQUIRE(r.traffic.completed == 1);
        const Cycle hops = shape.distance(src, dst);
        // With shallow buffers the worm may not stream at one flit per cycle; the head still does.
        const Cycle head =
            p.t_startup + p.t_inj + (hops + 1) * (p.t_node + p.t_sw) + hops * p.t_phy + p.t_cons;
        INFO("model " << model.name);
        REQUIRE(r.traffic.latency.max >= Approx(head + length));
        if (p.buffer_depth >= p.t_node + p.t_sw + 2 * std::max({p.t_phy, p.t_inj, p.t_cons}) + 1)
            REQUIRE(r.traffic.latency.max == Approx(head + length));
    }
}

TEST_CASE(
    "the lock-step check stops at the first difference and names cycle, link, expected and actual",
    "[cosim][checker]") {
    const NetworkParams p = mesh_rtl_cases().front().params;
    const mesh::MeshShape shape = mesh_rtl_cases().front().shape;
    const std::vector<ScheduledSend> sends{{5, 0, {3}, 4, true}, {9, 6, {12}, 3, true}};
    LockStepResult reference = run_lockstep(mesh_spec(shape, p, nullptr), p, sends, nullptr);
    REQUIRE(reference.quiet);
    // The same traffic, but the second message leaves node 6 one cycle later.
    auto late = sends;
    late[1].at += 1;
    const LockStepResult other =
        run_lockstep(mesh_spec(shape, p, [](NodeId) { return true; }), p, late, &reference.trace);
    // Where the reference first drives a flit on node 6's injection channel.
    std::size_t link = 0;
    while (link < reference.trace.links.size() &&
           reference.trace.links[link].link != "node 2,1 injection 0")
        ++link;
    REQUIRE(link < reference.trace.links.size());
    Cycle first = 0;
    while (first < reference.trace.cycles() &&
           !reference.trace.samples[first * reference.trace.links.size() + link].valid)
        ++first;
    INFO(other.mismatch);
    REQUIRE(other.mismatch_cycle == first);
    REQUIRE_THAT(other.mismatch,
                 Catch::Contains(fmt::format(
                     "first mismatch in cycle {} on link node 2,1 injection 0", first)));
    REQUIRE_THAT(other.mismatch, Catch::Contains("valid/flit driven by NIC of node 2,1"));
    REQUIRE_THAT(other.mismatch, Catch::Contains("expected valid=1"));
    REQUIRE_THAT(other.mismatch, Catch::Contains("actual   valid=0"));
}

TEST_CASE(
    "the RTL configuration is derived from the network's parameters, or refused naming the "
    "mechanism",
    "[cosim][config]") {
    const mesh::MeshShape mesh = mesh::MeshShape::parse("4x4", false);
    const mesh::MeshShape torus = mesh::MeshShape::parse("4x4", true);
    std::mt19937_64 rng(29);
    for (const auto& model : mesh_rtl_cases()) {
        // Every router key the RTL fixes reaches its Verilog parameter, whatever its value.
        for (int draw = 0; draw < 20; ++draw) {
            NetworkParams p = model.params;
            p.vcs = 1 + static_cast<unsigned>(rng() % 4);
            p.buffer_depth = 1 + static_cast<unsigned>(rng() % 8);
            p.flit_width = 8 + static_cast<unsigned>(rng() % 25);
            p.t_node = 1 + static_cast<unsigned>(rng() % 4);
            p.t_sw = 1 + static_cast<unsigned>(rng() % 4);
            p.t_phy = 1 + static_cast<unsigned>(rng() % 4);
            const RtlConfig c = *mesh::ecube_rtl_config(model.shape, p);
            INFO(c.describe());
            REQUIRE(c.get("NUM_VCS", 0) == p.vcs);
            REQUIRE(c.get("BUF_DEPTH", 0) == p.buffer_depth);
            REQUIRE(c.get("FLIT_WIDTH", 0) == p.flit_width);
            REQUIRE(c.get("T_NODE", 0) == p.t_node);
            REQUIRE(c.get("T_SW", 0) == p.t_sw);
            REQUIRE(c.get("T_PHY", 0) == p.t_phy);
            REQUIRE(c.get("MESH_X", 0) == 4);
            REQUIRE(c.get("TORUS", -1) == (model.shape.torus ? 1 : 0));
            REQUIRE(c.get("PATH_WORMS", -1) == (p.path_worms ? 1 : 0));
            REQUIRE(c.get("TREE_WORMS", -1) == (p.tree_worms ? 1 : 0));
            // t_node_multidest is a parameter only where lists or bit-strings are routed.
            REQUIRE(c.get("T_NODE_MULTIDEST", 0) ==
                    (p.path_worms || p.tree_worms ? p.t_node_multidest : 0));
            NetworkParams other = p;
            other.buffer_depth += 1;
            REQUIRE_FALSE(*mesh::ecube_rtl_config(model.shape, other) == c);
        }
    }
    NetworkParams p = mesh_rtl_cases().front().params;
    // Beyond the e-cube RTL (3-D, a torus without datelines) the table-routed RTL serves.
    REQUIRE_FALSE(mesh::ecube_rtl_config(mesh::MeshShape::parse("4x4x2", false), p));
    REQUIRE_FALSE(mesh::ecube_rtl_config(torus, p, false));
    // Every flit width the model takes is a Verilog parameter (the packed flit grows above 32).
    for (unsigned width : {8u, 33u, 64u}) {
        p.flit_width = width;
        REQUIRE(mesh::ecube_rtl_config(mesh, p)->get("FLIT_WIDTH", 0) == width);
    }
    // What the RTL lacks is named, with the key and its value.
    p = mesh_rtl_cases().front().params;
    p.header_encoding = HeaderEncoding::BitString;
    REQUIRE_THROWS_WITH(
        mesh::ecube_rtl_config(mesh, p),
        Catch::Contains("router.header_encoding bitstring") && Catch::Contains("tagged only"));
    p = mesh_rtl_cases().front().params;
    p.atomic_ocrq = false;
    REQUIRE_THROWS_WITH(mesh::ecube_rtl_config(mesh, p),
                        Catch::Contains("router.atomic_ocrq false"));
    p = mesh_rtl_cases().front().params;
    p.route_timing = RouteTiming::Fixed;
    REQUIRE_THROWS_WITH(
        mesh::ecube_rtl_config(mesh, p),
        Catch::Contains("router.route_timing fixed") && Catch::Contains("(gather only)"));
}
