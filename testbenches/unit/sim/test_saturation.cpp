// The saturation rule (testbenches/sim/Saturation.hpp) on request histories made up here: one
// source served at a fixed rate, offered below, at and above it; and the backlog's bookkeeping.
#include <catch2/catch.hpp>

#include <random>

#include "testbenches/sim/Saturation.hpp"

using namespace wormcast;
using namespace wormcast::sim;

namespace {

/// `nodes` sources, each offered a `length`-flit request with probability `offered` per cycle
/// (rate in requests) and starting one every `service` cycles at best, first come first served.
std::vector<SourceRequest> queueing(std::uint32_t nodes, double offered, Cycle service,
                                    Cycle cycles, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::bernoulli_distribution arrive(offered);
    std::vector<SourceRequest> out;
    for (std::uint32_t n = 0; n < nodes; ++n) {
        Cycle free_at = 0;
        for (Cycle t = 0; t < cycles; ++t) {
            if (!arrive(rng)) continue;
            SourceRequest r;
            r.submitted = t;
            r.length = 16;
            r.started = std::max(t, free_at);
            free_at = r.started + service;
            if (r.started >= cycles) r.started = ~Cycle{0};  // still queued when the run ends
            out.push_back(r);
        }
    }
    return out;
}

}  // namespace

TEST_CASE("saturation: a load the sources can serve is not saturated, one they cannot is",
          "[saturation]") {
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        INFO("seed " << seed);
        // Served one request per 16 cycles: a capacity of 1/16 requests per cycle per source.
        const auto light = judge_saturation(queueing(16, 0.5 / 16, 16, 4000, seed), 16, 2000, 4000);
        CHECK_FALSE(light.saturated);
        CHECK(light.accepted_flits > 0);
        const auto heavy = judge_saturation(queueing(16, 2.0 / 16, 16, 4000, seed), 16, 2000, 4000);
        CHECK(heavy.saturated);
        // Offered about twice what is accepted (1 flit/node/cycle accepted at most).
        CHECK(heavy.offered_per_node_cycle() > 1.6);
        CHECK(heavy.accepted_per_node_cycle() <= 1.0);
        CHECK(heavy.words().rfind("saturated: over cycles 2000-4000", 0) == 0);
        CHECK(light.words().rfind("not saturated", 0) == 0);
    }
}

TEST_CASE(
    "saturation: the backlog at the end is the backlog at the start plus offered minus "
    "accepted",
    "[saturation]") {
    for (std::uint64_t seed = 1; seed <= 50; ++seed) {
        std::mt19937_64 rng(seed);
        const double load = std::uniform_real_distribution<double>(0.01, 0.2)(rng);
        const auto v = judge_saturation(queueing(8, load, 10, 3000, seed), 8, 1000, 3000);
        INFO("seed " << seed << " load " << load);
        CHECK(v.backlog_to + v.accepted_flits == v.backlog_from + v.offered_flits);
    }
}

TEST_CASE("saturation: a few queued requests at the end are not saturation", "[saturation]") {
    // Every source gets one request just before the end, none started: the backlog grew by one
    // message per node, more than a tenth of what was offered, but not by more than one per node.
    std::vector<SourceRequest> requests;
    for (Cycle t = 0; t < 16; ++t) requests.push_back({3990 + t % 8, ~Cycle{0}, 16});
    const auto v = judge_saturation(requests, 16, 2000, 4000);
    CHECK(v.backlog_to == 16 * 16);
    CHECK_FALSE(v.saturated);
}
