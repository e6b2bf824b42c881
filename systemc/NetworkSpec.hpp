// Topology-independent description of a network that a topology builder hands to Network:
// routers with their port counts, link latencies and routing functions, router-to-router
// links, and where each node's NIC attaches. Parameters common to all routers and NICs.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "systemc/NetworkParams.hpp"
#include "systemc/pure/Firmware.hpp"
#include "systemc/pure/Header.hpp"
#include "systemc/pure/Routing.hpp"
#include "systemc/pure/TokenRing.hpp"
#include "systemc/pure/Types.hpp"

namespace wormcast {

class RouterModule;      // systemc/RouterModule.hpp
struct RouterConfig;     // systemc/RouterConfig.hpp
struct ActivityMonitor;  // systemc/ActivityMonitor.hpp

/// Builds the module that stands in for the SystemC Router of one router (config.node is the
/// router's index), e.g. the Verilated RTL (systemc/RtlRouter.hpp); nullptr keeps the Router.
using RouterFactory = std::function<std::unique_ptr<RouterModule>(
    const RouterConfig& config, double clock_ns, ActivityMonitor* monitor)>;

struct RouterSpec {
    std::string name;
    /// ATBM: the token ring of this switch's group (shared by its members), this switch's stop on
    /// it and the flits after which a tree operation releases the token; null: no token.
    std::shared_ptr<TokenRing> token_ring;
    unsigned token_stop = 0;
    unsigned token_release_flits = 0;
    PortId inputs = 0;
    PortId outputs = 0;
    std::vector<unsigned> output_link_latency;   ///< per output port, cycles
    std::vector<unsigned> input_credit_latency;  ///< per input port, cycles
    std::unique_ptr<RoutingFunction> routing;
};

struct LinkSpec {
    std::uint32_t from_router = 0;
    PortId from_port = 0;
    std::uint32_t to_router = 0;
    PortId to_port = 0;
};

struct NodeSpec {
    std::uint32_t router = 0;             ///< router the NIC injects into
    std::vector<PortId> injection_ports;  ///< input ports of `router` fed by this node's NIC
    /// Router the NIC consumes from, when it differs (a UNI-MIN's last stage); -1: `router`.
    std::int64_t exit_router = -1;
    std::vector<PortId> consumption_ports;  ///< output ports of the exit router feeding the NIC
    /// All-port: the injection channel (index into injection_ports) a send leaves on; empty:
    /// one-port (NicConfig::injection_channel).
    std::function<unsigned(const Header&)> injection_channel;
};

struct NetworkSpec {
    std::string name;
    std::vector<RouterSpec> routers;
    std::vector<LinkSpec> links;
    std::vector<NodeSpec> nodes;
    std::function<std::string(NodeId)> node_name;
    std::function<std::unique_ptr<Firmware>(NodeId)> firmware;  ///< default: UnicastFirmware
    RouterFactory router_factory;  ///< default (empty): every router is the SystemC Router
    /// Figures a family derives from a run's flits per link (`links` order), as a JSON object of
    /// name -> number, e.g. the flits through the root switch of an up*/down* network; run
    /// summaries and results JSON print them (RunResult::network_metrics). Empty: none.
    std::function<nlohmann::ordered_json(const std::vector<std::uint64_t>& link_flits)>
        link_metrics;
};

}  // namespace wormcast
