// Scenario files (YAML) for `wormcast run`: network, router, NIC, traffic and run sections,
// with --set overrides, strict checking (unknown keys, types, impossible values) and the
// conversion of nanosecond latencies into whole cycles (DESIGN.md §2). The network section names
// a topology family (topologies/TopologyFamily.hpp) and its keys; the parameters are read through
// their one declaration (systemc/NetworkParams.hpp).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "systemc/NetworkSpec.hpp"
#include "testbenches/sim/Runner.hpp"
#include "testbenches/traffic/TrafficSchedule.hpp"
#include "topologies/TopologyFamily.hpp"

namespace wormcast::sim {

struct Scenario {
    std::string source;         ///< file it came from
    std::string source_sha256;  ///< SHA-256 of the file's bytes (empty: not read from a file)
    std::uint64_t memory_limit_mb = 8192;  ///< run.memory_limit_mb
    std::shared_ptr<const Topology> topology;
    NetworkParams params;
    std::string traffic_kind = "uniform";
    UniformTraffic uniform;
    std::string message_file;
    /// traffic.kind broadcast: every source sends one message of traffic.length flits to every
    /// other node at cycle 0. The sources as listed (traffic.sources), or drawn at random from
    /// run.seed (traffic.random_sources, their count; 0 when listed).
    std::vector<NodeId> broadcast_sources;
    std::uint32_t random_sources = 0;
    RunOptions run;
    std::string trace_routers = "auto";
    /// Routers that are the Verilated RTL instead of the SystemC Router (network.rtl, --rtl):
    /// "none", "all" or routers as the topology names them, joined by ';' (a YAML list of
    /// routers is read into this form).
    std::string rtl = "none";
    /// How a NIC sends a message of several destinations (nic.multicast): "separate" (one
    /// unicast per destination) or one of the topology's schemes.
    std::string multicast = "separate";
    /// The scheme options the nic section sets (Topology::scheme_options: nic.groups ->
    /// "--groups"), handed to the topology's schemes.
    OptionValues multicast_options;

    /// The sends of this scenario (uniform: generated from the seed; file: read; broadcast: one
    /// per source), as a collective nic.multicast scheme rewrites them (CollectiveRun::requests).
    std::vector<ScheduledSend> schedule() const;
    /// The same sends for run_network: uniform traffic is drawn as the run goes
    /// (SendPlan::uniform), so a long run's memory does not grow with its messages.
    SendPlan send_plan() const;
    /// The sends the traffic section describes, before any collective scheme plans them.
    std::vector<ScheduledSend> traffic_sends() const;
    /// The network: the topology's, with the NIC firmware of nic.multicast and the RTL routers.
    NetworkSpec network() const;
    /// The NICs' firmware for nic.multicast; throws ConfigError when it does not fit the routers
    /// or the topology.
    std::function<std::unique_ptr<Firmware>(NodeId)> multicast_firmware() const;
    /// The topology's scheme of nic.multicast (checked); nullopt for "separate".
    std::optional<MulticastScheme> multicast_scheme() const;
    /// Router indices to trace ("auto": all routers up to 64, else router 0).
    std::vector<std::size_t> traced_routers() const;
    /// Routers that are RTL, ascending (network.rtl; empty for "none").
    std::vector<std::size_t> rtl_routers() const;
    /// Name of the verilated configuration the RTL routers use (empty without RTL routers).
    std::string rtl_model() const;
    /// The effective scenario: every section as this run uses it, after --set overrides and with
    /// every default filled in (docs/results.md, "scenario").
    nlohmann::ordered_json effective_json() const;
    /// The checks parse_scenario makes of the parameters, the multicast scheme and the RTL
    /// routers, for a scenario filled in from C++ (scenario_for); throws ConfigError.
    void check() const;

  private:
    /// The plan of a collective scheme for this scenario's traffic, made once.
    const CollectiveRun& collective_run(const MulticastScheme& scheme) const;
    mutable std::shared_ptr<const CollectiveRun> collective_;
};

/// Apply "section.key=value" overrides to a YAML document (value parsed as YAML).
void apply_overrides(YAML::Node& root, const std::vector<std::string>& overrides);
/// Build a checked Scenario; throws ConfigError naming the field and the reason.
Scenario parse_scenario(const YAML::Node& root, const std::string& source);
Scenario load_scenario(const std::string& path, const std::vector<std::string>& overrides);
/// A scenario from YAML text; `source` names it in errors and is the folder relative files are
/// read from (e.g. "platform/scenario.yaml"; "" for the working directory).
Scenario parse_scenario_text(const std::string& yaml, const std::vector<std::string>& overrides,
                             const std::string& source = "");
/// A scenario of `topology` with its default parameters and nic.multicast "separate" (and the
/// default uniform traffic, for run_network): fill in params, multicast and run, then check().
Scenario scenario_for(std::shared_ptr<const Topology> topology);

/// The program's version: `wormcast --version` and the results JSON ("program").
inline constexpr const char* kProgramVersion = "0.1.0";

/// The results JSON of a run of `scenario` (docs/results.md): sim::to_json with the effective
/// scenario, its file's path and SHA-256, the program and its version, and routers named as the
/// topology names them. `wormcast run --json` writes it, and a sweep's point files hold it.
nlohmann::json results_json(const RunResult& result, const Scenario& scenario,
                            const std::string& program_version = kProgramVersion);

/// Estimated memory of one router of a network with `params`, in KB (measured on meshes,
/// docs/performance.md): what run.memory_limit_mb and `steps` check before building.
double router_memory_kb(const NetworkParams& params);

}  // namespace wormcast::sim
