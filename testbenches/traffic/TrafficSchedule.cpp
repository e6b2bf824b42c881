// Traffic schedules (see TrafficSchedule.hpp).
#include "testbenches/traffic/TrafficSchedule.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unordered_set>

#include <fmt/format.h>

#include "systemc/pure/InputLimits.hpp"

namespace wormcast {

namespace {

void check_uniform(const UniformTraffic& t, std::uint32_t nodes) {
    if (t.load <= 0.0 || t.load > 1.0)
        throw ConfigError(fmt::format("load: {} is not in (0, 1] flits/node/cycle", t.load));
    if (t.length == 0) throw ConfigError("message length must be at least 1 flit");
    if (nodes < 2) throw ConfigError("uniform traffic needs at least 2 nodes");
    if (t.multicast_ratio < 0 || t.multicast_ratio > 1)
        throw ConfigError(fmt::format("multicast ratio {} is not in [0, 1]", t.multicast_ratio));
    if (t.multicast_ratio > 0 &&
        (t.multicast_min < 2 || t.multicast_max < t.multicast_min || t.multicast_max > nodes - 1))
        throw ConfigError(fmt::format("multicast destinations {}..{} are not within 2..{}",
                                      t.multicast_min, t.multicast_max, nodes - 1));
}

/// Messages per node per cycle.
double uniform_rate(const UniformTraffic& t) {
    return t.load / t.worm_flits;
}

/// Sends of a list, in time order.
class ListSendStream : public SendStream {
  public:
    explicit ListSendStream(std::vector<ScheduledSend> sends) : sends_(std::move(sends)) {}
    std::optional<ScheduledSend> next() override {
        if (at_ == sends_.size()) return std::nullopt;
        ScheduledSend s = std::move(sends_[at_++]);
        if (at_ == sends_.size()) {  // the last: free the list
            std::vector<ScheduledSend>().swap(sends_);
            at_ = 0;
        }
        return s;
    }

