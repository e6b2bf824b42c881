// Multicast patterns run by one scheme's NIC firmware on the cycle-accurate network: all requests
// submitted at once, in the start-up-only mode (a start-up dwarfs every network latency, so the
// pattern latency counts start-up steps) or with any other parameters. Pattern files (JSON) and
// the step counts' JSON use the topology's own node names.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "systemc/NetworkSpec.hpp"
#include "systemc/pure/Firmware.hpp"
#include "systemc/pure/StartupStepModel.hpp"
#include "testbenches/sim/Runner.hpp"
#include "topologies/TopologyFamily.hpp"

namespace wormcast::sim {

/// The network parameters of the start-up-only mode: t_s so large that network latency never
/// reaches half a start-up (steps = round(latency / t_s)), path worms enabled.
NetworkParams startup_only_params(unsigned consumption_channels);

/// The network of `topology` whose NICs run `scheme` (with the family's scheme options), after
/// the scheme's checks of the parameters (ConfigError naming the key and the reason).
NetworkSpec scheme_network(const Topology& topology, const std::string& scheme,
                           const OptionValues& options, const NetworkParams& params);

/// The firmware of `scheme` on `topology`, checked against the parameters.
std::function<std::unique_ptr<Firmware>(NodeId)> scheme_firmware(const Topology& topology,
                                                                 const std::string& scheme,
                                                                 const OptionValues& options,
                                                                 const NetworkParams& params);

/// Runs every request of `pattern` at once (all submitted in cycle 0) on this network.
RunResult run_pattern(NetworkSpec spec, const NetworkParams& params,
                      const std::vector<MulticastRequest>& pattern, std::uint64_t seed = 1);

/// Steps of a start-up-only run: round(pattern latency / t_s).
std::uint32_t startup_steps(const RunResult& result, const NetworkParams& params);

/// A pattern file: {"multicasts":[{"source":NODE,"destinations":[NODE,...]},...]}, nodes in the
/// topology's JSON form (Topology::node_json). Requests are numbered in file order.
std::vector<MulticastRequest> read_pattern(const Topology& topology, const std::string& text,
                                           std::uint32_t length = 1);

/// {"steps":S,"startups_per_node":{"NODE":n,...},"max_startups":m} (nodes with start-ups only).
nlohmann::ordered_json steps_json(const Topology& topology, const StepModelResult& result);

}  // namespace wormcast::sim
