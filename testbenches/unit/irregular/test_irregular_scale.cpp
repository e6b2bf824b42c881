// How far irregular networks scale: a measurement, not a test (hidden tag, run by hand with
// `build/wormcast_tests "[.irregular-scale]"`; docs/irregular.md quotes its output). For lattice
// networks of 256 to 4096 switches it times the partition (hop tables), building and elaborating
// the SystemC network (a run without traffic), and a run of light mixed unicast and SPAM
// multicast traffic, and checks the traffic was delivered.
#include <catch2/catch.hpp>

#include <chrono>
#include <iostream>
#include <random>

#include <fmt/format.h>

#include "IrregularTestSupport.hpp"
#include "testbenches/sim/Runner.hpp"
#include "topologies/irregular/LatticeGenerator.hpp"
#include "topologies/irregular/network/IrregularNetwork.hpp"

using namespace wormcast;
using namespace wormcast::irregular;

TEST_CASE("irregular networks: build and run times by size", "[.irregular-scale]") {
    using clock = std::chrono::steady_clock;
    auto seconds = [](clock::time_point a, clock::time_point b) {
        return std::chrono::duration<double>(b - a).count();
    };
    std::cout << "switches links depth partition_s build_s run_s cycles messages "
                 "router_cycles_per_s root_share multicast_latency delivered\n";
    for (std::uint32_t n : {256u, 1024u, 2048u, 4096u}) {
        const auto t0 = clock::now();
        LatticeParams lp;
        lp.switches = n;
        lp.seed = 1;
        auto graph = std::make_shared<const SwitchGraph>(generate_lattice(lp));
        auto partition = std::make_shared<const UpDownPartition>(graph);
        auto routing = std::make_shared<const SpamRouting>(partition);
        const auto t1 = clock::now();
        NetworkParams p;
        p.tree_worms = true;
        p.buffer_depth = 4;
        const auto idle = sim::run_network(build_irregular_network(routing, p, {}), p, {}, {});
        const auto t2 = clock::now();
        // N/4 messages over 4N cycles from random processors: 90 % unicasts, 10 % multicasts to
        // up to 16 processors, 16 payload flits each.
        std::mt19937_64 rng(1);
        const auto sends = wormcast::testing::mixed_traffic(n, n / 4, 4 * n, 0.1, 16, 16, rng);
        const auto r = sim::run_network(build_irregular_network(routing, p, {}), p, sends, {});
        const auto t3 = clock::now();
        std::uint64_t all = 0;
        for (auto f : r.link_flits) all += f;
        const double root_share =
            all ? static_cast<double>(flits_leaving(*graph, graph->root(), r.link_flits)) / all : 0;
        std::cout << fmt::format("{} {} {} {:.2f} {:.2f} {:.2f} {} {} {:.3g} {:.4f} {:.0f} {}\n", n,
                                 graph->links().size(), partition->depth(), seconds(t0, t1),
                                 seconds(t1, t2), seconds(t2, t3), r.cycles, sends.size(),
                                 r.router_cycles_per_second, root_share, r.multicast_latency.mean,
                                 r.ok() && idle.ok() ? "all" : "NOT ALL");
        CHECK(r.ok());
    }
}
