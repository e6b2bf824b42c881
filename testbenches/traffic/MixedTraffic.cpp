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

double exponential_gap(std::mt19937_64& rng, double mean) {
    return std::exponential_distribution<double>(1.0 / mean)(rng);
}

}  // namespace

MixedMerge::MixedMerge(const MixedTraffic& t, std::uint32_t nodes, std::uint64_t seed)
    : t_((validate(t, nodes), t)),
      nodes_(nodes),
      t_uni_(t.unicast_interarrival(nodes)),
      t_multi_(t.multicast_interarrival(nodes)),
      sources_(nodes),
      size_(t.mean_destinations, t.sd_destinations),
      others_(nodes - 1),
      held_(nodes) {
    for (NodeId n = 0; n < nodes; ++n) {
        Source& s = sources_[n];
        s.rng.seed(seed * 0x9E3779B97F4A7C15ULL + n + 1);
        if (std::isfinite(t_uni_)) s.next_unicast = exponential_gap(s.rng, t_uni_);
        if (std::isfinite(t_multi_)) s.next_multicast = exponential_gap(s.rng, t_multi_);
        next_.push({std::min(s.next_unicast, s.next_multicast), n});
    }
}

std::optional<ScheduledSend> MixedMerge::draw() {
    if (drawn_ >= t_.messages) return std::nullopt;
    const auto [time, n] = next_.top();
    next_.pop();
    Source& s = sources_[n];
    ScheduledSend send;
    send.at = static_cast<Cycle>(std::ceil(time));
    send.source = n;
    send.length = t_.length;
    send.measured = drawn_ >= t_.warmup;
    std::iota(others_.begin(), others_.end(), NodeId{0});
    for (NodeId& o : others_)
        if (o >= n) ++o;
    if (s.next_unicast <= s.next_multicast) {
        std::uniform_int_distribution<std::size_t> pick(0, others_.size() - 1);
        send.destinations = {others_[pick(s.rng)]};
        s.next_unicast += exponential_gap(s.rng, t_uni_);
    } else {
        const double drawn = std::round(size_(s.rng));
        const auto count =
            static_cast<std::size_t>(std::clamp(drawn, 2.0, static_cast<double>(nodes_ - 1)));
        // Partial Fisher-Yates: the first `count` of a random permutation of the others.
        for (std::size_t i = 0; i < count; ++i) {
            std::uniform_int_distribution<std::size_t> pick(i, others_.size() - 1);
            std::swap(others_[i], others_[pick(s.rng)]);
        }
        send.destinations.assign(others_.begin(), others_.begin() + static_cast<long>(count));
        std::sort(send.destinations.begin(), send.destinations.end());
        s.next_multicast += exponential_gap(s.rng, t_multi_);
    }
    ++drawn_;
    next_.push({std::min(s.next_unicast, s.next_multicast), n});
    return send;
}

std::optional<ScheduledSend> MixedMerge::next_of(NodeId n) {
    while (held_.at(n).empty()) {
        auto send = draw();
        if (!send) return std::nullopt;
        held_[send->source].push_back(std::move(*send));
    }
    ScheduledSend s = std::move(held_[n].front());
    held_[n].pop_front();
    return s;
}

std::vector<ScheduledSend> mixed_schedule(const MixedTraffic& t, std::uint32_t nodes,
                                          std::uint64_t seed) {
    MixedMerge merge(t, nodes, seed);
    std::vector<ScheduledSend> out;
    out.reserve(t.messages);
    while (auto send = merge.draw()) out.push_back(std::move(*send));
    std::stable_sort(out.begin(), out.end(), [](const ScheduledSend& a, const ScheduledSend& b) {
        return std::tie(a.at, a.source) < std::tie(b.at, b.source);
    });
    return out;
}

namespace {

/// One node's sends from a merge shared by all nodes' streams.
class MixedNodeStream : public SendStream {
  public:
    MixedNodeStream(std::shared_ptr<MixedMerge> merge, NodeId node,
                    std::function<void(ScheduledSend&)> adjust)
        : merge_(std::move(merge)), node_(node), adjust_(std::move(adjust)) {}
    std::optional<ScheduledSend> next() override {
        auto send = merge_->next_of(node_);
        if (send && adjust_) adjust_(*send);
        return send;
    }

  private:
    std::shared_ptr<MixedMerge> merge_;
    NodeId node_;
    std::function<void(ScheduledSend&)> adjust_;
};

}  // namespace

SendPlan mixed_plan(const MixedTraffic& t, std::uint32_t nodes, std::uint64_t seed,
                    std::function<void(ScheduledSend&)> adjust) {
    // A first pass finds the last send's cycle (the run is sized by it) without keeping sends.
    Cycle last = 0;
    MixedMerge probe(t, nodes, seed);
    while (auto send = probe.draw()) last = std::max(last, send->at);
    return SendPlan::from_streams(nodes, last, [t, nodes, seed, adjust = std::move(adjust)] {
        auto merge = std::make_shared<MixedMerge>(t, nodes, seed);
        std::vector<std::unique_ptr<SendStream>> out;
        for (NodeId n = 0; n < nodes; ++n)
            out.push_back(std::make_unique<MixedNodeStream>(merge, n, adjust));
        return out;
    });
}

}  // namespace wormcast
