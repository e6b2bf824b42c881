// Network-level tests of hardware multicast: random e-cube-conforming path worms on meshes and
// random ATBM tree worms on multistage networks, exactly once and intact over many seeds, with
// 1-flit buffers and one consumption channel; absorb-and-forward timing against its formula.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>

#include "systemc/pure/PathWormFirmware.hpp"
#include "testbenches/sim/Runner.hpp"
#include "topologies/mesh/network/MeshNetwork.hpp"
#include "topologies/min/network/MinNetwork.hpp"

using namespace wormcast;

namespace {

/// Random multicasts whose destinations lie, in order, on the e-cube path from the source to the
/// last of them: a path worm that conforms to the base routing (Kesavan & Panda §4).
std::vector<ScheduledSend> conforming_path_worms(const mesh::MeshShape& shape, std::size_t count,
                                                 Cycle span, std::uint32_t length,
                                                 std::mt19937_64& rng) {
    std::vector<ScheduledSend> sends;
    for (std::size_t i = 0; i < count; ++i) {
        const NodeId src = rng() % shape.nodes();
        NodeId last = rng() % shape.nodes();
        if (last == src) last = (last + 1) % shape.nodes();
        const auto path = shape.ecube_path(src, last);
        std::vector<NodeId> dests;
        for (std::size_t h = 1; h + 1 < path.size(); ++h)
            if (rng() % 3 == 0) dests.push_back(path[h]);
        dests.push_back(last);
        sends.push_back(ScheduledSend{rng() % span, src, dests, length, true});
    }
    std::sort(sends.begin(), sends.end(), [](const auto& a, const auto& b) { return a.at < b.at; });
    return sends;
}

sim::RunResult run_path_worms(const mesh::MeshShape& shape, NetworkParams p,
                              std::vector<ScheduledSend> sends) {
    p.path_worms = true;
    auto spec = mesh::build_mesh_network(shape, p);
    spec.firmware = [](NodeId) { return std::make_unique<PathWormFirmware>(); };
    sim::RunOptions o;
    o.drain_limit = 200000;
    o.record_arrivals = true;
    return sim::run_network(std::move(spec), p, std::move(sends), o);
}

}  // namespace

TEST_CASE("random conforming path worms on meshes are delivered exactly once",
          "[network][multicast][path]") {
    // One consumption channel per input direction (2n): worms arriving from different directions
    // never wait for each other's consumption channel (see the next test for what happens with
    // one).
    int runs = 0;
    for (const auto& size : {"4x4", "8x8", "3x3x3"})
        for (unsigned depth : {1u, 2u, 4u})
            for (std::uint64_t seed : {1u, 2u, 3u}) {
                const auto shape = mesh::MeshShape::parse(size, false);
                NetworkParams p;
                p.buffer_depth = depth;
                p.consumption_channels = 2 * shape.dimensions();
                std::mt19937_64 rng(seed * 31 + depth);
                // About one worm per node per 150 cycles: well loaded, with contention.
                const std::size_t count = shape.nodes() * 6;
                auto r = run_path_worms(
                    shape, p, conforming_path_worms(shape, count, 900, 1 + seed * 5, rng));
                INFO(size << " depth " << depth << " seed " << seed);
                INFO(r.deadlock_report);
                for (const auto& problem : r.problems) UNSCOPED_INFO(problem);
                REQUIRE(r.ok());
                REQUIRE(r.traffic.completed == count);
                REQUIRE(r.messages_sent == count);  // one worm per multicast
                ++runs;
            }
    REQUIRE(runs == 27);
}

TEST_CASE(
    "with one consumption channel, opposite path worms can deadlock and the watchdog says how",
    "[network][multicast][path][watchdog]") {
    // Two worms absorbing at the same two nodes from opposite directions: each holds one node's
    // consumption channel and waits for the other's (why Kesavan & Panda use 4 and 6 channels).
    const auto shape = mesh::MeshShape::parse("4x4", false);
    NetworkParams p;
    p.buffer_depth = 1;
    p.consumption_channels = 1;
    p.watchdog_cycles = 500;
    std::mt19937_64 rng(1 * 31 + 1);
    auto r = run_path_worms(shape, p, conforming_path_worms(shape, shape.nodes() * 6, 900, 6, rng));
    REQUIRE(r.deadlock);
    REQUIRE_THAT(r.deadlock_report, Catch::Contains("wait-for cycle"));
    REQUIRE_THAT(r.deadlock_report,
                 Catch::Contains(".out4 is taken"));  // out4: the consumption port
}

