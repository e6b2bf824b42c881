// MIN networks with the bare bit-string header encoding (every worm's header is the N-bit
// destination string, ceil(N / flit width) flits, unicasts included): random ATBM traffic is
// delivered exactly once at 16- and 64-bit flits, and path worms are refused.
#include <catch2/catch.hpp>

#include <random>
#include <set>

#include "testbenches/sim/Runner.hpp"
#include "testbenches/unit/min/MinTestSupport.hpp"
#include "topologies/min/network/MinNetwork.hpp"

using namespace wormcast;
using namespace wormcast::min;

TEST_CASE("bare bit-string headers: random ATBM traffic under load is delivered exactly once",
          "[min][network][header][property]") {
    int runs = 0;
    for (const char* topology :
         {"min-uni:b=4,n=2", "min-bi:b=2,n=4", "min-uni:b=8,n=2", "min-bi:b=4,n=3"}) {
        const MinShape shape = MinShape::parse(topology);
        for (const unsigned width : {16u, 64u}) {
            const unsigned header = (shape.nodes() + width - 1) / width;
            for (const unsigned depth : std::set<unsigned>{1u, header})
                for (std::uint64_t seed = 1; seed <= 2; ++seed) {
                    NetworkParams p;
                    p.tree_worms = true;
                    p.flit_width = width;
                    p.header_encoding = HeaderEncoding::BitString;
                    p.buffer_depth = depth;
                    p.consumption_channels = seed % 2 ? 1 : shape.radix;
                    p.watchdog_cycles = 5000;
                    AtbmOptions atbm;
                    atbm.model = seed % 2 ? TokenModel::Ring : TokenModel::Average;
                    std::mt19937_64 rng(seed * 100 + width + depth);
                    const auto sends = testing::random_atbm_traffic(
                        shape.nodes(), 3 * shape.nodes(), 600, 12, rng);
                    sim::RunOptions o;
                    o.seed = seed;
                    o.drain_limit = 400000;
                    const auto r = sim::run_network(build_min_network(shape, p, atbm), p, sends, o);
                    INFO(topology << " width " << width << " depth " << depth << " seed " << seed);
                    INFO(r.deadlock_report);
                    for (const auto& problem : r.problems) UNSCOPED_INFO(problem);
                    REQUIRE(r.ok());
                    REQUIRE(r.traffic.completed == sends.size());
                    ++runs;
                }
        }
    }
    // 16 nodes: one-flit headers at both widths, 2 runs each; 64 nodes: 4-flit headers at 16 bits
    // (depths 1 and 4, 4 runs), one flit at 64 bits (2 runs).
    CHECK(runs == 2 * (2 + 2) + 2 * (4 + 2));
}
