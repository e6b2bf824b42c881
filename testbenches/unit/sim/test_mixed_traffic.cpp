// Mixed unicast/multicast traffic of the MIN paper's §5: arrival rates from the normalised load
// formula, multicast sizes, destinations, warm-up and seeding.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <set>

#include "testbenches/traffic/MixedTraffic.hpp"

using namespace wormcast;

namespace {

MixedTraffic paper_like(std::uint32_t nodes) {
    MixedTraffic t = MixedTraffic::for_nodes(nodes);
    t.traffic = 0.2;
    t.multicast_ratio = 0.5;
    t.buffer_time = 64.0 * 3;       // a 64-flit message through 3 switches
    t.total_buffers = 3 * 8 * 4.0;  // 3 stages of 8 switches... any positive size will do
    t.messages = 60000;
    t.warmup = 10000;
    return t;
}

}  // namespace

TEST_CASE("mixed traffic: the inter-arrival times are the paper's formulas", "[traffic]") {
    MixedTraffic t = paper_like(64);
    // T_arru = B_m N / (B_t Traffic (1 - M_p)), T_arrm = B_m M_c N / (B_t Traffic M_p).
    REQUIRE(t.unicast_interarrival(64) == Approx(192.0 * 64 / (96.0 * 0.2 * 0.5)));
    REQUIRE(t.multicast_interarrival(64) == Approx(192.0 * 32 * 64 / (96.0 * 0.2 * 0.5)));
    t.multicast_ratio = 0.0;
    REQUIRE(std::isinf(t.multicast_interarrival(64)));
    t.multicast_ratio = 1.0;
    REQUIRE(std::isinf(t.unicast_interarrival(64)));
}

TEST_CASE("mixed traffic: measured rates, sizes and destinations match the definition",
          "[traffic][property]") {
    for (std::uint32_t nodes : {16u, 64u, 256u})
        for (double ratio : {0.5, 0.2}) {
            MixedTraffic t = paper_like(nodes);
            t.multicast_ratio = ratio;
            const auto sends = mixed_schedule(t, nodes, 11);
            REQUIRE(sends.size() == t.messages);
            std::uint64_t unicasts = 0, multicasts = 0, measured = 0;
            double size_sum = 0, size_sq = 0;
            Cycle previous = 0;
            for (const auto& s : sends) {
                REQUIRE(s.at >= previous);  // sorted
                previous = s.at;
                REQUIRE(s.source < nodes);
                REQUIRE(s.length == t.length);
                REQUIRE(!s.destinations.empty());
                const std::set<NodeId> distinct(s.destinations.begin(), s.destinations.end());
                REQUIRE(distinct.size() == s.destinations.size());
                REQUIRE(distinct.count(s.source) == 0);
                REQUIRE(*distinct.rbegin() < nodes);
                if (s.destinations.size() == 1) {
                    ++unicasts;
                } else {
                    ++multicasts;
                    size_sum += s.destinations.size();
                    size_sq += double(s.destinations.size()) * s.destinations.size();
                }
                measured += s.measured;
            }
            REQUIRE(measured == t.messages - t.warmup);
            // Rates: messages of each kind over the whole span against N / T_arr (Poisson counts
            // of thousands: a few per cent of noise; 8 % would be a wrong formula or process).
            const double span = static_cast<double>(sends.back().at);
            INFO(nodes << " nodes, M_p " << ratio);
            REQUIRE(unicasts / span == Approx(nodes / t.unicast_interarrival(nodes)).epsilon(0.08));
            REQUIRE(multicasts / span ==
                    Approx(nodes / t.multicast_interarrival(nodes)).epsilon(0.08));
            // Sizes: normal(N/2, N/4) clamped to 2..N-1 keeps the mean near N/2 (the clamping
            // is symmetric) and the deviation a little below N/4.
            const double mean = size_sum / multicasts;
            const double sd = std::sqrt(size_sq / multicasts - mean * mean);
            REQUIRE(mean == Approx(nodes / 2.0).epsilon(0.1));
            REQUIRE(sd < nodes / 4.0 * 1.05);
            REQUIRE(sd > nodes / 4.0 * 0.75);
        }
}

