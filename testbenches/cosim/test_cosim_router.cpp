// Side-by-side co-simulation of one router (issue 6): the verilated RTL router and the SystemC
// Router of the same mesh node share random worm stimulus on every input and random back-pressure
// on every output; every output and every returned credit must be equal in every cycle.
#include <catch2/catch.hpp>

#include "testbenches/cosim/RouterPair.hpp"

using namespace wormcast;
using namespace wormcast::cosim;
using namespace wormcast::rtl;

TEST_CASE("the RTL router equals the SystemC router under random worms and random back-pressure",
          "[cosim][router]") {
    int runs = 0;
    for (const auto& model : rtl_models())
        for (const NodeId node : {0u, 6u, 15u}) {  // a corner, an inner node, the opposite corner
            // Light load and a fast drain; heavy load and slow drains: full buffers, credit stalls.
            for (const auto& [load, drain] : {std::pair{0.3, 0.9}, std::pair{0.8, 0.35}, std::pair{1.0, 0.15}}) {
                RouterPairOptions o;
                o.node = node;
                o.load = load;
                o.drain = drain;
                o.seed = 1 + static_cast<std::uint64_t>(runs);
                o.cycles = 1500;
                const RouterPairResult r = run_router_pair(model, o);
                INFO("model " << model.name << " (" << model.params.describe() << "), node " << node << ", load "
                              << load << ", drain " << drain << ", seed " << o.seed);
                INFO(r.mismatch);
                for (const auto& p : r.problems) UNSCOPED_INFO(p);
                REQUIRE(r.mismatch.empty());
                REQUIRE(r.problems.empty());
                REQUIRE(r.drained);
                REQUIRE(r.flits_in == r.flits_out);
                REQUIRE(r.flits_in > 200);  // enough traffic to mean something
                ++runs;
            }
        }
    REQUIRE(runs == static_cast<int>(9 * rtl_models().size()));
}
