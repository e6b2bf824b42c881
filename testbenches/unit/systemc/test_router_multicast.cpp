// Cycle-level tests of the router's multicast mechanisms on a single switch (Libeskind-Hadas et
// al. §3.2, Varavithya & Mohapatra §3-4): replication, bubbles on a blocked branch, OCRQ order,
// the unsafe non-atomic mode's single-switch deadlock, token waits; and a VCD showing bubbles.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "systemc/Kernel.hpp"
#include "testbenches/unit/systemc/RouterBench.hpp"

using namespace wormcast;
using namespace wormcast::test;
using namespace sc_core;

namespace {

std::vector<Flit> real_flits(const std::vector<Seen>& seen) {
    std::vector<Flit> out;
    for (const auto& s : seen)
        if (!s.flit.is_bubble()) out.push_back(s.flit);
    return out;
}

std::size_t bubbles(const std::vector<Seen>& seen) {
    std::size_t n = 0;
    for (const auto& s : seen) n += s.flit.is_bubble();
    return n;
}

/// The worm a branch must see: the same flits with the header masked to the branch's output.
std::vector<Flit> expected_branch(const std::vector<Flit>& worm, const HeaderFormat& f, PortId q,
                                  unsigned payload) {
    auto header = encode_header(Header::bit_string(f.nodes, {q}), f);
    std::vector<Flit> out = worm;
    for (std::size_t i = 0; i < header.size(); ++i) out[i].data = header[i];
    (void)payload;
    return out;
}

/// Runs one tree worm through a 2-output switch with output 0 held back for `hold` cycles.
std::pair<std::vector<Seen>, std::vector<Seen>> blocked_branch_run(unsigned hold) {
    fresh_kernel();
    auto cfg = bench_config(1, 2, 4);
    RouterBench& bench = *new RouterBench(
        "bench", cfg, std::make_unique<BitPortRouting>(2, false));  // lives as long as its kernel
    bench.to_send[0] = make_worm(7, Header::bit_string(2, {0, 1}), cfg.header_format, 30);
    bench.hold(0, 15, 15 + hold);
    sc_start(sc_time(5 * 400, SC_NS));
    return {bench.seen[0], bench.seen[1]};
}

}  // namespace

TEST_CASE("a tree worm is replicated intact to every requested output, 2..b branches",
          "[router][replication]") {
    std::mt19937_64 rng(5);
    for (PortId b : {2, 3, 4, 6})
        for (unsigned depth : {1u, 4u}) {
            fresh_kernel();
            auto cfg = bench_config(2, b, depth);
            RouterBench& bench = *new RouterBench(
                "bench", cfg,
                std::make_unique<BitPortRouting>(b, false));  // lives as long as its kernel
            std::vector<NodeId> outs;
            for (NodeId q = 0; q < b; ++q)
                if (rng() % 2) outs.push_back(q);
            while (outs.size() < 2) outs = {0, static_cast<NodeId>(b - 1)};
            const auto worm = make_worm(3, Header::bit_string(b, outs), cfg.header_format, 12);
            bench.to_send[1] = worm;
            sc_start(sc_time(5 * 300, SC_NS));
            INFO("b=" << b << " depth=" << depth);
            for (PortId q = 0; q < b; ++q) {
                const bool wanted = std::find(outs.begin(), outs.end(), q) != outs.end();
                if (!wanted) {
                    REQUIRE(bench.seen[q].empty());
                    continue;
                }
                REQUIRE(bubbles(bench.seen[q]) == 0);  // no branch was ever blocked
                REQUIRE(real_flits(bench.seen[q]) ==
                        expected_branch(worm, cfg.header_format, q, 12));
                // Lockstep: every branch sees each flit in the same cycle.
                for (std::size_t i = 0; i < bench.seen[q].size(); ++i)
                    REQUIRE(bench.seen[q][i].cycle == bench.seen[outs[0]][i].cycle);
            }
        }
}

