// Mesh multicast runs for the program (Kesavan & Panda): a multicast pattern executed by the
// NIC firmware of one algorithm on the cycle-accurate network, in the start-up-only mode of §3
// (Tables 1-6) or with the paper's timing (§5).
#pragma once

#include <vector>

#include "app/Runner.hpp"
#include "systemc/NetworkSpec.hpp"
#include "systemc/pure/Firmware.hpp"
#include "topologies/mesh/MeshMulticastAlgorithm.hpp"

namespace wormcast::app {

/// The network parameters of the start-up-only mode: t_s so large that network latency never
/// reaches half a start-up (steps = round(latency / t_s)), 1-flit messages.
NetworkParams startup_only_params(const mesh::MeshShape& shape, unsigned consumption_channels);

/// Run every request of `pattern` at once (all submitted in cycle 0) with the algorithm's firmware.
RunResult run_mesh_pattern(const mesh::MeshMulticastConfig& config, const NetworkParams& params,
                           const std::vector<MulticastRequest>& pattern, std::uint64_t seed = 1);

/// Steps of a start-up-only run: round(pattern latency / t_s).
std::uint32_t startup_steps(const RunResult& result, const NetworkParams& params);

}  // namespace wormcast::app
