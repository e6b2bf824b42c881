// The Pareto fronts of `wormcast explore` (testbenches/sim/Explore.hpp), on random tables: a row
// on a front is dominated by no row of its workload (latency) or by no other design
// (throughput), and every row off a front is dominated by one on it; the saturation load is the
// first load at which a design's accepted throughput falls below 95 % of the offered or its latency
// passes 3x its lowest load's.
#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

#include "testbenches/sim/Explore.hpp"

using namespace wormcast::sim;

namespace {

/// Rows over axes (traffic.load, router.buffer_depth, router.vcs) with random silicon and
/// performance; area and clock depend on the design only, as in a real exploration.
std::vector<ExploreRow> random_rows(std::mt19937& rng, unsigned loads, unsigned depths,
                                    unsigned vcs) {
    std::uniform_real_distribution<double> u(0, 1);
    std::vector<ExploreRow> rows;
    std::vector<double> area(depths * vcs);
    for (auto& a : area) a = std::floor(1 + 9 * u(rng)) * 1e5;  // ties happen
    for (unsigned l = 0; l < loads; ++l)
        for (unsigned d = 0; d < depths; ++d)
            for (unsigned v = 0; v < vcs; ++v) {
                ExploreRow r;
                r.perf.values = {std::to_string(0.05 * (l + 1)), std::to_string(d + 1),
                                 std::to_string(v + 1)};
                r.perf.ok = u(rng) < 0.9 ? 1 : 0;
                r.area_um2 = area[d * vcs + v];
                r.latency_ns = std::floor(1 + 20 * u(rng)) * 100;
                r.accepted_gbps_per_node = std::floor(1 + 10 * u(rng)) / 10;
                r.perf.offered.mean = 0.05 * (l + 1);
                r.perf.accepted.mean = r.perf.offered.mean * (u(rng) < 0.8 ? 1 : 0.5);
                r.perf.latency.mean = 50 + 200 * u(rng) * l;
                rows.push_back(r);
            }
    return rows;
}

bool same_workload(const ExploreRow& a, const ExploreRow& b) {
    return a.perf.values[0] == b.perf.values[0];
}
bool same_design(const ExploreRow& a, const ExploreRow& b) {
    return a.perf.values[1] == b.perf.values[1] && a.perf.values[2] == b.perf.values[2];
}
bool latency_dominates(const ExploreRow& a, const ExploreRow& b) {
    return same_workload(a, b) && a.area_um2 <= b.area_um2 && a.latency_ns <= b.latency_ns &&
           (a.area_um2 < b.area_um2 || a.latency_ns < b.latency_ns);
}
bool throughput_dominates(const ExploreRow& a, const ExploreRow& b) {
    return !same_design(a, b) && a.area_um2 <= b.area_um2 &&
           a.design_gbps_per_node >= b.design_gbps_per_node &&
           (a.area_um2 < b.area_um2 || a.design_gbps_per_node > b.design_gbps_per_node);
}

}  // namespace

TEST_CASE("explore: Pareto fronts and saturation loads on random tables", "[explore]") {
    const std::vector<bool> traffic = {true, false, false};
    for (unsigned seed = 1; seed <= 200; ++seed) {
        std::mt19937 rng(seed);
        auto rows = random_rows(rng, 1 + seed % 4, 1 + seed % 3, 1 + (seed / 3) % 3);
        summarise_designs(rows, traffic, 0);
        mark_pareto(rows, traffic);
        INFO("seed " << seed);
        for (const auto& r : rows) {
            if (r.perf.ok == 0) {
                CHECK_FALSE(r.pareto_latency);
                CHECK_FALSE(r.pareto_throughput);
                continue;
            }
            bool lat_dominated = false, thr_dominated = false;
            bool lat_by_front = false, thr_by_front = false;
            double best = 0;
            for (const auto& o : rows) {
                if (o.perf.ok == 0) continue;
                if (same_design(o, r)) best = std::max(best, o.accepted_gbps_per_node);
                if (&o == &r) continue;
                lat_dominated = lat_dominated || latency_dominates(o, r);
                thr_dominated = thr_dominated || throughput_dominates(o, r);
                lat_by_front = lat_by_front || (o.pareto_latency && latency_dominates(o, r));
                thr_by_front = thr_by_front || (o.pareto_throughput && throughput_dominates(o, r));
            }
            CHECK(r.design_gbps_per_node == best);
            CHECK(r.pareto_latency == !lat_dominated);
            CHECK(r.pareto_throughput == !thr_dominated);
            if (!r.pareto_latency) CHECK(lat_by_front);
            if (!r.pareto_throughput) CHECK(thr_by_front);
            // Saturation: the lowest load of the design meeting the criterion, none if none does.
            std::optional<double> expected;
            double zero_load = 0, lowest = 1e9;
            for (const auto& o : rows)
                if (o.perf.ok && same_design(o, r) && std::stod(o.perf.values[0]) < lowest) {
                    lowest = std::stod(o.perf.values[0]);
                    zero_load = o.perf.latency.mean;
                }
            for (const auto& o : rows)
                if (o.perf.ok && same_design(o, r) &&
                    (o.perf.accepted.mean < 0.95 * o.perf.offered.mean ||
                     o.perf.latency.mean > 3 * zero_load) &&
                    (!expected || std::stod(o.perf.values[0]) < *expected))
                    expected = std::stod(o.perf.values[0]);
            CHECK(r.saturation_load == expected);
        }
    }
}
