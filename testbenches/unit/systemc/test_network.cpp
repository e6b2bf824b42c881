// Network-level tests of the SystemC model on meshes and tori: zero-load latency against the
// closed form of docs/pipeline.md, exactly-once delivery over many seeds, loads and buffer
// depths, bit-identical replays and clocking modes, the deadlock watchdog, VCD output.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "systemc/Flit.hpp"
#include "testbenches/sim/Runner.hpp"
#include "topologies/mesh/network/MeshNetwork.hpp"

using namespace wormcast;
using wormcast::sim::RunOptions;
using wormcast::sim::RunResult;

namespace {

RunResult run_mesh(const mesh::MeshShape& shape, const NetworkParams& params,
                   std::vector<ScheduledSend> sends, RunOptions options = {},
                   bool dateline = true) {
    return sim::run_network(mesh::build_mesh_network(shape, params, dateline), params,
                            std::move(sends), options);
}

RunResult run_uniform(const mesh::MeshShape& shape, const NetworkParams& params, double load,
                      std::uint32_t length, std::uint64_t seed, Cycle measure = 1500,
                      bool dateline = true) {
    UniformTraffic t;
    t.load = load;
    t.length = length;
    t.worm_flits = length + 1;
    t.warmup = 200;
    t.measure = measure;
    RunOptions o;
    o.seed = seed;
    o.warmup = t.warmup;
    o.measure = t.measure;
    o.drain_limit = 400000;
    o.record_arrivals = true;
    return run_mesh(shape, params, uniform_schedule(t, shape.nodes(), seed), o, dateline);
}

/// Each router's blocked cycles (RouterCounts::blocked_cycles; every SystemC router counts them).
std::vector<std::uint64_t> blocked_cycles(const RunResult& r) {
    std::vector<std::uint64_t> out;
    for (const auto& c : r.router_counts) {
        REQUIRE(c.blocked_cycles.has_value());
        out.push_back(*c.blocked_cycles);
    }
    return out;
}

std::uint64_t sum(const std::vector<std::uint64_t>& v) {
    std::uint64_t s = 0;
    for (auto x : v) s += x;
    return s;
}

/// docs/pipeline.md: latency of one unicast worm of F flits over H hops with no contention,
/// from the start of its start-up to its tail at the destination.
Cycle zero_load_latency(const NetworkParams& p, std::uint32_t hops, std::uint32_t flits) {
    return p.t_startup + p.t_inj + (hops + 1) * (p.t_node + p.t_sw) + hops * p.t_phy + p.t_cons +
           flits - 1;
}

}  // namespace

TEST_CASE("zero-load latency equals the closed form on meshes and tori", "[network][latency]") {
    std::mt19937_64 rng(2024);
    const std::vector<std::pair<std::string, bool>> shapes{{"4x4", false},   {"5x7", false},
                                                           {"3x3x3", false}, {"8", false},
                                                           {"4x4", true},    {"6x5", true}};
    int checked = 0;
    for (const auto& [size, torus] : shapes) {
        const auto shape = mesh::MeshShape::parse(size, torus);
        for (int trial = 0; trial < 6; ++trial) {
            NetworkParams p;
            p.vcs = torus ? 2 : 1;
            p.t_node = 1 + rng() % 4;
            p.t_sw = 1 + rng() % 2;
            p.t_phy = 1 + rng() % 3;
            p.t_inj = 1 + rng() % 2;
            p.t_cons = 1 + rng() % 2;
            p.t_startup = rng() % 20;
            // Deep enough that the worm streams at one flit per cycle behind its head.
            p.buffer_depth = p.t_node + p.t_sw + 2 * std::max({p.t_phy, p.t_inj, p.t_cons}) + 1;
            const std::uint32_t length = 1 + rng() % 24;
            const NodeId src = rng() % shape.nodes();
            NodeId dst = rng() % shape.nodes();
            if (dst == src) dst = (dst + 1) % shape.nodes();
            RunOptions o;
            auto r = run_mesh(shape, p, {ScheduledSend{3, src, {dst}, length, true}}, o);
            REQUIRE(r.ok());
            REQUIRE(r.traffic.completed == 1);
            const auto hops = shape.distance(src, dst);
            INFO(shape.name() << " " << shape.format(src) << " -> " << shape.format(dst) << " hops "
                              << hops << " len " << length << " t_node " << p.t_node << " t_sw "
                              << p.t_sw << " t_phy " << p.t_phy);
            REQUIRE(r.traffic.latency.max == Approx(zero_load_latency(p, hops, length + 1)));
            // Alone, with buffers that cover the credit loop, the worm never waits in a router.
            REQUIRE(sum(blocked_cycles(r)) == 0);
            ++checked;
        }
    }
    REQUIRE(checked == 36);
}

