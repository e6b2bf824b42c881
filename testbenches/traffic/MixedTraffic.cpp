// Mixed unicast/multicast traffic (see MixedTraffic.hpp).
#include "testbenches/traffic/MixedTraffic.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <queue>
#include <random>

#include <fmt/format.h>

namespace wormcast {

MixedTraffic MixedTraffic::for_nodes(std::uint32_t nodes) {
    MixedTraffic t;
    t.mean_destinations = nodes / 2.0;
    t.sd_destinations = nodes / 4.0;
    return t;
}

double MixedTraffic::unicast_interarrival(std::uint32_t nodes) const {
    if (multicast_ratio >= 1.0) return std::numeric_limits<double>::infinity();
    return buffer_time * nodes / (total_buffers * traffic * (1.0 - multicast_ratio));
}

double MixedTraffic::multicast_interarrival(std::uint32_t nodes) const {
    if (multicast_ratio <= 0.0) return std::numeric_limits<double>::infinity();
    return buffer_time * mean_destinations * nodes / (total_buffers * traffic * multicast_ratio);
}

namespace {

void validate(const MixedTraffic& t, std::uint32_t nodes) {
    if (nodes < 3) throw ConfigError("mixed traffic needs at least 3 nodes");
    if (!(t.traffic > 0.0)) throw ConfigError(fmt::format("traffic: {} is not > 0", t.traffic));
    if (t.multicast_ratio < 0.0 || t.multicast_ratio > 1.0)
        throw ConfigError(
            fmt::format("multicast ratio M_p: {} is not in [0, 1]", t.multicast_ratio));
    if (!(t.buffer_time > 0.0))
        throw ConfigError(fmt::format("buffer-time B_m: {} is not > 0", t.buffer_time));
    if (!(t.total_buffers > 0.0))
        throw ConfigError(fmt::format("total buffers B_t: {} is not > 0", t.total_buffers));
    if (t.multicast_ratio > 0.0 && !(t.mean_destinations >= 1.0))
        throw ConfigError(
            fmt::format("mean multicast size M_c: {} is not >= 1", t.mean_destinations));
    if (t.sd_destinations < 0.0)
        throw ConfigError(fmt::format("multicast size deviation: {} is < 0", t.sd_destinations));
    if (t.length == 0) throw ConfigError("message length must be at least 1 flit");
    if (t.messages == 0 || t.warmup >= t.messages)
        throw ConfigError(fmt::format("messages: {} with {} of warm-up leaves none to measure",
                                      t.messages, t.warmup));
}

/// One node's two arrival processes.
struct NodeSource {
    std::mt19937_64 rng;
    double next_unicast = std::numeric_limits<double>::infinity();
    double next_multicast = std::numeric_limits<double>::infinity();
};

}  // namespace

std::vector<ScheduledSend> mixed_schedule(const MixedTraffic& t, std::uint32_t nodes,
                                          std::uint64_t seed) {
    validate(t, nodes);
    const double t_uni = t.unicast_interarrival(nodes);
    const double t_multi = t.multicast_interarrival(nodes);
    auto gap = [](std::mt19937_64& rng, double mean) {
        return std::exponential_distribution<double>(1.0 / mean)(rng);
    };
    std::vector<NodeSource> sources(nodes);
    // Earliest next arrival first; ties by node, so the merge does not depend on heap order.
    using Entry = std::pair<double, NodeId>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> next;
    for (NodeId n = 0; n < nodes; ++n) {
        NodeSource& s = sources[n];
        s.rng.seed(seed * 0x9E3779B97F4A7C15ULL + n + 1);
        if (std::isfinite(t_uni)) s.next_unicast = gap(s.rng, t_uni);
        if (std::isfinite(t_multi)) s.next_multicast = gap(s.rng, t_multi);
        next.push({std::min(s.next_unicast, s.next_multicast), n});
    }
    std::normal_distribution<double> size(t.mean_destinations, t.sd_destinations);
    std::vector<NodeId> others(nodes - 1);
    std::vector<ScheduledSend> out;
    out.reserve(t.messages);
    while (out.size() < t.messages) {
        const auto [time, n] = next.top();
        next.pop();
        NodeSource& s = sources[n];
        ScheduledSend send;
        send.at = static_cast<Cycle>(std::ceil(time));
        send.source = n;
        send.length = t.length;
        send.measured = out.size() >= t.warmup;
        std::iota(others.begin(), others.end(), NodeId{0});
        for (NodeId& o : others)
            if (o >= n) ++o;
        if (s.next_unicast <= s.next_multicast) {
            std::uniform_int_distribution<std::size_t> pick(0, others.size() - 1);
            send.destinations = {others[pick(s.rng)]};
            s.next_unicast += gap(s.rng, t_uni);
        } else {
            const double drawn = std::round(size(s.rng));
            const auto count =
                static_cast<std::size_t>(std::clamp(drawn, 2.0, static_cast<double>(nodes - 1)));
            // Partial Fisher-Yates: the first `count` of a random permutation of the others.
            for (std::size_t i = 0; i < count; ++i) {
                std::uniform_int_distribution<std::size_t> pick(i, others.size() - 1);
                std::swap(others[i], others[pick(s.rng)]);
            }
            send.destinations.assign(others.begin(), others.begin() + static_cast<long>(count));
            std::sort(send.destinations.begin(), send.destinations.end());
            s.next_multicast += gap(s.rng, t_multi);
        }
        out.push_back(std::move(send));
        next.push({std::min(s.next_unicast, s.next_multicast), n});
    }
    std::stable_sort(out.begin(), out.end(), [](const ScheduledSend& a, const ScheduledSend& b) {
        return std::tie(a.at, a.source) < std::tie(b.at, b.source);
    });
    return out;
}

}  // namespace wormcast
