// Multicast pattern runs (see PatternRun.hpp).
#include "testbenches/sim/PatternRun.hpp"

#include <cmath>
#include <unordered_set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "systemc/pure/InputLimits.hpp"
#include "testbenches/sim/Scenario.hpp"

namespace wormcast::sim {

NetworkParams startup_only_params(unsigned consumption_channels) {
    NetworkParams p;
    p.path_worms = true;
    p.consumption_channels = consumption_channels;
    p.buffer_depth = 4;
    // Latency of a lone 1-flit message is a few cycles per hop; contention adds a few hundred at
    // most in these patterns. 10^6 cycles per start-up keeps every step's network part far below
    // half a start-up while idle cycles cost nothing to simulate.
    p.t_startup = 1000000;
    p.watchdog_cycles = 4 * p.t_startup;  // a NIC in a start-up moves no flit for t_s cycles
    return p;
}

std::function<std::unique_ptr<Firmware>(NodeId)> scheme_firmware(const Topology& topology,
                                                                 const std::string& scheme,
                                                                 const OptionValues& options,
                                                                 const NetworkParams& params) {
    std::vector<std::string> names;
    for (const MulticastScheme& s : topology.schemes(options)) {
        if (s.name == scheme) {
            s.check(params);
            if (!s.firmware)
                throw ConfigError(
                    fmt::format("--algorithm: {} plans a whole run together (a collective); "
                                "run it from a scenario (nic.multicast) or see its plan",
                                scheme));
            return s.firmware(params);
        }
        names.push_back(s.name);
    }
    throw ConfigError(fmt::format("--algorithm: '{}' is not one of {} on the {}", scheme,
                                  fmt::join(names, ", "), topology.name()));
}

NetworkSpec scheme_network(const Topology& topology, const std::string& scheme,
                           const OptionValues& options, const NetworkParams& params) {
    // Refuse a network too large to build before the work starts (run.memory_limit_mb's default).
    constexpr double kLimitMb = 8192;
    const double needed_mb = router_memory_kb(params) * topology.routers() / 1024.0;
    if (needed_mb > kLimitMb)
        throw ConfigError(fmt::format(
            "--topology: the cycle-accurate network of {} routers needs about {:.0f} MB, more "
            "than {:.0f} MB; use --model (the start-up model) or a smaller network",
            topology.routers(), needed_mb, kLimitMb));
    auto firmware = scheme_firmware(topology, scheme, options, params);
    topology.check_params(params);
    NetworkSpec spec = topology.build(params);
    spec.firmware = std::move(firmware);
    for (const MulticastScheme& s : topology.schemes(options))
        if (s.name == scheme && s.adapt_network) s.adapt_network(spec, params);
    return spec;
}

RunResult run_pattern(NetworkSpec spec, const NetworkParams& params,
                      const std::vector<MulticastRequest>& pattern, std::uint64_t seed) {
    std::vector<ScheduledSend> sends;
    for (const auto& r : pattern)
        sends.push_back(ScheduledSend{0, r.source, r.destinations, r.length, true});
    RunOptions options;
    options.seed = seed;
    options.drain_limit = 1ull << 40;
    return run_network(std::move(spec), params, std::move(sends), options);
}

std::uint32_t startup_steps(const RunResult& result, const NetworkParams& params) {
    return static_cast<std::uint32_t>(
        std::llround(static_cast<double>(result.pattern_latency) / params.t_startup));
}

std::vector<MulticastRequest> read_pattern(const Topology& topology, const std::string& text,
                                           std::uint32_t length) {
    nlohmann::json document;
    try {
        document = nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& error) {
        throw ConfigError(fmt::format("pattern: not valid JSON ({})", error.what()));
    }
    if (!document.is_object() || !document.contains("multicasts") ||
        !document["multicasts"].is_array())
        throw ConfigError("pattern: expected an object with an array \"multicasts\"");
    std::vector<MulticastRequest> requests;
    const nlohmann::json& multicasts = document["multicasts"];
    for (std::size_t i = 0; i < multicasts.size(); ++i) {
        const std::string field = fmt::format("multicasts[{}]", i);
        const nlohmann::json& entry = multicasts[i];
        if (!entry.is_object() || !entry.contains("source") || !entry.contains("destinations"))
            throw ConfigError(
                fmt::format("{}: expected an object with \"source\" and \"destinations\"", field));
        MulticastRequest request;
        request.multicast = static_cast<std::uint32_t>(i);
        request.length = length;
        request.source = topology.node_from_json(entry["source"], field + ".source");
        const nlohmann::json& destinations = entry["destinations"];
        if (!destinations.is_array() || destinations.empty())
            throw ConfigError(fmt::format("{}.destinations: expected a non-empty array", field));
        if (destinations.size() > limits::kMaxMulticastDestinations)
            throw ConfigError(
                fmt::format("{}.destinations: {} destinations, more than {} (the "
                            "limit of one multicast)",
                            field, destinations.size(), limits::kMaxMulticastDestinations));
        std::unordered_set<NodeId> seen;
        for (std::size_t j = 0; j < destinations.size(); ++j) {
            const std::string where = fmt::format("{}.destinations[{}]", field, j);
            const NodeId node = topology.node_from_json(destinations[j], where);
            if (node == request.source)
                throw ConfigError(
                    fmt::format("{}: {} is the source", where, topology.format_node(node)));
            if (!seen.insert(node).second)
                throw ConfigError(
                    fmt::format("{}: {} is listed twice", where, topology.format_node(node)));
            request.destinations.push_back(node);
        }
        requests.push_back(std::move(request));
    }
    return requests;
}

nlohmann::ordered_json steps_json(const Topology& topology, const StepModelResult& result) {
    nlohmann::ordered_json out;
    out["steps"] = result.steps;
    nlohmann::ordered_json per_node = nlohmann::ordered_json::object();
    for (NodeId node = 0; node < result.startups_per_node.size(); ++node)
        if (result.startups_per_node[node] > 0)
            per_node[topology.format_node(node)] = result.startups_per_node[node];
    out["startups_per_node"] = std::move(per_node);
    out["max_startups"] = result.max_startups;
    return out;
}

}  // namespace wormcast::sim