  private:
    std::vector<ScheduledSend> sends_;
    std::size_t at_ = 0;
};

}  // namespace

UniformSendStream::UniformSendStream(const UniformTraffic& traffic, std::uint32_t nodes,
                                     NodeId source, std::uint64_t seed)
    : t_(traffic),
      nodes_(nodes),
      source_(source),
      end_(traffic.warmup + traffic.measure),
      rng_(seed * 0x9E3779B97F4A7C15ULL + source + 1),
      failures_((check_uniform(traffic, nodes), uniform_rate(traffic))) {
    if (t_.multicast_ratio > 0) multicast_rng_.emplace(seed * 0xD1B54A32D192ED03ULL + source_ + 1);
}

std::optional<ScheduledSend> UniformSendStream::next() {
    if (ended_) return std::nullopt;
    if (t_.process == InjectionProcess::Bernoulli) {
        // One trial per cycle with success probability `rate`: skip the failures.
        cycle_ = (first_ ? 0 : cycle_ + 1) + failures_(rng_);
        first_ = false;
    } else {
        std::exponential_distribution<double> gap(uniform_rate(t_));
        time_ += gap(rng_);
        cycle_ = static_cast<Cycle>(std::ceil(time_));
    }
    if (cycle_ >= end_) {
        ended_ = true;
        return std::nullopt;
    }
    std::uniform_int_distribution<NodeId> pick(0, nodes_ - 2);
    NodeId dst = pick(rng_);
    if (dst >= source_) ++dst;
    if (multicast_rng_ && std::bernoulli_distribution(t_.multicast_ratio)(*multicast_rng_)) {
        // Partial Fisher-Yates over the other nodes: d distinct destinations.
        std::vector<NodeId> others(nodes_ - 1);
        for (NodeId n = 0; n + 1 < nodes_; ++n) others[n] = n < source_ ? n : n + 1;
        const std::uint32_t d = std::uniform_int_distribution<std::uint32_t>(
            t_.multicast_min, t_.multicast_max)(*multicast_rng_);
        for (std::uint32_t i = 0; i < d; ++i) {
            std::uniform_int_distribution<std::size_t> at(i, others.size() - 1);
            std::swap(others[i], others[at(*multicast_rng_)]);
        }
        std::vector<NodeId> dests(others.begin(), others.begin() + d);
        std::sort(dests.begin(), dests.end());
        return ScheduledSend{cycle_, source_, std::move(dests), t_.length, cycle_ >= t_.warmup};
    }
    return ScheduledSend{cycle_, source_, {dst}, t_.length, cycle_ >= t_.warmup};
}

std::vector<ScheduledSend> uniform_schedule(const UniformTraffic& t, std::uint32_t nodes,
                                            std::uint64_t seed) {
    check_uniform(t, nodes);
    std::vector<ScheduledSend> out;
    for (NodeId src = 0; src < nodes; ++src) {
        UniformSendStream stream(t, nodes, src, seed);
        while (auto s = stream.next()) out.push_back(std::move(*s));
    }
    std::stable_sort(out.begin(), out.end(), [](const ScheduledSend& a, const ScheduledSend& b) {
        return std::tie(a.at, a.source) < std::tie(b.at, b.source);
    });
    return out;
}

SendPlan::SendPlan(std::vector<ScheduledSend> sends) : list_(std::move(sends)) {
    for (const ScheduledSend& s : list_) last_send_ = std::max(last_send_, s.at);
}

double SendPlan::sends_per_node(const UniformTraffic& traffic) {
    return uniform_rate(traffic) * static_cast<double>(traffic.warmup + traffic.measure);
}

SendPlan SendPlan::uniform(const UniformTraffic& traffic, std::uint32_t nodes, std::uint64_t seed) {
    check_uniform(traffic, nodes);
    if (!streams(traffic)) return SendPlan(uniform_schedule(traffic, nodes, seed));
    const Cycle end = traffic.warmup + traffic.measure;
    return from_streams(nodes, end > 0 ? end - 1 : 0, [traffic, nodes, seed] {
        std::vector<std::unique_ptr<SendStream>> out;
        for (NodeId n = 0; n < nodes; ++n)
            out.push_back(std::make_unique<UniformSendStream>(traffic, nodes, n, seed));
        return out;
    });
}

SendPlan SendPlan::from_streams(std::uint32_t nodes, Cycle last_send,
                                std::function<std::vector<std::unique_ptr<SendStream>>()> make) {
    SendPlan plan;
    plan.streamed_ = true;
    plan.nodes_ = nodes;
    plan.last_send_ = last_send;
    plan.make_streams_ = std::move(make);
    return plan;
}

std::vector<std::unique_ptr<SendStream>> SendPlan::take_streams(std::uint32_t nodes) {
    std::vector<std::unique_ptr<SendStream>> out;
    if (streamed_) {
        if (nodes != nodes_)
            throw ConfigError(
                fmt::format("traffic for {} nodes in a network of {}", nodes_, nodes));
        out = make_streams_();
        if (out.size() != nodes)
            throw ModelError(fmt::format("{} send streams for {} nodes", out.size(), nodes));
        return out;
    }
    std::vector<std::vector<ScheduledSend>> per_node(nodes);
    for (auto& s : list_) {
        if (s.source >= nodes)
            throw ConfigError(fmt::format("send from node {} outside the network", s.source));
        for (NodeId d : s.destinations)
            if (d >= nodes)
                throw ConfigError(fmt::format("send to node {} outside the network", d));
        per_node[s.source].push_back(std::move(s));
    }
    std::vector<ScheduledSend>().swap(list_);
    for (auto& sends : per_node) out.push_back(std::make_unique<ListSendStream>(std::move(sends)));
    return out;
}

namespace {
constexpr std::uint64_t kMaxSendCycle = 1ull << 40;
}  // namespace

std::vector<ScheduledSend> broadcast_schedule(const std::vector<NodeId>& sources,
                                              std::uint32_t nodes, std::uint32_t length) {
    if (sources.empty()) throw ConfigError("a broadcast needs at least one source");
    if (length == 0) throw ConfigError("message length must be at least 1 flit");
    std::vector<bool> seen(nodes, false);
    std::vector<ScheduledSend> out;
    for (NodeId source : sources) {
        if (source >= nodes)
            throw ConfigError(fmt::format("broadcast source {} is outside the network", source));
        if (seen[source])
            throw ConfigError(fmt::format("broadcast source {} is named twice", source));
        seen[source] = true;
        ScheduledSend send;
        send.source = source;
        send.length = length;
        for (NodeId v = 0; v < nodes; ++v)
            if (v != source) send.destinations.push_back(v);
        out.push_back(std::move(send));
    }
    return out;
}

std::vector<NodeId> random_nodes(std::uint32_t count, std::uint32_t nodes, std::uint64_t seed) {
    if (count == 0 || count > nodes)
        throw ConfigError(fmt::format("{} nodes cannot be drawn from {}", count, nodes));
    std::vector<NodeId> all(nodes);
    for (NodeId v = 0; v < nodes; ++v) all[v] = v;
    std::mt19937_64 rng(seed * 0x9E3779B97F4A7C15ULL + 0x5bd1e995ULL);
    for (std::uint32_t i = 0; i < count; ++i) {
        std::uniform_int_distribution<std::uint32_t> at(i, nodes - 1);
        std::swap(all[i], all[at(rng)]);
    }
    all.resize(count);
    std::sort(all.begin(), all.end());
    return all;
}

std::vector<ScheduledSend> read_message_file(
    const std::string& path, const std::function<NodeId(const std::string&)>& parse_node) {
    std::error_code error;
    if (!std::filesystem::is_regular_file(path, error))
        throw ConfigError(fmt::format(
            "message file '{}' {}", path,
            std::filesystem::exists(path, error) ? "is not a regular file" : "does not exist"));
    if (std::filesystem::file_size(path, error) > limits::kMaxInputFileBytes)
        throw ConfigError(fmt::format("message file '{}' is larger than {} MiB (the input limit)",
                                      path, limits::kMaxInputFileBytes >> 20));
    std::ifstream in(path);
    if (!in) throw ConfigError(fmt::format("message file '{}' cannot be read", path));
    std::vector<ScheduledSend> out;
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        const auto hash = line.find('#');
        if (hash != std::string::npos) line.erase(hash);
        std::istringstream fields(line);
        std::string cycle, source, dests, length, extra;
        if (!(fields >> cycle)) continue;
        auto fail = [&](const std::string& why) {
            throw ConfigError(fmt::format("{}:{}: {}", path, number, why));
        };
        if (!(fields >> source >> dests >> length))
            fail("expected 'CYCLE SOURCE DEST[;DEST...] LENGTH'");
        if (fields >> extra) fail(fmt::format("unexpected '{}' after the length", extra));
        ScheduledSend s;
        try {
            if (cycle.find_first_not_of("0123456789") != std::string::npos)
                fail(fmt::format("cycle '{}' is not a whole number", cycle));
            if (cycle.size() > 19 || std::stoull(cycle) > kMaxSendCycle)
                fail(fmt::format("cycle {} is beyond the last cycle a message may start ({})",
                                 cycle, kMaxSendCycle));
            if (length.find_first_not_of("0123456789") != std::string::npos || length.size() > 9)
                fail(fmt::format("length '{}' is not a whole number", length));
            s.at = std::stoull(cycle);
            s.length = static_cast<std::uint32_t>(std::stoul(length));
            if (s.length == 0) fail("length must be at least 1 flit");
            s.source = parse_node(source);
            std::istringstream ds(dests);
            std::string d;
            std::unordered_set<NodeId> named;
            while (std::getline(ds, d, ';')) {
                if (named.size() == limits::kMaxMulticastDestinations)
                    fail(fmt::format("more than {} destinations in one message (the limit)",
                                     limits::kMaxMulticastDestinations));
                const NodeId node = parse_node(d);
                if (node == s.source) fail(fmt::format("message from {} to itself", source));
                if (!named.insert(node).second) fail(fmt::format("destination {} named twice", d));
                s.destinations.push_back(node);
            }
            if (s.destinations.empty()) fail("no destination");
        } catch (const ConfigError& e) {
            const std::string what = e.what();
            if (what.rfind(path, 0) == 0) throw;
            fail(what);
        }
        out.push_back(std::move(s));
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const ScheduledSend& a, const ScheduledSend& b) { return a.at < b.at; });
    return out;
}

}  // namespace wormcast
