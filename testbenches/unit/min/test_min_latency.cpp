// Unit tests of the ATBM token rule and contention-free latency: the paper's 2.12 us example and
// the formula on random multicasts against an independent digit-by-digit computation.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <vector>

#include "testbenches/unit/min/MinTestSupport.hpp"
#include "topologies/min/AtbmLatency.hpp"

using namespace wormcast;
using namespace wormcast::min;

TEST_CASE("token release after B*(n_eff-k) flits, average wait t_token*g/2", "[min][latency]") {
    CHECK(token_release_flits(4, 6, 3) == 12);
    CHECK(token_release_flits(1, 3, 0) == 3);
    CHECK(token_release_flits(5, 4, 3) == 5);
    CHECK_THROWS_AS(token_release_flits(1, 4, 4), ModelError);
    CHECK(average_token_wait_ns(20, 8) == 80);
    CHECK(average_token_wait_ns(20, 1) == 0);
    CHECK(average_token_wait_ns(20, 0) == 0);
    CHECK(average_token_wait_ns(20, 3) == 30);
}

TEST_CASE("the paper's example: broadcast on the 64-node BI-MIN of 8x8 switches takes 2120 ns",
          "[min][latency]") {
    const MinWiring wiring(MinShape::parse("min-bi:b=8,n=2"));
    const SwitchGrouping grouping(wiring, 1);
    std::vector<NodeId> everyone;
    for (NodeId a = 1; a < 64; ++a) everyone.push_back(a);
    const AtbmPlan plan = plan_atbm(wiring, 0, everyone);
    const AtbmTiming paper;  // 500 ns start-up, 60 ns routing, 20 ns flit and token, 64 flits
    const AtbmLatencyBreakdown result = atbm_contention_free_latency(plan, grouping, paper);
    // Forward at stage 0, turn with a tree operation at stage 1 (backward group of all 8 rows:
    // wait 20*8/2 = 80 ns = the paper's "4x20 ns"), tree operations at stage 0 in groups of one.
    CHECK(result.path_switches == 3);
    CHECK(result.token_wait_ns == 80);
    CHECK(result.latency_ns == 2120);
    CHECK(contention_free_latency_ns(paper, 3, 80) == 500 + 3 * 60 + 4 * 20 + (4 + 64) * 20);
    // b consumption channels: the turnaround stage's switches are alone in their groups.
    const SwitchGrouping all_port(wiring, 8);
    CHECK(atbm_contention_free_latency(plan, all_port, paper).latency_ns == 2040);
    // A unicast needs no token.
    const AtbmPlan unicast = plan_atbm(wiring, 0, {63});
    CHECK(atbm_contention_free_latency(unicast, grouping, paper).latency_ns == 2040);
}

TEST_CASE("contention-free ATBM latency matches the digit-wise formula on random multicasts",
          "[min][latency]") {
    std::mt19937_64 rng(5150);
    const std::vector<std::pair<std::uint32_t, std::uint32_t>> sizes = {
        {2, 2}, {2, 4}, {2, 6}, {2, 8}, {4, 2}, {4, 3}, {4, 4}, {8, 2}, {8, 3}, {3, 4}};
    for (const MinKind kind : {MinKind::Unidirectional, MinKind::Bidirectional})
        for (const auto& [b, n] : sizes) {
            const MinWiring wiring(MinShape{kind, b, n});
            const MinShape& shape = wiring.shape();
            const MinReachTable table(wiring);
            for (const std::uint32_t channels : {std::uint32_t{1}, b}) {
                const SwitchGrouping grouping(wiring, channels);
                for (int trial = 0; trial < 25; ++trial) {
                    AtbmTiming timing;
                    timing.startup_ns = static_cast<double>(100 + rng() % 1000);
                    timing.routing_ns = static_cast<double>(10 + rng() % 100);
                    timing.flit_ns = static_cast<double>(1 + rng() % 40);
                    timing.token_passing_ns = static_cast<double>(1 + rng() % 40);
                    timing.message_flits = static_cast<std::uint32_t>(1 + rng() % 256);
                    const NodeId source = static_cast<NodeId>(rng() % shape.nodes());
                    const std::vector<NodeId> destinations =
                        testing::random_destinations(shape.nodes(), source, rng);
                    INFO(shape.name() << " channels " << channels << " source " << source
                                      << " destinations " << destinations.size());

                    // Independent computation. The worm reaching d at a tree stage carries the
                    // destinations of d's address block; it splits iff they differ in the digit
                    // that stage decides. Group sizes are the closed forms of §3.
                    std::uint32_t switches = n;
                    std::uint32_t top = n - 1;  // UNI decides digit n-1-j at stage j
                    if (kind == MinKind::Bidirectional) {
                        top = 0;
                        for (NodeId d : destinations)
                            for (std::uint32_t t = 0; t < n; ++t)
                                if (shape.digit(d, t) != shape.digit(source, t))
                                    top = std::max(top, t);
                        switches = 2 * top + 1;
                    }
                    double worst_wait = 0;
                    for (NodeId d : destinations) {
                        double wait = 0;
                        for (std::uint32_t digit = 0; digit <= top; ++digit) {
                            // UNI: stage j = n-1-digit; BI: backward stage j = digit.
                            const std::uint32_t block = shape.power(digit + 1);
                            std::set<std::uint32_t> branches;
                            for (NodeId e : destinations)
                                if (e / block == d / block) branches.insert(shape.digit(e, digit));
                            if (branches.size() < 2) continue;
                            // Group exponent: UNI stage j -> n-1-j = digit; BI stage j -> j =
                            // digit.
                            const bool grouped = channels == 1 || digit >= 1;
                            const std::uint32_t group =
                                grouped ? shape.power(channels == 1 ? digit : digit - 1) : 0;
                            wait += average_token_wait_ns(timing.token_passing_ns, group);
                        }
                        worst_wait = std::max(worst_wait, wait);
                    }
                    const double expected = timing.startup_ns + timing.routing_ns * switches +
                                            worst_wait +
                                            (switches + 1 + timing.message_flits) * timing.flit_ns;

                    const AtbmPlan plan = plan_atbm(wiring, table, source, destinations);
                    const AtbmLatencyBreakdown result =
                        atbm_contention_free_latency(plan, grouping, timing);
                    CHECK(result.path_switches == switches);
                    CHECK(result.token_wait_ns == Approx(worst_wait));
                    CHECK(result.latency_ns == Approx(expected));
                }
            }
        }
}
