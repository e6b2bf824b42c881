// Mesh multicast runs (see MeshMulticastRuns.hpp).
#include "app/MeshMulticastRuns.hpp"

#include <cmath>

#include <fmt/format.h>

#include "topologies/mesh/MeshMulticastFirmware.hpp"
#include "topologies/mesh/network/MeshNetwork.hpp"

namespace wormcast::app {

NetworkParams startup_only_params(const mesh::MeshShape& shape, unsigned consumption_channels) {
    NetworkParams p;
    p.path_worms = true;
    p.consumption_channels = consumption_channels;
    p.buffer_depth = 4;
    // Latency of a lone 1-flit message is a few cycles per hop; contention adds a few hundred at
    // most in these patterns. 10^6 cycles per start-up keeps every step's network part far below
    // half a start-up while idle cycles cost nothing to simulate.
    (void)shape;
    p.t_startup = 1000000;
    p.watchdog_cycles = 4 * p.t_startup;  // a NIC in a start-up moves no flit for t_s cycles
    return p;
}

RunResult run_mesh_pattern(const mesh::MeshMulticastConfig& config, const NetworkParams& params,
                           const std::vector<MulticastRequest>& pattern, std::uint64_t seed) {
    config.validate();
    const unsigned needed = mesh::minimum_consumption_channels(config.algorithm, config.shape.dimensions());
    if (params.consumption_channels < needed)
        throw ConfigError(fmt::format(
            "consumption_channels: {} sends path worms both ways along a line and can deadlock "
            "with {} consumption channel(s) per node; it needs one per input direction, at "
            "least {} (docs/multicast-hardware.md)",
            mesh::to_string(config.algorithm), params.consumption_channels, needed));
    NetworkSpec spec = mesh::build_mesh_network(config.shape, params);
    spec.firmware = [config](NodeId) {
        return std::make_unique<mesh::MeshMulticastFirmware>(config);
    };
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

}  // namespace wormcast::app