TEST_CASE("a lone worm is blocked only by credits its buffers cannot cover", "[network][blocked]") {
    // One-flit buffers: the credit for a flit comes back several cycles after it left, so the
    // worm waits for credits at every router on its path but the last (the consumption channel
    // streams), each wait a blocked cycle; nothing else is in the network.
    const auto shape = mesh::MeshShape::parse("4x4", false);
    NetworkParams p;
    p.buffer_depth = 1;
    p.t_phy = 2;
    const auto r = run_mesh(shape, p, {ScheduledSend{3, 0, {15}, 30, true}});
    REQUIRE(r.ok());
    const auto blocked = blocked_cycles(r);
    std::size_t routers_blocked = 0;
    for (auto b : blocked) routers_blocked += b > 0;
    INFO("blocked cycles " << sum(blocked));
    REQUIRE(routers_blocked >= 6);  // 0,0 .. 3,3: 7 routers, each but the last feeds a link
    REQUIRE(routers_blocked <= 7);
    // Deep buffers: never.
    p.buffer_depth = 16;
    REQUIRE(sum(blocked_cycles(run_mesh(shape, p, {ScheduledSend{3, 0, {15}, 30, true}}))) == 0);
}

TEST_CASE("every message is delivered exactly once and intact, any load and buffer depth",
          "[network][property]") {
    const std::vector<std::pair<std::string, bool>> shapes{
        {"4x4", false}, {"4x4", true}, {"3x3x2", false}, {"5x3", true}};
    int runs = 0;
    for (const auto& [size, torus] : shapes)
        for (unsigned depth : {1u, 2u, 4u})
            for (double load : {0.02, 0.15, 0.6}) {
                const auto shape = mesh::MeshShape::parse(size, torus);
                NetworkParams p;
                p.vcs = torus ? 2 : 1 + (runs % 2);
                p.buffer_depth = depth;
                // Flit widths from the narrowest that holds a unicast header to the model's 64
                // bits (payload words are checked at every receiver).
                p.flit_width = std::vector<unsigned>{8, 16, 32, 48, 64}[runs % 5];
                const std::uint64_t seed = 100 + runs;
                auto r = run_uniform(shape, p, load, 1 + seed % 12, seed, 800);
                INFO(shape.name() << " depth " << depth << " load " << load << " seed " << seed);
                for (const auto& problem : r.problems) UNSCOPED_INFO(problem);
                INFO(r.deadlock_report);
                REQUIRE_FALSE(r.deadlock);
                REQUIRE(r.drained);
                REQUIRE(r.problems.empty());
                REQUIRE(r.flits_injected == r.flits_consumed);
                REQUIRE(r.traffic.completed == r.traffic.multicasts);
                ++runs;
            }
    REQUIRE(runs == 36);
}