TEST_CASE(
    "absorb-and-forward: each destination of a path worm gets its tail on the formula's cycle",
    "[network][multicast][path][latency]") {
    std::mt19937_64 rng(9);
    for (int trial = 0; trial < 12; ++trial) {
        const auto shape = mesh::MeshShape::parse(trial % 2 ? "6x5" : "4x4x3", false);
        NetworkParams p;
        p.t_node = 1 + rng() % 3;
        p.t_node_multidest = p.t_node + rng() % 5;
        p.t_phy = 1 + rng() % 2;
        p.t_startup = rng() % 10;
        p.buffer_depth = p.t_node_multidest + p.t_sw + 2 * p.t_phy + 2;
        std::vector<ScheduledSend> one = conforming_path_worms(shape, 1, 1, 3 + rng() % 10, rng);
        one[0].at = 2;
        const auto send = one[0];
        auto r = run_path_worms(shape, p, one);
        for (const auto& problem : r.problems) UNSCOPED_INFO(problem);
        INFO(r.deadlock_report);
        REQUIRE(r.ok());
        const auto path = shape.ecube_path(send.source, send.destinations.back());
        // One header flit (small network, 32-bit flits) plus the payload.
        const std::uint32_t flits = 1 + send.length;
        for (const auto& [id, node, cycle] : r.arrival_digest) {
            (void)id;
            const auto hops = static_cast<std::uint32_t>(std::find(path.begin(), path.end(), node) -
                                                         path.begin());
            const Cycle start = send.at + 1;
            // A single destination goes as a unicast worm, with the unicast routing delay.
            const unsigned t_route = send.destinations.size() > 1 ? p.t_node_multidest : p.t_node;
            const Cycle expect = start + p.t_startup + p.t_inj + (hops + 1) * (t_route + p.t_sw) +
                                 hops * p.t_phy + p.t_cons + flits - 1;
            INFO("trial " << trial << " node " << shape.format(node) << " hops " << hops);
            REQUIRE(cycle == expect);
        }
        REQUIRE(r.arrival_digest.size() == send.destinations.size());
    }
}

TEST_CASE("random ATBM tree worms on multistage networks are delivered exactly once",
          "[network][multicast][tree]") {
    int runs = 0;
    for (const auto& topology :
         {"min-uni:b=2,n=3", "min-uni:b=4,n=2", "min-bi:b=2,n=3", "min-bi:b=4,n=2"})
        for (unsigned depth : {1u, 4u})
            for (auto model : {TokenModel::Ring, TokenModel::Average})
                for (std::uint64_t seed : {3u, 4u}) {
                    const auto shape = min::MinShape::parse(topology);
                    NetworkParams p;
                    p.tree_worms = true;
                    p.buffer_depth = depth;
                    p.t_node = 2;
                    p.t_node_multidest = 3;
                    std::mt19937_64 rng(seed + depth * 7);
                    std::vector<ScheduledSend> sends;
                    const std::uint32_t n = shape.nodes();
                    for (std::size_t i = 0; i < 8 * n; ++i) {
                        const NodeId src = rng() % n;
                        std::vector<NodeId> dests;
                        for (NodeId d = 0; d < n; ++d)
                            if (d != src && rng() % 3 == 0) dests.push_back(d);
                        if (dests.empty()) dests.push_back((src + 1) % n);
                        sends.push_back(ScheduledSend{rng() % 1500, src, dests,
                                                      1 + static_cast<std::uint32_t>(rng() % 12),
                                                      true});
                    }
                    std::sort(sends.begin(), sends.end(),
                              [](const auto& a, const auto& b) { return a.at < b.at; });
                    sim::RunOptions o;
                    o.drain_limit = 300000;
                    min::AtbmOptions atbm;
                    atbm.model = model;
                    atbm.token_pass_cycles = 2;
                    auto r = sim::run_network(min::build_min_network(shape, p, atbm), p, sends, o);
                    INFO(topology << " depth " << depth << " seed " << seed << " model "
                                  << (model == TokenModel::Ring ? "ring" : "average"));
                    INFO(r.deadlock_report);
                    for (const auto& problem : r.problems) UNSCOPED_INFO(problem);
                    REQUIRE(r.ok());
                    REQUIRE(r.traffic.completed == sends.size());
                    ++runs;
                }
    REQUIRE(runs == 32);
}

TEST_CASE("a header needing a mechanism the routers lack is refused with a clear error",
          "[network][multicast][config]") {
    const auto shape = mesh::MeshShape::parse("4x4", false);
    NetworkParams p;  // path_worms and tree_worms off
    auto spec = mesh::build_mesh_network(shape, p);
    spec.firmware = [](NodeId) { return std::make_unique<PathWormFirmware>(); };
    std::vector<ScheduledSend> sends{ScheduledSend{1, 0, {1, 2, 3}, 4, true}};
    REQUIRE_THROWS_WITH(
        sim::run_network(std::move(spec), p, sends, {}),
        Catch::Contains("needs multidestination path worms, which this router does not support"));
    // Tree worms on a MIN whose switches do not replicate.
    const auto min_shape = min::MinShape::parse("min-uni:b=2,n=2");
    NetworkParams q;
    std::vector<ScheduledSend> tree{ScheduledSend{1, 0, {1, 2}, 4, true}};
    REQUIRE_THROWS_WITH(sim::run_network(min::build_min_network(min_shape, q), q, tree, {}),
                        Catch::Contains("needs tree worms"));
}

TEST_CASE("ATBM token waits are counted", "[network][multicast][tree][token]") {
    const auto shape = min::MinShape::parse("min-bi:b=2,n=3");
    NetworkParams p;
    p.tree_worms = true;
    std::vector<ScheduledSend> sends;
    for (NodeId s = 0; s < 8; ++s)
        sends.push_back(ScheduledSend{1, s, {(s + 1) % 8, (s + 5) % 8, (s + 6) % 8}, 8, true});
    min::AtbmOptions atbm;
    atbm.token_pass_cycles = 3;
    auto r = sim::run_network(min::build_min_network(shape, p, atbm), p, sends, {});
    REQUIRE(r.ok());
    REQUIRE(r.token_grants > 0);
    REQUIRE(r.token_wait_cycles > 0);
    atbm.tokens = false;
    auto free = sim::run_network(min::build_min_network(shape, p, atbm), p, sends, {});
    REQUIRE(free.token_grants == 0);
}
