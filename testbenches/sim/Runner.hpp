// Runs one simulation point: builds the network from its description, attaches hosts with
// their schedules, runs warm-up + measured phases, drains, checks deliveries, collects results.
// Each call starts a fresh SystemC kernel, so one process may run many points in turn.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "systemc/NetworkSpec.hpp"
#include "systemc/RouterCounts.hpp"
#include "systemc/pure/LinkFault.hpp"
#include "systemc/pure/MessageTrace.hpp"
#include "systemc/pure/Statistics.hpp"
#include "systemc/rtl/RouterActivity.hpp"
#include "testbenches/sim/RunProgress.hpp"
#include "testbenches/sim/Saturation.hpp"
#include "testbenches/traffic/TrafficSchedule.hpp"

namespace wormcast::sim {

/// A fault armed on one router's link (scenario section `faults`).
struct RouterFault {
    std::size_t router = 0;
    std::string label;  ///< how the report names the link, e.g. "router 1,1 output 2"
    LinkFault fault;
};

struct RunOptions {
    std::uint64_t seed = 1;
    Cycle warmup = 0;
    Cycle measure = 0;            ///< measured window [warmup, warmup + measure)
    Cycle drain_limit = 1000000;  ///< extra cycles allowed to deliver everything afterwards
    std::string vcd_path;         ///< empty: no VCD ("x.fst": an FST instead, as fst_path)
    std::string fst_path;         ///< empty: no FST (made from the VCD by vcd2fst after the run)
    /// Routers whose links are traced; empty: all (small networks only). The RTL routers among
    /// them also write their internals to the RTL VCD (systemc/rtl/RtlWaves.hpp).
    std::vector<std::size_t> trace_routers;
    std::vector<RouterFault> faults;  ///< none in a healthy run
    /// Judge saturation at the end of the measured window (Saturation.hpp) and, if saturated,
    /// stop there instead of draining the sources' queues.
    bool stop_when_saturated = false;
    /// Follow these messages' heads router by router and write JSON lines here (empty: off).
    std::string trace_messages_path;
    MessageTraceFilter trace_messages;
    /// Keep every (message, node, tail cycle) in RunResult::arrival_digest (memory grows with the
    /// messages; for comparing runs in tests).
    bool record_arrivals = false;
    /// Keep every delivery record to the end of the run instead of folding and dropping each once
    /// final (the results are the same; for tests that check so).
    bool keep_records = false;
    /// Count every RTL router's register and port toggles over the run (RunResult::rtl_activity;
    /// `run --power`, systemc/rtl/RtlActivity.hpp). Not with an RTL waveform in the same run.
    bool rtl_activity = false;
    /// Called after each slice of simulated time and once at the end (RunProgress.hpp); empty:
    /// none. The slices change no result.
    std::function<void(const RunProgress&)> progress;
    /// run.max_hours: the run stops with a ConfigError and the estimate when the traffic left
    /// would take longer than this at the speed measured after a short start (0: no limit).
    double max_hours = 0;
    /// The wall clock the run's speed is measured with (RunResult::wall_seconds, the progress
    /// lines, run.max_hours): seconds since any fixed start. Empty: std::chrono::steady_clock.
    /// Tests give a clock of their own, so the speed and the budget's verdict do not depend on
    /// the machine.
    std::function<double()> wall_clock;
};

struct RunResult {
    std::string network;
    std::uint32_t nodes = 0;
    std::uint32_t routers = 0;
    std::vector<std::size_t> rtl_routers;  ///< routers that are the Verilated RTL
    /// The faults of RunOptions::faults that hit, in words ("dropped the tail flit of message 7
    /// (VC 0) on router 1,1 output 2 at cycle 530"), and those that found nothing to hit.
    std::vector<std::string> faults;
    std::string vcd_path;      ///< the waveform written (RunOptions::vcd_path with ".vcd" ensured)
    std::string rtl_vcd_path;  ///< their Verilator waveform (written with a VCD and RTL routers)
    std::string fst_path;      ///< the FST written (empty without one)
    std::string rtl_fst_path;  ///< the RTL routers' waveform as FST
    std::uint64_t seed = 0;
    Cycle cycles = 0;  ///< simulated cycles
    double wall_seconds = 0;
    double router_cycles_per_second = 0;
    std::uint64_t active_router_cycles = 0;  ///< router evaluations actually performed
    std::size_t messages_sent = 0;           ///< worms, all phases
    std::size_t ledger_peak_records = 0;     ///< most delivery records held at once
    TrafficStats traffic;
    /// Measured, fully delivered requests by kind, host submission -> last tail (cycles): one
    /// destination (unicast) or more (multicast; all phases of a software scheme).
    Distribution unicast_latency;
    Distribution multicast_latency;
    /// The same, first start-up at the source -> last tail (TrafficStats::latency by kind).
    Distribution unicast_startup_latency;
    Distribution multicast_startup_latency;
    double offered_flits_per_node_cycle = 0;
    std::vector<std::uint64_t> startups_per_node;
    Cycle pattern_latency = 0;  ///< first start-up of any multicast -> last tail of any, cycles
    std::uint64_t startups_total = 0;
    std::uint64_t startups_max = 0;
    double link_utilisation_mean = 0;  ///< flits per link per cycle, network links
    double link_utilisation_max = 0;
    std::uint64_t bubbles = 0;
    std::uint64_t token_grants = 0;       ///< ATBM tree operations that took their group's token
    std::uint64_t token_wait_cycles = 0;  ///< cycles they waited for it, summed
    std::uint64_t flits_injected = 0;
    std::uint64_t flits_consumed = 0;
    bool drained = false;  ///< everything delivered before the drain limit
    /// Judged (RunOptions::stop_when_saturated with a measured window) and saturated: the run
    /// stopped at the end of the measured window, its queues not drained.
    bool saturated = false;
    std::optional<SaturationVerdict> saturation;  ///< the verdict, when judged
    bool deadlock = false;
    Cycle deadlock_cycle = 0;
    std::string deadlock_report;
    std::string
        deadlock_dot;  ///< the same wait-for graph as Graphviz DOT (empty without a deadlock)
    std::vector<std::string> problems;  ///< delivery-check failures (empty = all good)
    std::vector<std::uint64_t> link_flits;
    std::vector<LinkSpec> links;              ///< the network links, in link_flits' order
    std::vector<std::string> router_names;    ///< RouterSpec::name of each router
    std::vector<RouterCounts> router_counts;  ///< per router (Network::router_counts)
    /// With RunOptions::rtl_activity: each RTL router's bits over the `rtl_activity_cycles`
    /// cycles sampled (the whole run).
    std::vector<rtl::RouterActivity> rtl_activity;
    std::uint64_t rtl_activity_cycles = 0;
    std::uint64_t multicasts_delivered = 0;  ///< messages complete, whole run, every kind
    /// Per destination (docs/results.md): payload flits x destinations of the measured
    /// multicasts, and payload flits that reached a destination, per node and cycle of the
    /// window: the measured window, or the whole run when there is none (file and broadcast
    /// traffic).
    double offered_destination_flits_per_node_cycle = 0;
    double accepted_destination_flits_per_node_cycle = 0;
    Cycle throughput_window_cycles = 0;
    bool throughput_whole_run = false;  ///< no measured window: the window is the whole run
    /// NetworkSpec::link_metrics of this run (an object of name -> number; empty without).
    nlohmann::ordered_json network_metrics = nlohmann::ordered_json::object();
    std::vector<std::array<std::uint64_t, 3>>
        arrival_digest;  ///< (message, node, tail cycle), sorted; with RunOptions::record_arrivals
    /// A saturated run is a result (the network's throughput at this load), not a failure.
    bool ok() const { return !deadlock && (drained || saturated) && problems.empty(); }
};

/// Default options that keep RunResult::arrival_digest (for tests that look at every arrival).
inline RunOptions recording_arrivals() {
    RunOptions o;
    o.record_arrivals = true;
    return o;
}

/// One run: the network built from `spec`, the hosts fed from `sends` (a list, or uniform traffic
/// drawn as the run goes), to the end of the traffic and drained (RunOptions).
RunResult run_network(NetworkSpec spec, const NetworkParams& params, SendPlan sends,
                      const RunOptions& options);

}  // namespace wormcast::sim
