// Scenario files (YAML) for `wormcast run`: network, router, NIC, traffic and run sections,
// with --set overrides, strict checking (unknown keys, types, impossible values) and the
// conversion of nanosecond latencies into whole cycles (DESIGN.md §2).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "app/Runner.hpp"
#include "systemc/NetworkSpec.hpp"
#include "testbenches/traffic/TrafficSchedule.hpp"
#include "topologies/mesh/MeshShape.hpp"

namespace wormcast::app {

struct Scenario {
    std::string source;  ///< file it came from
    std::string topology = "mesh";
    mesh::MeshShape shape;
    bool dateline = true;
    NetworkParams params;
    std::string traffic_kind = "uniform";
    UniformTraffic uniform;
    std::string message_file;
    RunOptions run;
    std::string trace_routers = "auto";
    /// Routers that are the Verilated RTL instead of the SystemC Router (network.rtl, --rtl):
    /// "none", "all" or "x,y;x,y" (a YAML list of nodes is read into this form).
    std::string rtl = "none";
    /// How a NIC sends a message of several destinations (nic.multicast): "separate" (one
    /// unicast per destination), "tree" (one e-cube tree worm, MeshTreeFirmware), or a mesh
    /// multicast algorithm of Kesavan & Panda (umesh, spumesh, hl, sqhl, schl).
    std::string multicast = "separate";

    /// The sends of this scenario (uniform: generated from the seed; file: read).
    std::vector<ScheduledSend> schedule() const;
    NetworkSpec network() const;
    /// The NICs' firmware for nic.multicast (null for "separate": the default unicasts); throws
    /// ConfigError when it does not fit the routers or the topology.
    std::function<std::unique_ptr<Firmware>(NodeId)> multicast_firmware() const;
    /// Router indices to trace ("auto": all routers up to 64, else none unless listed).
    std::vector<std::size_t> traced_routers() const;
    /// Nodes whose router is RTL, ascending (network.rtl; empty for "none").
    std::vector<NodeId> rtl_nodes() const;
    /// Name of the verilated configuration the RTL routers use (empty without RTL routers).
    std::string rtl_model() const;
};

/// Apply "section.key=value" overrides to a YAML document (value parsed as YAML).
void apply_overrides(YAML::Node& root, const std::vector<std::string>& overrides);
/// Build a checked Scenario; throws ConfigError naming the field and the reason.
Scenario parse_scenario(const YAML::Node& root, const std::string& source);
Scenario load_scenario(const std::string& path, const std::vector<std::string>& overrides);

}  // namespace wormcast::app
