// Traffic schedules (see TrafficSchedule.hpp).
#include "testbenches/traffic/TrafficSchedule.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

namespace wormcast {

std::vector<ScheduledSend> uniform_schedule(const UniformTraffic& t, std::uint32_t nodes,
                                            std::uint64_t seed) {
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
    const double rate = t.load / t.worm_flits;  // messages per node per cycle
    const Cycle end = t.warmup + t.measure;
    std::vector<ScheduledSend> out;
    for (NodeId src = 0; src < nodes; ++src) {
        std::mt19937_64 rng(seed * 0x9E3779B97F4A7C15ULL + src + 1);
        std::uniform_int_distribution<NodeId> pick(0, nodes - 2);
        double time = 0.0;
        Cycle cycle = 0;
        bool first = true;
        std::geometric_distribution<Cycle> failures(rate);
        std::mt19937_64 multicast_rng(seed * 0xD1B54A32D192ED03ULL + src + 1);
        std::bernoulli_distribution is_multicast(t.multicast_ratio);
        std::uniform_int_distribution<std::uint32_t> fanout(t.multicast_min, t.multicast_max);
        std::vector<NodeId> others;
        while (true) {
            if (t.process == InjectionProcess::Bernoulli) {
                // One trial per cycle with success probability `rate`: skip the failures.
                cycle = (first ? 0 : cycle + 1) + failures(rng);
                first = false;
            } else {
                std::exponential_distribution<double> gap(rate);
                time += gap(rng);
                cycle = static_cast<Cycle>(std::ceil(time));
            }
            if (cycle >= end) break;
            NodeId dst = pick(rng);
            if (dst >= src) ++dst;
            if (t.multicast_ratio > 0 && is_multicast(multicast_rng)) {
                // Partial Fisher-Yates over the other nodes: d distinct destinations.
                others.resize(nodes - 1);
                for (NodeId n = 0; n + 1 < nodes; ++n) others[n] = n < src ? n : n + 1;
                const std::uint32_t d = fanout(multicast_rng);
                for (std::uint32_t i = 0; i < d; ++i) {
                    std::uniform_int_distribution<std::size_t> at(i, others.size() - 1);
                    std::swap(others[i], others[at(multicast_rng)]);
                }
                std::vector<NodeId> dests(others.begin(), others.begin() + d);
                std::sort(dests.begin(), dests.end());
                out.push_back(
                    ScheduledSend{cycle, src, std::move(dests), t.length, cycle >= t.warmup});
                continue;
            }
            out.push_back(ScheduledSend{cycle, src, {dst}, t.length, cycle >= t.warmup});
        }
    }
    std::stable_sort(out.begin(), out.end(), [](const ScheduledSend& a, const ScheduledSend& b) {
        return std::tie(a.at, a.source) < std::tie(b.at, b.source);
    });
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
            while (std::getline(ds, d, ';')) {
                const NodeId node = parse_node(d);
                if (node == s.source) fail(fmt::format("message from {} to itself", source));
                if (std::find(s.destinations.begin(), s.destinations.end(), node) !=
                    s.destinations.end())
                    fail(fmt::format("destination {} named twice", d));
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