TEST_CASE("a branch blocked for k cycles costs exactly k bubbles on the other branch",
          "[router][bubbles]") {
    std::size_t previous_bubbles = 0;
    for (unsigned hold : {0u, 6u, 11u, 25u}) {
        auto [blocked, free] = blocked_branch_run(hold);
        const auto cfg = bench_config(1, 2, 4);
        const auto worm = make_worm(7, Header::bit_string(2, {0, 1}), cfg.header_format, 30);
        INFO("hold " << hold);
        // The blocked branch resumes with the right flit: its real flits are the whole worm.
        REQUIRE(real_flits(blocked) == expected_branch(worm, cfg.header_format, 0, 30));
        REQUIRE(real_flits(free) == expected_branch(worm, cfg.header_format, 1, 30));
        REQUIRE(bubbles(blocked) == 0);
        // Real flits leave on both branches in the same cycles.
        std::vector<Cycle> real_a, real_b;
        for (const auto& s : blocked) real_a.push_back(s.cycle);
        for (const auto& s : free)
            if (!s.flit.is_bubble()) real_b.push_back(s.cycle);
        REQUIRE(real_a == real_b);
        // Every cycle in which the blocked branch got nothing, the free branch got a bubble.
        std::size_t missing = 0;
        for (std::size_t i = 1; i < real_a.size(); ++i) missing += real_a[i] - real_a[i - 1] - 1;
        REQUIRE(bubbles(free) == missing);
        if (hold == 0) REQUIRE(bubbles(free) == 0);
        // Holding the credits k more cycles adds exactly k bubbles.
        if (hold == 11) REQUIRE(bubbles(free) == previous_bubbles + 5);
        if (hold == 25) REQUIRE(bubbles(free) == previous_bubbles + 14);
        previous_bubbles = bubbles(free);
    }
}

TEST_CASE("OCRQs serve competing worms in the order they were routed", "[router][ocrq]") {
    fresh_kernel();
    auto cfg = bench_config(3, 2, 4);
    RouterBench& bench = *new RouterBench(
        "bench", cfg, std::make_unique<BitPortRouting>(2, false));  // lives as long as its kernel
    const auto f = cfg.header_format;
    // Output 0 is busy with a long worm from input 0; a unicast from input 2 (cycle 3) and then a
    // tree worm from input 1 (cycle 5) queue for it. A round-robin arbiter would now favour
    // input 1; the OCRQ serves input 2 first, and the tree worm takes both outputs at once after.
    bench.to_send[0] = make_worm(10, Header::unicast(0), f, 20);
    bench.to_send[2] = make_worm(30, Header::unicast(0), f, 6);
    bench.start[2] = 3;
    bench.to_send[1] = make_worm(20, Header::bit_string(2, {0, 1}), f, 6);
    bench.start[1] = 5;
    sc_start(sc_time(5 * 200, SC_NS));
    auto heads = [&](PortId q) {
        std::vector<std::pair<MessageId, Cycle>> order;
        for (const auto& s : bench.seen[q])
            if (s.flit.is_head()) order.emplace_back(s.flit.message, s.cycle);
        return order;
    };
    const auto out0 = heads(0), out1 = heads(1);
    REQUIRE(out0.size() == 3);
    REQUIRE(out0[0].first == 10);
    REQUIRE(out0[1].first == 30);
    REQUIRE(out0[2].first == 20);
    // Output 1 was free all along, yet the tree worm waited to head both queues.
    REQUIRE(out1.size() == 1);
    REQUIRE(out1[0].first == 20);
    REQUIRE(out1[0].second == out0[2].second);
    REQUIRE(bubbles(bench.seen[0]) == 0);
}

