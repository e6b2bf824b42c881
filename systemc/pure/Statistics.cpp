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

void CycleHistogram::merge(const CycleHistogram& other) {
    for (const auto& [value, n] : other.counts_) counts_[value] += n;
    count_ += other.count_;
}

Distribution CycleHistogram::distribution() const {
    Distribution d;
    d.count = count_;
    if (count_ == 0) return d;
    double sum = 0.0;  // one addition per sample, in ascending order, as std::accumulate there
    for (const auto& [value, n] : counts_)
        for (std::uint64_t i = 0; i < n; ++i) sum += static_cast<double>(value);
    d.mean = sum / static_cast<double>(count_);
    auto rank = [&](double p) {
        const auto r = static_cast<std::uint64_t>(std::ceil(p * static_cast<double>(count_)));
        const std::uint64_t index = std::min(count_ - 1, r == 0 ? 0 : r - 1);
        std::uint64_t seen = 0;
        for (const auto& [value, n] : counts_) {
            seen += n;
            if (index < seen) return static_cast<double>(value);
        }
        return static_cast<double>(counts_.rbegin()->first);
    };
    d.p50 = rank(0.50);
    d.p99 = rank(0.99);
    d.min = static_cast<double>(counts_.begin()->first);
    d.max = static_cast<double>(counts_.rbegin()->first);
    return d;
}

void TrafficTally::add(const MulticastRecord& mc) {
    first_startup_ = std::min(first_startup_, mc.first_startup);
    if (mc.complete()) last_tail_ = std::max(last_tail_, mc.finished());
    for (const auto& [node, cycle] : mc.delivered) {
        delivered_destination_flits_ += mc.length;
        if (cycle >= begin_ && cycle < end_) accepted_destination_flits_ += mc.length;
    }
    if (!mc.measured) return;
    offered_destination_flits_ += std::uint64_t{mc.length} * mc.destinations.size();
    ++multicasts_;
    if (!mc.complete()) return;
    ++completed_;
    latency_.add(mc.finished() - mc.first_startup);
    (mc.destinations.size() == 1 ? startup_unicast_ : startup_multicast_)
        .add(mc.finished() - mc.first_startup);
    (mc.destinations.size() == 1 ? queued_unicast_ : queued_multicast_)
        .add(mc.finished() - mc.submitted);
}

void TrafficTally::add(const MessageRecord& m) {
    ++messages_;
    for (const auto& [node, cycle] : m.arrived)
        if (cycle >= begin_ && cycle < end_) accepted_flits_ += m.header_flits + m.length;
}

TrafficStats TrafficTally::stats(std::uint32_t nodes) const {
    TrafficStats s;
    s.multicasts = multicasts_;
    s.completed = completed_;
    s.latency = latency_.distribution();
    CycleHistogram queued = queued_unicast_;
    queued.merge(queued_multicast_);
    s.latency_with_queueing = queued.distribution();
    s.offered_destination_flits = offered_destination_flits_;
    s.accepted_destination_flits = accepted_destination_flits_;
    s.delivered_destination_flits = delivered_destination_flits_;
    if (end_ > begin_ && nodes > 0)
        s.accepted_flits_per_node_cycle =
            static_cast<double>(accepted_flits_) /
            (static_cast<double>(nodes) * static_cast<double>(end_ - begin_));
    return s;
}

TrafficStats traffic_stats(const DeliveryLedger& ledger, std::uint32_t nodes, Cycle begin,
                           Cycle end) {
    TrafficTally tally(begin, end);
    for (const auto& [id, mc] : ledger.multicasts()) tally.add(mc);
    for (const auto& [id, m] : ledger.messages()) tally.add(m);
    return tally.stats(nodes);
}

}  // namespace wormcast