TEST_CASE("the packed flit layout round-trips and refuses what the RTL wires cannot carry",
          "[network][flit]") {
    std::mt19937_64 rng(3);
    for (int i = 0; i < 1000; ++i) {
        Flit f;
        f.kind = static_cast<FlitKind>(rng() % 6);
        f.vc = static_cast<VcId>(rng() % Flit::kMaxVcs);
        f.message = static_cast<MessageId>(rng() & Flit::kMaxMessage);
        f.data = rng() & 0xffffffffu;
        REQUIRE(Flit::unpack(f.pack()) == f);
        // The control word is the upper half of the 64-bit layout, and carries the same fields
        // above a data field of any width (flits wider than 32 bits).
        REQUIRE(f.pack() >> 32 == f.pack_control());
        f.data = rng();
        REQUIRE(Flit::unpack(f.pack_control(), f.data) == f);
    }
    REQUIRE(Flit::packed_data_bits(8) == 32);
    REQUIRE(Flit::packed_data_bits(32) == 32);
    REQUIRE(Flit::packed_data_bits(41) == 41);
    REQUIRE(Flit::packed_data_bits(64) == 64);
    Flit wide;
    wide.kind = FlitKind::Head;
    wide.data = FlitWord{1} << 32;  // a 33-bit flit's data: it needs the wider layout
    REQUIRE_THROWS_AS(wide.pack(), ModelError);
    REQUIRE_THROWS_AS(Flit::unpack(std::uint32_t{7} << 28, 0), ModelError);
    REQUIRE_THROWS_AS(Flit::unpack(std::uint32_t{1} << 31, 0), ModelError);
    wide.data = 1;
    wide.message = Flit::kMaxMessage + 1;
    REQUIRE_THROWS_AS(wide.pack(), ModelError);
    REQUIRE_THROWS_AS(Flit::unpack(std::uint64_t{7} << 60), ModelError);
    REQUIRE_THROWS_AS(Flit::unpack(std::uint64_t{1} << 63), ModelError);
}

TEST_CASE("a torus with dateline VCs does not deadlock at saturation",
          "[network][property][torus]") {
    for (std::uint64_t seed : {1u, 2u, 3u}) {
        NetworkParams p;
        p.vcs = 2;
        p.buffer_depth = 2;
        auto r = run_uniform(mesh::MeshShape::parse("8x8", true), p, 0.9, 20, seed, 1500);
        INFO(r.deadlock_report);
        REQUIRE_FALSE(r.deadlock);
        REQUIRE(r.ok());
        // Beyond saturation: accepted throughput falls short of the offered load.
        REQUIRE(r.traffic.accepted_flits_per_node_cycle < 0.9);
    }
}

TEST_CASE("a run replays bit-identically, and activity-driven equals always-clocked",
          "[network][determinism]") {
    const auto shape = mesh::MeshShape::parse("4x4", true);
    for (std::uint64_t seed : {7u, 8u, 9u}) {
        NetworkParams p;
        p.vcs = 2;
        p.buffer_depth = 2;
        p.t_startup = 30;  // NICs spend most of their time in start-ups: the sleepy case
        auto a = run_uniform(shape, p, 0.3, 8, seed, 1000);
        auto b = run_uniform(shape, p, 0.3, 8, seed, 1000);
        p.always_clocked = true;
        auto c = run_uniform(shape, p, 0.3, 8, seed, 1000);
        REQUIRE(a.ok());
        REQUIRE(a.arrival_digest.size() > 50);
        REQUIRE(a.arrival_digest == b.arrival_digest);
        for (std::size_t i = 0; i < std::min(a.arrival_digest.size(), c.arrival_digest.size()); ++i)
            if (a.arrival_digest[i] != c.arrival_digest[i]) {
                INFO("first difference at "
                     << i << ": message " << a.arrival_digest[i][0] << " node "
                     << a.arrival_digest[i][1] << " cycle " << a.arrival_digest[i][2]
                     << " vs message " << c.arrival_digest[i][0] << " node "
                     << c.arrival_digest[i][1] << " cycle " << c.arrival_digest[i][2]);
                INFO("messages " << a.messages_sent << " vs " << c.messages_sent << ", cycles "
                                 << a.cycles << " vs " << c.cycles << ", ok " << a.ok() << c.ok()
                                 << " problems " << c.problems.size());
                CHECK(false);
                break;
            }
        REQUIRE(a.arrival_digest == c.arrival_digest);
        REQUIRE(a.cycles == c.cycles);
        REQUIRE(a.link_flits == c.link_flits);
        // Routers asleep with a blocked worm count the cycles they slept through.
        REQUIRE(blocked_cycles(a) == blocked_cycles(c));
        REQUIRE(sum(blocked_cycles(a)) > 0);
        // The activity-driven run evaluated routers in fewer cycles than there were router-cycles.
        REQUIRE(a.active_router_cycles < c.active_router_cycles);
        REQUIRE(c.active_router_cycles >= c.cycles * c.routers);
    }
}

