// Multinode broadcast schedules run by NIC firmware on the cycle-accurate torus with all-port NICs:
// every source's message reaches every node exactly once (the delivery ledger), the NICs send
// exactly the schedule's worms, and an all-port NIC starts its sends in four directions at once.
#include <catch2/catch.hpp>

#include <random>

#include "testbenches/sim/Runner.hpp"
#include "topologies/broadcast/BroadcastFirmware.hpp"
#include "topologies/broadcast/BroadcastPlanner.hpp"
#include "topologies/mesh/network/MeshNetwork.hpp"

using namespace wormcast;
using namespace wormcast::broadcast;

namespace {

NetworkParams all_port_params() {
    NetworkParams p;
    p.vcs = 2;
    p.buffer_depth = 2;
    p.t_node = 2;
    p.t_startup = 20;
    p.all_port = true;
    p.injection_channels = 4;
    p.consumption_channels = 4;
    return p;
}

struct BroadcastRunOutcome {
    sim::RunResult result;
    std::size_t requests = 0;
    std::size_t pending = 0;  ///< sends some firmware never started
};

BroadcastRunOutcome run_schedule(const BroadcastSchedule& schedule, const NetworkParams& params) {
    NetworkSpec spec = mesh::build_mesh_network(schedule.shape, params);
    auto run = std::make_shared<const BroadcastRun>(schedule);
    // The network outlives the run (sim::run_network keeps it with its kernel), so the firmware
    // can be asked afterwards what it did not send.
    auto firmware = std::make_shared<std::vector<BroadcastFirmware*>>(schedule.shape.nodes());
    spec.firmware = [run, firmware](NodeId n) {
        auto f = std::make_unique<BroadcastFirmware>(run, n);
        (*firmware)[n] = f.get();
        return f;
    };
    BroadcastRunOutcome out;
    std::vector<ScheduledSend> sends;
    for (const auto& r : broadcast_requests(schedule))
        sends.push_back(ScheduledSend{0, r.source, r.destinations, r.length, true});
    out.requests = sends.size();
    sim::RunOptions options;
    options.drain_limit = 5'000'000;
    out.result = sim::run_network(std::move(spec), params, std::move(sends), options);
    for (const BroadcastFirmware* f : *firmware) out.pending += f->pending();
    return out;
}

std::size_t worms(const BroadcastSchedule& s) {
    std::size_t count = 0;
    for (const auto& step : s.steps) count += step.sends.size();
    return count;
}

}  // namespace

TEST_CASE("ATD, EDST and naive schedules run on the cycle-accurate torus, every message once",
          "[broadcast][network]") {
    std::mt19937_64 rng(99);
    int runs = 0;
    for (const char* size : {"5x5", "10x10"}) {
        const auto shape = mesh::MeshShape::parse(size, true);
        std::vector<std::string> algorithms{"edst", "naive"};
        for (std::uint32_t h = 1; h <= shape.radix[0]; ++h)
            if (shape.radix[0] % h == 0) algorithms.push_back("atd:h=" + std::to_string(h));
        for (const auto& algorithm : algorithms)
            for (std::uint32_t s :
                 {1u, 1 + static_cast<std::uint32_t>(rng() % shape.nodes()), shape.nodes()}) {
                if (algorithm == "naive" && s > 30) continue;  // the contention of N^2 worms
                BroadcastConfig c;
                c.shape = shape;
                parse_broadcast_algorithm(algorithm, c);
                c.message_flits = 4;
                c.sources = random_sources(shape, s, rng);
                const auto schedule = plan_broadcast(c);
                const auto out = run_schedule(schedule, all_port_params());
                INFO(size << " " << algorithm << " s " << s);
                INFO(out.result.deadlock_report);
                for (const auto& p : out.result.problems) UNSCOPED_INFO(p);
                REQUIRE(out.result.ok());
                // Every source's request (one per part) reached all other nodes exactly once.
                REQUIRE(out.result.traffic.completed == out.requests);
                REQUIRE(out.requests == s * schedule.parts());
                REQUIRE(out.pending == 0);
                REQUIRE(out.result.messages_sent == worms(schedule));
                ++runs;
            }
    }
    REQUIRE(runs >= 27);  // 4 schemes x 3 on 5x5, 6 on 10x10 but naive's larger sets
}

TEST_CASE("with start-ups dominating, a conflict-free schedule runs in about its step count",
          "[broadcast][network]") {
    // Data-driven rounds: each send waits only for what it carries and for the node's earlier
    // sends in its direction, so the run takes at most steps x t_s, plus the worms' own few
    // cycles per round (without the direction order: 23 start-ups for 22 steps here).
    std::mt19937_64 rng(5);
    const auto shape = mesh::MeshShape::parse("10x10", true);
    for (const char* algorithm : {"atd:h=5", "atd:h=2", "edst"}) {
        BroadcastConfig c;
        c.shape = shape;
        parse_broadcast_algorithm(algorithm, c);
        c.message_flits = 4;
        c.sources = random_sources(shape, 40, rng);
        const auto schedule = plan_broadcast(c);
        auto p = all_port_params();
        p.t_startup = 20000;
        p.watchdog_cycles = 4 * p.t_startup;
        const auto out = run_schedule(schedule, p);
        INFO(algorithm);
        REQUIRE(out.result.ok());
        const double steps = static_cast<double>(out.result.pattern_latency) / p.t_startup;
        REQUIRE(steps <= schedule.startups() + 0.1);
        REQUIRE(steps >= 0.5 * schedule.startups());
    }
}

TEST_CASE("an all-port NIC starts four sends in four directions together, a one-port NIC in turn",
          "[broadcast][network][nic]") {
    const auto shape = mesh::MeshShape::parse("5x5", true);
    const NodeId centre = shape.id({2, 2});
    std::vector<NodeId> neighbours;
    for (PortId q = 0; q < 4; ++q) neighbours.push_back(shape.neighbour(centre, q));
    for (bool all_port : {true, false}) {
        auto p = all_port_params();
        p.all_port = all_port;
        p.t_startup = 100;
        const std::vector<ScheduledSend> sends{ScheduledSend{0, centre, neighbours, 8, true}};
        const auto r = sim::run_network(mesh::build_mesh_network(shape, p), p, sends, {});
        INFO("all-port " << all_port);
        REQUIRE(r.ok());
        REQUIRE(r.startups_total == 4);
        // Start-ups of 100 cycles: together about 100 + the worm, in turn at least 4 x 100.
        if (all_port)
            REQUIRE(r.pattern_latency < 150);
        else
            REQUIRE(r.pattern_latency >= 400);
    }
}

TEST_CASE("all-port NICs need one injection and one consumption channel per direction",
          "[broadcast][network][nic]") {
    const auto shape = mesh::MeshShape::parse("4x4", true);
    auto p = all_port_params();
    p.injection_channels = 1;
    REQUIRE_THROWS_WITH(mesh::build_mesh_network(shape, p), Catch::Contains("all_port"));
    p = all_port_params();
    p.consumption_channels = 2;
    REQUIRE_THROWS_WITH(mesh::build_mesh_network(shape, p), Catch::Contains("4 each"));
}
