// How far irregular networks scale: a measurement, not a test (hidden tag, run by hand with
// `build/wormcast_tests "[.irregular-scale]"`; docs/irregular.md quotes its output). For lattice
// networks of 256 to 2048 switches it times the partition (hop tables), the SystemC network, and
// a run of mixed unicast and SPAM multicast traffic, and checks the traffic was delivered.
#include <catch2/catch.hpp>

#include <chrono>
#include <iostream>
#include <random>

#include <fmt/format.h>

#include "IrregularTestSupport.hpp"
#include "app/Runner.hpp"
#include "topologies/irregular/LatticeGenerator.hpp"
#include "topologies/irregular/network/IrregularNetwork.hpp"

using namespace wormcast;
using namespace wormcast::irregular;

TEST_CASE("irregular networks: build and run times by size", "[.irregular-scale]") {
    using clock = std::chrono::steady_clock;
    auto seconds = [](clock::time_point a, clock::time_point b) {
        return std::chrono::duration<double>(b - a).count();
    };
    std::cout << "switches  links  depth  partition_s  run_s  cycles  messages  delivered\n";
    for (std::uint32_t n : {256u, 512u, 1024u, 2048u}) {
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
        std::mt19937_64 rng(1);
        // n messages over 2n cycles: 90 % unicasts, 10 % multicasts to up to 64 processors,
        // 16 payload flits each.
        const auto sends = wormcast::testing::mixed_traffic(n, n, 2 * n, 0.1, 64, 16, rng);
        app::RunOptions o;
        const auto r = app::run_network(build_irregular_network(routing, p, {}), p, sends, o);
        const auto t2 = clock::now();
        std::cout << fmt::format("{:8}  {:5}  {:5}  {:11.2f}  {:5.2f}  {:6}  {:8}  {}\n", n,
                                 graph->links().size(), partition->depth(), seconds(t0, t1),
                                 seconds(t1, t2), r.cycles, sends.size(),
                                 r.ok() ? "all" : "NOT ALL");
        CHECK(r.ok());
    }
}
