// Topology-independent description of a network that a topology builder hands to Network:
// routers with their port counts, link latencies and routing functions, router-to-router
// links, and where each node's NIC attaches. Parameters common to all routers and NICs.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

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
using RouterFactory = std::function<std::unique_ptr<RouterModule>(const RouterConfig& config, double clock_ns,
                                                                  ActivityMonitor* monitor)>;

/// Network-wide micro-architecture and timing parameters (DESIGN.md §2), all in cycles.
struct NetworkParams {
    double clock_ns = 5.0;
    unsigned vcs = 1;
    unsigned buffer_depth = 4;
    unsigned t_node = 4;
    unsigned t_node_multidest = 8;
    unsigned t_sw = 1;
    unsigned t_phy = 1;
    unsigned t_inj = 1;
    unsigned t_cons = 1;
    unsigned t_startup = 0;
    unsigned t_receive = 0;
    unsigned flit_width = 32;
    HeaderEncoding header_encoding = HeaderEncoding::Tagged;
    unsigned injection_channels = 1;
    unsigned consumption_channels = 1;
    /// All-port NICs: one injection and one consumption channel per network direction (2n + 2n),
    /// each send injected on the channel of its first hop by a send engine of its own (serving
    /// its sends in the order the firmware issued them), so a node's sends in different
    /// directions proceed in parallel. Meshes and tori only.
    bool all_port = false;
    bool path_worms = false;
    bool tree_worms = false;
    bool always_clocked = false;
    unsigned watchdog_cycles = 20000;
    /// Tree-worm OCRQ requests enqueued atomically (safe); false: the unsafe one-branch-a-cycle mode.
    bool atomic_ocrq = true;

    /// The header layout of a network of this many nodes with these parameters.
    HeaderFormat header_format(std::uint32_t nodes) const {
        return HeaderFormat{flit_width, nodes, header_encoding};
    }
};

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
    std::uint32_t router = 0;               ///< router the NIC injects into
    std::vector<PortId> injection_ports;    ///< input ports of `router` fed by this node's NIC
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
};

}  // namespace wormcast