TEST_CASE("the unsafe non-atomic mode deadlocks on Fig. 6(a) and atomic OCRQs do not",
          "[router][deadlock]") {
    for (bool atomic : {false, true}) {
        fresh_kernel();
        auto cfg = bench_config(2, 2, 1);
        cfg.atomic_ocrq = atomic;
        // Two worms arrive together and list the same two outputs in opposite orders.
        RouterBench& bench =
            *new RouterBench("bench", cfg, std::make_unique<BitPortRouting>(2, /*rotate=*/true),
                             100);  // lives as long as its kernel
        bench.to_send[0] = make_worm(1, Header::bit_string(2, {0, 1}), cfg.header_format, 6);
        bench.to_send[1] = make_worm(2, Header::bit_string(2, {0, 1}), cfg.header_format, 6);
        sc_start(sc_time(5 * 2000, SC_NS));
        INFO((atomic ? "atomic" : "unsafe"));
        if (!atomic) {
            REQUIRE(bench.watchdog->fired());
            REQUIRE_THAT(bench.watchdog->report(), Catch::Contains("deadlock"));
            // Each worm holds one output and waits for the other.
            const auto waits = bench.router->waits();
            REQUIRE(waits.size() == 2);
            for (const auto& w : waits) {
                REQUIRE(w.state == VcState::Waiting);
                REQUIRE(w.wants.size() == 1);
                REQUIRE(w.wants[0].owners.size() >= 1);
                REQUIRE(w.wants[0].owners[0].first != w.in_port);
            }
        } else {
            REQUIRE_FALSE(bench.watchdog->fired());
            REQUIRE(real_flits(bench.seen[0]).size() == 2 * 7);
            REQUIRE(real_flits(bench.seen[1]).size() == 2 * 7);
        }
    }
}

TEST_CASE("token ring: acquire on arrival, hold, release, passing delay", "[token]") {
    TokenRing ring(4, 3,
                   TokenModel::Ring);  // token leaves stop 0 at cycle 0: stop 1 at 3, 2 at 6...
    ring.request(2, 0);
    REQUIRE_FALSE(ring.held_by(2, 5));
    REQUIRE(ring.held_by(2, 6));
    ring.request(3, 7);
    REQUIRE_FALSE(ring.held_by(3, 30));  // held by 2 until released
    ring.release(2, 30);
    REQUIRE_FALSE(ring.held_by(3, 32));
    REQUIRE(ring.held_by(3, 33));  // one hop: 3 cycles
    REQUIRE(ring.stats(3).wait_cycles == 33 - 7);
    ring.release(3, 40);
    // A request at the cycle the token arrives is too late for that arrival: a whole lap.
    ring.request(0, 43);
    REQUIRE_FALSE(ring.held_by(0, 43));
    REQUIRE(ring.held_by(0, 55));
    REQUIRE_THROWS_AS(ring.release(1, 56), ModelError);

    TokenRing avg(8, 2, TokenModel::Average);  // fixed wait 2·8/2 = 8 cycles
    REQUIRE(avg.average_wait() == 8);
    avg.request(5, 10);
    avg.request(1, 10);  // same cycle: the lower stop number goes first
    REQUIRE_FALSE(avg.held_by(1, 17));
    REQUIRE(avg.held_by(1, 18));
    avg.release(1, 25);
    REQUIRE(avg.held_by(5, 26));
    REQUIRE(TokenRing(1, 5, TokenModel::Average).average_wait() == 0);
}

