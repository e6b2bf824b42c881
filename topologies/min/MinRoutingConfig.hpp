// Run-time knobs of the MIN routing functions and the factory a network uses to give each switch
// its routing function (pure C++). Varavithya & Mohapatra §4.2 (Fig. 12) and §4.3 (Fig. 13).
#pragma once

#include <cstdint>
#include <memory>

#include "systemc/pure/Routing.hpp"
#include "topologies/min/MinReachTable.hpp"

namespace wormcast::min {

struct MinRoutingConfig {
    /// Virtual channels a worm may use on a switch-to-switch channel (bit v: VC v).
    std::uint32_t network_vc_mask = 1;
    /// Virtual channels a worm may use on a channel that delivers to a node.
    std::uint32_t node_vc_mask = 1;
    /// Consumption channels per node, 1 or b: physical links from the exit switch, the one a worm
    /// takes chosen by its input port (ConsumptionChannels).
    std::uint32_t consumption_channels = 1;
    /// BI-MIN forward phase: offer every right port (adaptive, the switch takes the lowest
    /// available one) or only the lowest (fixed). Ignored on a UNI-MIN.
    MinForward forward = MinForward::Adaptive;

    /// Throws ConfigError for an empty mask or a channel count other than 1 or b (the latter when
    /// the routing function is built).
    void validate() const;
};

/// UniMinRouting for a UNI-MIN, BiMinRouting for a BI-MIN, for the switch `id`.
std::unique_ptr<RoutingFunction> make_min_routing(const MinWiring& wiring,
                                                  const MinReachTable& table, SwitchId id,
                                                  const MinRoutingConfig& config = {});

}  // namespace wormcast::min
