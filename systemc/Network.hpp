// Generic network top-level (DESIGN.md §1): instantiates routers and NICs from a NetworkSpec,
// wires them with pin-level links, ties off unused ports, traces chosen routers to VCD, and
// explains a deadlock as a chain of messages holding and wanting channels.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <systemc>

#include "systemc/ActivityMonitor.hpp"
#include "systemc/Flit.hpp"
#include "systemc/LinkWires.hpp"
#include "systemc/NetworkSpec.hpp"
#include "systemc/Nic.hpp"
#include "systemc/PackedFlitProbe.hpp"
#include "systemc/Router.hpp"
#include "systemc/RouterCounts.hpp"
#include "systemc/RouterModule.hpp"
#include "systemc/Ticker.hpp"
#include "systemc/Watchdog.hpp"
#include "systemc/pure/DeliveryLedger.hpp"

namespace wormcast {

class Network : public sc_core::sc_module {
  public:
    Network(sc_core::sc_module_name name, NetworkSpec spec, const NetworkParams& params);

    const std::string& description() const { return spec_name_; }
    const NetworkParams& params() const { return params_; }
    sc_core::sc_time clock() const { return clock_; }
    std::size_t routers() const { return modules_.size(); }
    std::size_t nodes() const { return nics_.size(); }
    /// The module at router position r: a Router, or a stand-in built by
    /// NetworkSpec::router_factory (e.g. the RTL).
    RouterModule& module(std::size_t r) { return *modules_[r]; }
    /// Router r is a stand-in, not a Router.
    bool is_drop_in(std::size_t r) const { return routers_[r] == nullptr; }
    /// The SystemC Router at position r; throws ModelError where a stand-in is.
    Router& router(std::size_t r);
    /// Every channel's wires (router links, NIC channels, tie-offs), in a fixed order.
    const std::vector<std::unique_ptr<LinkWires>>& links() const { return wires_; }
    Nic& nic(NodeId n) { return *nics_[n]; }
    const Nic& nic(NodeId n) const { return *nics_[n]; }
    std::string node_name(NodeId n) const { return node_name_ ? node_name_(n) : std::to_string(n); }
    DeliveryLedger& ledger() { return ledger_; }
    const ActivityMonitor& monitor() const { return monitor_; }
    const Watchdog& watchdog() const { return *watchdog_; }

    /// Record chosen messages' hops in every SystemC router (RTL routers are not traced).
    void set_message_trace(MessageTraceLog* log);
    /// Trace the links of the chosen routers (empty = all) and their NICs' channels (named so as
    /// not to hide sc_object::trace).
    void trace_links(sc_core::sc_trace_file* tf, const std::vector<std::size_t>& routers);
    /// The wait-for chain of messages and channels, ending in a cycle if there is one.
    std::string describe_waits() const;
    /// The same graph in Graphviz DOT: channels (and the message holding each) as nodes, waits as
    /// edges labelled with what is wanted, the cycle in red.
    std::string waits_dot() const;
    /// The wait-for graph has a cycle now (a deadlock unless it is about to clear).
    bool has_wait_cycle() const;
    /// Network links (router to router): flits carried per link.
    std::vector<std::uint64_t> link_flits() const;
    std::uint64_t bubbles() const;
    /// ATBM token grants and cycles waited, summed over the switches (per switch: router r's
    /// config().token_ring->stats(config().token_stop)).
    TokenRingStats token_stats() const;
    std::uint64_t active_router_cycles() const;
    /// Router r's own figures (the results' per-router counts): flits and bubbles it sent on all
    /// its outputs (consumption channels included), its token stop's grants and waits, the
    /// cycles it was evaluated, and its blocked cycles among the run's first `cycles`.
    RouterCounts router_counts(std::size_t r, Cycle cycles) const;

  private:
    TokenRingStats token_stats(std::size_t r) const;  ///< router r's token stop
    struct Endpoint {
        int router = -1;  ///< -1: a NIC
        PortId port = 0;
    };
    std::string spec_name_;
    NetworkParams params_;
    sc_core::sc_time clock_;
    std::function<std::string(NodeId)> node_name_;
    ActivityMonitor monitor_;
    std::unique_ptr<Ticker> ticker_;  ///< the shared clock edge of the routers and NICs
    DeliveryLedger ledger_;
    const RouterConfig& router_config(std::size_t r) const;
    const OutputStats& output_stats(std::size_t r, PortId q) const;

    std::vector<std::unique_ptr<RouterModule>> modules_;  ///< every router position
    std::vector<Router*> routers_;  ///< the same module as a Router; null where a stand-in is
    std::vector<std::unique_ptr<Nic>> nics_;
    std::vector<std::shared_ptr<TokenRing>> token_rings_;  ///< kept alive for the routers
    std::vector<std::unique_ptr<LinkWires>> wires_;
    std::vector<std::vector<Endpoint>> downstream_;      ///< [router][output port]
    std::vector<std::vector<LinkWires*>> router_links_;  ///< wires touching each router
    std::vector<std::pair<std::size_t, PortId>> network_outputs_;
    std::unique_ptr<Watchdog> watchdog_;
    std::vector<std::unique_ptr<PackedFlitProbe>> probes_;  ///< packed flit words of traced links

    struct Channel;
    struct WaitGraph;
    /// The wait-for graph of the SystemC routers, for describe_waits() and waits_dot().
    WaitGraph wait_graph() const;
};

}  // namespace wormcast