TEST_CASE(
    "a tree operation waits for the token and releases it after B(n-k) flits, and unicasts never "
    "wait",
    "[router][token]") {
    const unsigned pass = 4, stops = 3, release = 5;
    auto run = [&](bool tree, bool second) {
        fresh_kernel();
        auto cfg = bench_config(2, 4, 4);
        static std::unique_ptr<TokenRing> ring;
        ring = std::make_unique<TokenRing>(stops, pass, TokenModel::Ring);
        cfg.token_ring = ring.get();
        cfg.token_stop = 0;  // the token reaches stop 0 first at cycle stops*pass = 12
        cfg.token_release_flits = release;
        RouterBench& bench = *new RouterBench(
            "bench", cfg,
            std::make_unique<BitPortRouting>(4, false));  // lives as long as its kernel
        const auto f = cfg.header_format;
        bench.to_send[0] =
            make_worm(1, tree ? Header::bit_string(4, {0, 1}) : Header::unicast(0), f, 20);
        if (second) bench.to_send[1] = make_worm(2, Header::bit_string(4, {2, 3}), f, 4);
        sc_start(sc_time(5 * 300, SC_NS));
        return std::make_tuple(bench.seen[0], bench.seen[1], bench.seen[2], ring->stats(0));
    };
    // Unicast: sent at 1, in the router at 2, routed by 2 + t_node = 3, crosses in cycle 3 and is
    // seen at 3 + t_sw + t_phy = 5.
    auto [u0, u1, u2, us] = run(false, false);
    REQUIRE(u0.front().cycle == 5);
    REQUIRE(us.grants == 0);
    REQUIRE(u1.empty());
    REQUIRE(u2.empty());
    // Tree: routed by cycle 3, waits for the token, which first reaches stop 0 at cycle 12.
    auto [t0, t1, t2, ts] = run(true, false);
    REQUIRE(t0.front().cycle == 12 + 2);
    REQUIRE(t1.front().cycle == 12 + 2);
    REQUIRE(ts.grants == 1);
    REQUIRE(ts.wait_cycles == 12 - 3);
    REQUIRE(t2.empty());
    // Two tree worms on disjoint outputs: the second waits until the first has forwarded
    // `release` flits (cycles 12..16, released at 16, long before its tail), then a whole lap of
    // the ring (3 stops x 4 cycles) for the token to come back.
    auto [s0, s1, s2, ss] = run(true, true);
    REQUIRE(ss.grants == 2);
    REQUIRE_FALSE(s2.empty());
    REQUIRE(s2.front().flit.is_head());
    REQUIRE(s2.front().flit.message == 2);
    REQUIRE(s2.front().cycle == 16 + stops * pass + 2);
    REQUIRE(s0.back().cycle > s2.front().cycle);  // the first worm was still streaming
    REQUIRE(s1.size() == s0.size());
}

TEST_CASE("a VCD of a replicating switch with a blocked branch shows the bubbles",
          "[router][vcd][bubbles]") {
    fresh_kernel();
    auto cfg = bench_config(1, 2, 4);
    RouterBench& bench = *new RouterBench(
        "bench", cfg, std::make_unique<BitPortRouting>(2, false));  // lives as long as its kernel
    bench.to_send[0] = make_worm(7, Header::bit_string(2, {0, 1}), cfg.header_format, 30);
    bench.hold(0, 15, 30);
    const std::string base = (std::filesystem::temp_directory_path() /
                              ("wormcast_bubbles_" + std::to_string(::getpid())))
                                 .string();
    sc_trace_file* tf = sc_create_vcd_trace_file(base.c_str());
    bench.trace(tf);
    sc_start(sc_time(5 * 300, SC_NS));
    sc_close_vcd_trace_file(tf);
    const std::size_t expected = bubbles(bench.seen[1]);
    REQUIRE(expected > 0);
    // Parse the VCD: find the identifier of out1.flit.kind and count the cycles it shows 5
    // (bubble).
    std::ifstream in(base + ".vcd");
    REQUIRE(in.good());
    std::string line, kind_id, valid_id;
    std::string scope;
    while (std::getline(in, line)) {
        std::istringstream w(line);
        std::string tok, type, width, id, ref;
        w >> tok;
        if (tok == "$var") {
            w >> type >> width >> id >> ref;
            if (ref == "kind" && scope == "out1.flit") kind_id = id;
        } else if (tok == "$scope") {
            std::string module, s;
            w >> module >> s;
            scope = scope.empty() || s == "out1.flit" ? s : scope;
            if (s == "flit") scope = "out1.flit";
        }
        if (tok == "$enddefinitions") break;
    }
    REQUIRE_FALSE(kind_id.empty());
    // Value changes of the kind signal: "b101 <id>" is a bubble; consecutive bubbles on a valid
    // wire show as one change, so compare against the bubble runs seen by the sink.
    std::size_t bubble_changes = 0;
    while (std::getline(in, line))
        if (line == "b101 " + kind_id) ++bubble_changes;
    std::size_t runs = 0;
    for (std::size_t i = 0; i < bench.seen[1].size(); ++i)
        if (bench.seen[1][i].flit.is_bubble() &&
            (i == 0 || !bench.seen[1][i - 1].flit.is_bubble() ||
             bench.seen[1][i - 1].cycle + 1 != bench.seen[1][i].cycle))
            ++runs;
    REQUIRE(bubble_changes > 0);
    REQUIRE(bubble_changes == runs);
    std::remove((base + ".vcd").c_str());
}