TEST_CASE("mixed traffic: seeded, and bad parameters are refused", "[traffic]") {
    MixedTraffic t = paper_like(16);
    t.messages = 500;
    t.warmup = 100;
    const auto a = mixed_schedule(t, 16, 3);
    const auto b = mixed_schedule(t, 16, 3);
    const auto c = mixed_schedule(t, 16, 4);
    REQUIRE(a.size() == b.size());
    bool same = true, differs = false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        same = same && a[i].at == b[i].at && a[i].destinations == b[i].destinations;
        differs = differs || a[i].at != c[i].at || a[i].destinations != c[i].destinations;
    }
    REQUIRE(same);
    REQUIRE(differs);
    // Doubling the load halves the time the same number of messages takes (same draws scaled).
    MixedTraffic twice = t;
    twice.traffic = 2 * t.traffic;
    REQUIRE(static_cast<double>(mixed_schedule(twice, 16, 3).back().at) ==
            Approx(a.back().at / 2.0).margin(2));

    MixedTraffic bad = t;
    bad.traffic = 0;
    REQUIRE_THROWS_AS(mixed_schedule(bad, 16, 1), ConfigError);
    bad = t;
    bad.multicast_ratio = 1.5;
    REQUIRE_THROWS_AS(mixed_schedule(bad, 16, 1), ConfigError);
    bad = t;
    bad.warmup = bad.messages;
    REQUIRE_THROWS_AS(mixed_schedule(bad, 16, 1), ConfigError);
    bad = t;
    bad.total_buffers = 0;
    REQUIRE_THROWS_AS(mixed_schedule(bad, 16, 1), ConfigError);
    REQUIRE_THROWS_AS(mixed_schedule(t, 2, 1), ConfigError);
}

TEST_CASE("mixed traffic drawn as the run goes gives every node the listed sends",
          "[traffic][property]") {
    // mixed_plan's streams against mixed_schedule's list, node by node: the same sends in the same
    // order (cycle, destinations, length, measured), over seeds, sizes and ratios, the streams
    // taken in an order that interleaves the nodes unevenly (as hosts take them in a run).
    for (std::uint32_t nodes : {3u, 16u, 64u})
        for (double ratio : {0.0, 0.3, 1.0})
            for (std::uint64_t seed : {1u, 7u}) {
                MixedTraffic t = paper_like(nodes);
                t.multicast_ratio = ratio;
                t.messages = 3000;
                t.warmup = 500;
                INFO(nodes << " nodes, ratio " << ratio << ", seed " << seed);
                std::vector<std::vector<ScheduledSend>> listed(nodes);
                Cycle last = 0;
                for (auto& s : mixed_schedule(t, nodes, seed)) {
                    last = std::max(last, s.at);
                    s.length += static_cast<std::uint32_t>(s.destinations.size());
                    listed[s.source].push_back(std::move(s));
                }
                SendPlan plan = mixed_plan(t, nodes, seed, [](ScheduledSend& s) {
                    s.length += static_cast<std::uint32_t>(s.destinations.size());
                });
                REQUIRE(plan.streamed());
                REQUIRE(plan.last_send() == last);
                auto streams = plan.take_streams(nodes);
                std::vector<std::vector<ScheduledSend>> drawn(nodes);
                std::mt19937_64 order(seed);
                std::vector<bool> ended(nodes, false);
                for (std::uint32_t open = nodes; open > 0;) {
                    const NodeId n = static_cast<NodeId>(order() % nodes);
                    if (ended[n]) continue;
                    if (auto s = streams[n]->next()) {
                        drawn[n].push_back(std::move(*s));
                    } else {
                        ended[n] = true;
                        --open;
                    }
                }
                std::size_t total = 0;
                for (NodeId n = 0; n < nodes; ++n) {
                    REQUIRE(drawn[n].size() == listed[n].size());
                    for (std::size_t i = 0; i < drawn[n].size(); ++i) {
                        const ScheduledSend &a = drawn[n][i], &b = listed[n][i];
                        REQUIRE(a.at == b.at);
                        REQUIRE(a.source == n);
                        REQUIRE(a.destinations == b.destinations);
                        REQUIRE(a.length == b.length);
                        REQUIRE(a.measured == b.measured);
                    }
                    total += drawn[n].size();
                }
                REQUIRE(total == t.messages);
            }
    // Parameters mixed_schedule refuses, refused here too.
    MixedTraffic bad = paper_like(16);
    bad.warmup = bad.messages;
    REQUIRE_THROWS_AS(mixed_plan(bad, 16, 1), ConfigError);
    REQUIRE_THROWS_WITH(mixed_plan(paper_like(16), 16, 1).take_streams(8),
                        Catch::Contains("traffic for 16 nodes in a network of 8"));
}
