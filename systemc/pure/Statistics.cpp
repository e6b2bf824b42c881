// Run statistics (see Statistics.hpp).
#include "systemc/pure/Statistics.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace wormcast {

Distribution Distribution::of(std::vector<double> v) {
    Distribution d;
    d.count = v.size();
    if (v.empty()) return d;
    std::sort(v.begin(), v.end());
    d.mean = std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
    // Nearest-rank percentiles.
    auto rank = [&](double p) {
        const auto r = static_cast<std::size_t>(std::ceil(p * static_cast<double>(v.size())));
        return v[std::min(v.size() - 1, r == 0 ? 0 : r - 1)];
    };
    d.p50 = rank(0.50);
    d.p99 = rank(0.99);
    d.min = v.front();
    d.max = v.back();
    return d;
}

TrafficStats traffic_stats(const DeliveryLedger& ledger, std::uint32_t nodes, Cycle begin,
                           Cycle end) {
    TrafficStats s;
    std::vector<double> latency, queued;
    for (const auto& [id, mc] : ledger.multicasts()) {
        if (!mc.measured) continue;
        ++s.multicasts;
        if (!mc.complete()) continue;
        ++s.completed;
        latency.push_back(static_cast<double>(mc.finished() - mc.first_startup));
        queued.push_back(static_cast<double>(mc.finished() - mc.submitted));
    }
    s.latency = Distribution::of(std::move(latency));
    s.latency_with_queueing = Distribution::of(std::move(queued));
    std::uint64_t flits = 0;
    for (const auto& [id, m] : ledger.messages())
        for (const auto& [node, cycle] : m.arrived)
            if (cycle >= begin && cycle < end) flits += m.header_flits + m.length;
    if (end > begin && nodes > 0)
        s.accepted_flits_per_node_cycle =
            static_cast<double>(flits) /
            (static_cast<double>(nodes) * static_cast<double>(end - begin));
    return s;
}

}  // namespace wormcast