TEST_CASE("the watchdog stops a deadlocked torus without datelines and names the cycle",
          "[network][watchdog]") {
    // A unidirectional-ish pattern on a ring: every node sends long worms 3 hops ahead, so the
    // worms close a cycle of channels around the wrap-around link with one VC.
    const auto shape = mesh::MeshShape::parse("6", true);
    NetworkParams p;
    p.vcs = 1;
    p.buffer_depth = 1;
    p.watchdog_cycles = 200;
    std::vector<ScheduledSend> sends;
    for (NodeId n = 0; n < 6; ++n)
        sends.push_back(ScheduledSend{1, n, {(n + 3) % 6 == n ? 0 : (n + 2) % 6}, 40, true});
    RunOptions o;
    o.drain_limit = 20000;
    auto r = run_mesh(shape, p, sends, o, /*dateline=*/false);
    REQUIRE(r.deadlock);
    REQUIRE(r.deadlock_cycle < 2000);
    REQUIRE_THAT(r.deadlock_report, Catch::Contains("wait-for cycle"));
    REQUIRE_THAT(r.deadlock_report, Catch::Contains("holds"));
    REQUIRE_THAT(r.deadlock_report, Catch::Contains("no credit"));
    // The same traffic with dateline VCs completes.
    p.vcs = 2;
    auto ok = run_mesh(shape, p, sends, o, /*dateline=*/true);
    REQUIRE(ok.ok());
}

TEST_CASE("a VCD trace holds the link signals with value changes", "[network][vcd]") {
    const std::string path = (std::filesystem::temp_directory_path() /
                              ("wormcast_trace_" + std::to_string(::getpid()) + ".vcd"))
                                 .string();
    std::remove(path.c_str());
    NetworkParams p;
    RunOptions o;
    o.vcd_path = path;
    o.trace_routers = {5};
    auto r = run_mesh(mesh::MeshShape::parse("3x3", false), p,
                      {ScheduledSend{2, 3, {5}, 6, true}, ScheduledSend{4, 1, {7}, 6, true}}, o);
    REQUIRE(r.ok());
    std::ifstream in(path);
    REQUIRE(in.good());
    std::stringstream text;
    text << in.rdbuf();
    const std::string vcd = text.str();
    REQUIRE_THAT(vcd, Catch::Contains("$var"));
    // Router 5 is r2_1: its link from router r1_1 (port 1 = x+) carries both worms.
    REQUIRE_THAT(vcd, Catch::Contains("$scope module r1_1_o1__r2_1_i0 $end"));
    REQUIRE_THAT(vcd, Catch::Contains("$scope module nic5_cons0 $end"));
    REQUIRE_THAT(vcd, Catch::Contains("valid"));
    REQUIRE_THAT(vcd, Catch::Contains("kind [2:0]"));
    REQUIRE_THAT(vcd, Catch::Contains("credit [31:0]"));
    // Count value changes after the header: time stamps and 1-bit changes.
    const auto body = vcd.substr(vcd.find("$enddefinitions"));
    std::size_t stamps = 0, pos = 0;
    while ((pos = body.find("\n#", pos + 1)) != std::string::npos) ++stamps;
    REQUIRE(stamps > 10);
    std::remove(path.c_str());
}
