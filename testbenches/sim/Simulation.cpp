// One network in a fresh SystemC kernel, run in phases (see Simulation.hpp).
#include "testbenches/sim/Simulation.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <sstream>

#include <fmt/format.h>
#include <systemc>
// After <systemc>, which defines what it needs.
#include <sysc/tracing/sc_tracing_ids.h>

#include "systemc/Kernel.hpp"
#include "systemc/Network.hpp"
#include "systemc/Router.hpp"
#include "systemc/rtl/RtlActivity.hpp"
#include "systemc/rtl/RtlWaves.hpp"
#include "testbenches/sim/Sampling.hpp"
#include "testbenches/sim/Waveform.hpp"
#include "testbenches/traffic/TrafficHost.hpp"

namespace wormcast::sim {

using namespace sc_core;

namespace {

/// A fault in words, as it hit or not.
std::string describe_fault(const LinkFault& f, const std::string& label) {
    if (!f.applied) return fmt::format("{}: nothing to hit at or after cycle {}", label, f.cycle);
    switch (f.kind) {
        case LinkFault::Kind::DropFlit:
            return fmt::format("dropped the tail flit of message {} (VC {}) on {} at cycle {}",
                               f.message, f.vc, label, f.applied_at);
        case LinkFault::Kind::CorruptFlit:
            return fmt::format(
                "flipped data bit 0 of the tail flit of message {} (VC {}) on {} at cycle {}",
                f.message, f.vc, label, f.applied_at);
        case LinkFault::Kind::LoseCredit:
            break;
    }
    return fmt::format("lost a credit of VC {} returned on {} at cycle {}", f.vc, label,
                       f.applied_at);
}

/// Once everything is delivered, every output must have all its credits back: a credit lost or
/// a flit that never arrived leaves a buffer slot that is never freed. The credits of the last
/// flits may still be on their wires, so the network first runs a few more cycles (after every
/// result has been taken: nothing moves in them but credits).
void audit_credits(Network& network, sc_time clock, RunResult& result) {
    if (!result.drained) return;
    sc_start(clock * 256.0);
    for (std::size_t r = 0; r < network.routers(); ++r) {
        if (network.is_drop_in(r)) continue;
        for (const std::string& missing : network.router(r).missing_credits())
            result.problems.push_back(fmt::format("router {} {} after the network drained",
                                                  network.router(r).basename(), missing));
    }
}

}  // namespace

Simulation::Simulation(NetworkSpec spec, const NetworkParams& params, RunOptions options)
    : options_(std::move(options)), params_(params) {
    fresh_kernel();
    result_.seed = options_.seed;
    result_.network = spec.name;
    result_.nodes = static_cast<std::uint32_t>(spec.nodes.size());
    result_.routers = static_cast<std::uint32_t>(spec.routers.size());
    link_metrics_ = spec.link_metrics;
    result_.links = spec.links;
    for (const RouterSpec& router : spec.routers) result_.router_names.push_back(router.name);

    // Leaked on purpose with the context: SystemC objects must not outlive or be torn down
    // separately from the kernel that owns them.
    network_ = new Network("net", std::move(spec), params);
    clock_ = network_->clock();
    result_.rtl_routers = rtl::rtl_routers(*network_, {});
    for (const RouterFault& f : options_.faults) {
        if (f.router >= network_->routers() || network_->is_drop_in(f.router))
            throw ConfigError(
                fmt::format("faults: {} is not a SystemC router of this network", f.label));
        fault_index_.push_back(network_->router(f.router).add_fault(f.fault));
    }
    if (!options_.trace_messages_path.empty()) {
        message_trace_ = std::make_unique<MessageTraceLog>(options_.trace_messages);
        network_->set_message_trace(message_trace_.get());
    }
    // Each record is folded into the results once final and dropped from the ledger (the rest at
    // the end), so memory does not grow with the number of messages in a run. Without a measured
    // window the end is set by finish().
    const Cycle traffic_end = options_.measure > 0 ? options_.warmup + options_.measure : ~Cycle{0};
    tally_ = std::make_unique<TrafficTally>(options_.warmup, traffic_end);
    if (options_.stop_when_saturated && options_.measure > 0)
        saturation_.emplace(network_->nodes(), options_.warmup + options_.measure / 2, traffic_end);
    if (!options_.keep_records)
        network_->ledger().retire_into([this](const MulticastRecord& mc) { fold_multicast(mc); },
                                       [this](const MessageRecord& m) { fold_message(m); });
    // The waveform is written under a temporary name (SystemC appends ".vcd" to the base) and
    // renamed when the run ends, so an interrupted run leaves no file that looks complete.
    // An FST is made from the VCD after the run (Waveform.hpp).
    // A name given that is a device or a directory (--vcd /dev/full) is refused, not turned into
    // NAME.vcd beside it; so are the names written (a VCD is renamed into place).
    for (const auto& [option, given] :
         {std::pair{"--vcd", options_.vcd_path}, std::pair{"--fst", options_.fst_path}})
        if (!given.empty()) check_output_target(given, option);
    const WaveformFiles waves = WaveformFiles::from_options(options_.vcd_path, options_.fst_path);
    if (!waves.fst.empty()) {
        check_fst_converter(options_.fst_path.empty() ? "--vcd" : "--fst");
        check_output_target(waves.fst, "--fst");
    }
    written_vcd_ = waves.written_vcd;
    fst_ = waves.fst;
    rtl_vcd_ = waves.rtl_vcd;
    rtl_fst_ = waves.rtl_fst;
    fst_only_ = waves.vcd.empty();
    if (waves.any()) {
        std::string base = waves.written_vcd;
        base.resize(base.size() - 4);  // SystemC appends ".vcd"
        result_.vcd_path = waves.vcd;
        check_output_target(waves.written_vcd, options_.vcd_path.empty() ? "--fst" : "--vcd");
        vcd_partial_ = base + ".partial.vcd";
        vcd_ = sc_create_vcd_trace_file((base + ".partial").c_str());
        if (!vcd_) throw ConfigError(fmt::format("cannot write VCD file '{}'", result_.vcd_path));
        // Nanoseconds, which the GTKWave save files' times are in. RTL routers move their clock
        // at half periods: while half a period is at least 1 ns every time step still falls in
        // a nanosecond of its own (and no traced link changes between cycles); a faster clock
        // counts in the kernel's resolution instead.
        const bool nanoseconds = result_.rtl_routers.empty() || params_.clock_ns >= 2.0;
        // The only time steps between nanoseconds are then the RTL clock's falling edges, where
        // no traced link changes: SystemC's warning that they are not representable says
        // nothing (and would come twice a cycle).
        sc_report_handler::set_actions(SC_ID_TRACING_VCD_TIME_RESOLUTION_,
                                       nanoseconds && !result_.rtl_routers.empty()
                                           ? SC_DO_NOTHING
                                           : SC_DEFAULT_WARNING_ACTIONS);
        if (nanoseconds)
            vcd_->set_time_unit(1, SC_NS);
        else
            vcd_->set_time_unit(sc_get_time_resolution().to_seconds(), SC_SEC);
        network_->trace_links(vcd_, options_.trace_routers);
    }
}

Simulation::Simulation(const Scenario& scenario)
    : Simulation(scenario.network(), scenario.params, scenario.run) {}

Simulation::~Simulation() = default;

std::uint32_t Simulation::nodes() const {
    return static_cast<std::uint32_t>(network_->nodes());
}

Cycle Simulation::now() const {
    return sc_time_stamp().value() / clock_.value();
}

Nic& Simulation::nic(NodeId n) {
    if (n >= network_->nodes())
        throw ConfigError(fmt::format("node {}: the network has {} nodes", n, network_->nodes()));
    return network_->nic(n);
}

void Simulation::attach_traffic(SendPlan sends) {
    if (!hosts_.empty()) throw ModelError("Simulation::attach_traffic: hosts already attached");
    traffic_last_send_ = sends.last_send();
    auto streams = sends.take_streams(network_->nodes());
    for (NodeId n = 0; n < network_->nodes(); ++n) {
        auto* host =
            new TrafficHost(fmt::format("host{}", n).c_str(), std::move(streams[n]), clock_);
        host->to_nic.bind(network_->nic(n).host_in);
        network_->nic(n).host_out.bind(host->from_nic);
        hosts_.push_back(host);
    }
}

void Simulation::fold_multicast(const MulticastRecord& mc) {
    if (mc.complete()) ++delivered_multicasts_;
    tally_->add(mc);
    if (saturation_) saturation_->add({mc.submitted, mc.first_injected, mc.length});
    const Cycle end = options_.measure > 0 ? options_.warmup + options_.measure : ~Cycle{0};
    if (hosts_.empty() && mc.measured && mc.submitted >= options_.warmup && mc.submitted < end)
        offered_flits_ += mc.length;
}

void Simulation::fold_message(const MessageRecord& m) {
    tally_->add(m);
    if (options_.record_arrivals)
        for (const auto& [node, cycle] : m.arrived)
            result_.arrival_digest.push_back({m.id, node, cycle});
    if (!message_trace_ || !message_trace_->wants(m.id)) return;
    // Each traced message's own line: who sent it where, when, and when each copy arrived.
    nlohmann::ordered_json arrived = nlohmann::ordered_json::object();
    for (const auto& [node, cycle] : m.arrived) arrived[network_->node_name(node)] = cycle;
    std::vector<std::string> receivers;
    for (NodeId r : m.receivers) receivers.push_back(network_->node_name(r));
    std::ostringstream header;
    header << m.header;
    message_trace_->add(m.id, "message", m.injected,
                        {{"source", network_->node_name(m.sender)},
                         {"source_id", m.sender},
                         {"destinations", receivers},
                         {"destination_ids", m.receivers},
                         {"header", header.str()},
                         {"header_flits", m.header_flits},
                         {"length", m.length},
                         {"injected", m.injected},
                         {"arrived", arrived}});
}

// A process that hit an error stopped the run; rethrow that error as it was raised.
void Simulation::check_fault() {
    if (network_->monitor().fault) std::rethrow_exception(network_->monitor().fault);
}

void Simulation::start() {
    started_ = true;
    // The Verilated routers' internals go to a second VCD next to the first (Verilator's own
    // tracing), opened after elaboration: once every module (hosts too) is built. Their
    // activity (run --power) is traced the same way, into a counter instead of a file.
    const auto traced_rtl =
        vcd_ ? rtl::rtl_routers(*network_, options_.trace_routers) : std::vector<std::size_t>{};
    if (traced_rtl.empty() && !options_.rtl_activity) return;
    if (!traced_rtl.empty() && options_.rtl_activity)
        throw ConfigError(
            "--power: the RTL routers' activity and their waveform (--vcd/--fst) cannot be traced "
            "in the same run; run them apart (or set trace.routers to SystemC routers only)");
    sc_start(SC_ZERO_TIME);
    check_fault();
    if (options_.rtl_activity) activity_ = std::make_unique<rtl::RtlActivity>(*network_, clock_);
    if (traced_rtl.empty()) return;
    rtl_waves_ = std::make_unique<rtl::RtlWaves>(*network_, traced_rtl, rtl_vcd_);
    if (!fst_only_) result_.rtl_vcd_path = rtl_waves_->path();
}

void Simulation::run_for(Cycle cycles) {
    if (finished_) throw ModelError("Simulation::run_for after finish()");
    // SystemC's time is a 64-bit count of its resolution (1 ps): the run must fit in it.
    const double last_cycle = static_cast<double>(now()) + static_cast<double>(cycles);
    if (last_cycle * static_cast<double>(clock_.value()) >= 1.8e19)
        throw ConfigError(
            fmt::format("clock_ns: {} cycles of {} would pass the end of simulated time ({})",
                        last_cycle, clock_.to_string(), sc_max_time().to_string()));
    if (!started_) start();
    const double wall_start = wall_now();
    sc_start(clock_ * static_cast<double>(cycles));
    wall_seconds_ += wall_now() - wall_start;
    check_fault();
}

bool Simulation::all_quiet() const {
    if (!network_->ledger().all_delivered() || network_->monitor().flits_in_network != 0)
        return false;
    for (NodeId n = 0; n < network_->nodes(); ++n)
        if (!network_->nic(n).quiescent() || (!hosts_.empty() && !hosts_[n]->done())) return false;
    return true;
}

double Simulation::wall_now() const {
    if (options_.wall_clock) return options_.wall_clock();
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

RunProgress Simulation::progress_at(bool draining, bool final) const {
    RunProgress p;
    p.cycle = now();
    p.warmup = options_.warmup;
    p.traffic_end = progress_end_ > 0 ? progress_end_ : options_.warmup + options_.measure;
    p.delivered = delivered_multicasts_;
    p.wall_seconds = wall_seconds_;
    p.draining = draining;
    p.final = final;
    return p;
}

void Simulation::abandon_waveform() {
    if (!vcd_) return;
    sc_close_vcd_trace_file(vcd_);
    vcd_ = nullptr;
    std::remove(vcd_partial_.c_str());
}

bool Simulation::drain(Cycle limit) {
    const Cycle chunk = std::max<Cycle>(1000, params_.t_startup / 4);
    for (Cycle drained_for = 0; !network_->watchdog().fired() && drained_for < limit;
         drained_for += chunk) {
        if (all_quiet()) break;
        run_for(chunk);
        if (options_.progress) options_.progress(progress_at(true, false));
    }
    return !network_->watchdog().fired() && all_quiet();
}

void Simulation::run_traffic() {
    const Cycle traffic_end = options_.warmup + options_.measure;
    // The whole run, drain included, must fit in SystemC's time.
    const double last_cycle = static_cast<double>(std::max(traffic_end, traffic_last_send_ + 1)) +
                              static_cast<double>(options_.drain_limit);
    if (last_cycle * static_cast<double>(clock_.value()) >= 1.8e19)
        throw ConfigError(
            fmt::format("clock_ns: {} cycles of {} would pass the end of simulated time ({})",
                        last_cycle, clock_.to_string(), sc_max_time().to_string()));
    // The traffic phases in slices of about a tenth of a second of wall time each (the slices
    // change no result), reporting progress and judging the cycle budget after each.
    progress_end_ = std::max(traffic_end, traffic_last_send_ + 1);
    Cycle slice = 1000;
    while (now() < progress_end_) {
        const Cycle step = std::min(slice, progress_end_ - now());
        const double slice_start = wall_now();
        run_for(step);
        if (network_->watchdog().fired()) break;
        const RunProgress p = progress_at(false, false);
        try {
            check_run_budget(p, options_.max_hours);
        } catch (const ConfigError&) {
            abandon_waveform();
            throw;
        }
        if (options_.progress) options_.progress(p);
        const double took = wall_now() - slice_start;
        if (took < 0.05 && slice < (Cycle{1} << 30)) slice *= 2;
        if (took > 0.4 && slice > 100) slice /= 2;
    }
    // A saturated network is not drained: its queues would only show how long they got. A
    // wait-for cycle among the blocked channels is left to the watchdog (deadlock, not load).
    // A request leaves its source's queue when its first worm takes an injection channel.
    if (saturation_ && !network_->watchdog().fired()) {
        for (const auto& [id, mc] : network_->ledger().multicasts())
            saturation_->add({mc.submitted, mc.first_injected, mc.length});
        result_.saturation = saturation_->verdict();
        result_.saturated = result_.saturation->saturated && !network_->has_wait_cycle();
    }
    saturation_.reset();
    if (!result_.saturated) drain(options_.drain_limit);
}

RunResult Simulation::finish() {
    if (finished_) throw ModelError("Simulation::finish called twice");
    finished_ = true;
    saturation_.reset();
    RunResult& result = result_;
    result.drained = !network_->watchdog().fired() && all_quiet();
    if (options_.progress) options_.progress(progress_at(true, true));
    network_->ledger().retire_into(nullptr, nullptr);  // the records left are folded below
    if (vcd_) {
        sc_close_vcd_trace_file(vcd_);
        std::error_code error;
        std::filesystem::rename(vcd_partial_, written_vcd_, error);
        if (error)
            throw ConfigError(
                fmt::format("cannot write VCD file '{}': {}", written_vcd_, error.message()));
    }
    if (rtl_waves_) rtl_waves_->close();
    if (vcd_ && !fst_.empty()) {
        convert_to_fst(written_vcd_, fst_, fst_only_);
        result.fst_path = fst_;
        if (rtl_waves_) {
            convert_to_fst(rtl_vcd_, rtl_fst_, fst_only_);
            result.rtl_fst_path = rtl_fst_;
        }
    }

    result.cycles = now();
    if (options_.measure == 0)  // traffic hosts without a window: none, as the hosts' runs have
        tally_->set_end(hosts_.empty() ? std::max(result.cycles, options_.warmup)
                                       : options_.warmup);
    result.wall_seconds = wall_seconds_;
    result.router_cycles_per_second =
        result.wall_seconds > 0
            ? static_cast<double>(result.cycles) * result.routers / result.wall_seconds
            : 0;
    result.active_router_cycles = network_->active_router_cycles();
    result.deadlock = network_->watchdog().fired();
    result.deadlock_cycle = network_->watchdog().fired_at();
    result.deadlock_report = network_->watchdog().report();
    if (result.deadlock) result.deadlock_dot = network_->waits_dot();
    result.problems = network_->ledger().problems(/*final=*/!result.deadlock && !result.saturated);
    for (const auto& [id, m] : network_->ledger().messages()) fold_message(m);
    for (const auto& [id, mc] : network_->ledger().multicasts()) fold_multicast(mc);
    if (message_trace_)
        write_output_file(options_.trace_messages_path, message_trace_->jsonl(),
                          "--trace-messages");
    if (!result.drained && !result.deadlock && !result.saturated)
        result.problems.insert(
            result.problems.begin(),
            fmt::format("not everything was delivered within {} cycles after the traffic ended",
                        options_.drain_limit));
    result.traffic = tally_->stats(result.nodes);
    result.unicast_latency = tally_->unicast_latency();
    result.multicast_latency = tally_->multicast_latency();
    result.unicast_startup_latency = tally_->unicast_startup_latency();
    result.multicast_startup_latency = tally_->multicast_startup_latency();
    std::uint64_t offered_flits = offered_flits_;
    for (TrafficHost* host : hosts_) offered_flits += host->measured_flits();
    const Cycle window = options_.measure > 0              ? options_.measure
                         : result.cycles > options_.warmup ? result.cycles - options_.warmup
                                                           : 0;
    if (window > 0 && (options_.measure > 0 || hosts_.empty()))
        result.offered_flits_per_node_cycle =
            static_cast<double>(offered_flits) /
            (static_cast<double>(result.nodes) * static_cast<double>(window));
    // Offered and accepted per destination (docs/results.md), over the measured window or, for
    // traffic hosts without one (file and broadcast traffic), the whole run.
    result.throughput_whole_run = options_.measure == 0 && !hosts_.empty();
    result.throughput_window_cycles = result.throughput_whole_run ? result.cycles : window;
    if (result.throughput_window_cycles > 0 && result.nodes > 0) {
        const double node_cycles = static_cast<double>(result.nodes) *
                                   static_cast<double>(result.throughput_window_cycles);
        result.offered_destination_flits_per_node_cycle =
            static_cast<double>(result.traffic.offered_destination_flits) / node_cycles;
        result.accepted_destination_flits_per_node_cycle =
            static_cast<double>(result.throughput_whole_run
                                    ? result.traffic.delivered_destination_flits
                                    : result.traffic.accepted_destination_flits) /
            node_cycles;
    }
    for (std::size_t r = 0; r < network_->routers(); ++r)
        result.router_counts.push_back(network_->router_counts(r, result.cycles));
    if (activity_) {
        result.rtl_activity_cycles = activity_->cycles();
        result.rtl_activity = activity_->collect();
    }
    result.multicasts_delivered = delivered_multicasts_;
    for (NodeId n = 0; n < network_->nodes(); ++n) {
        const auto& st = network_->nic(n).stats();
        result.startups_per_node.push_back(st.startups);
        result.startups_total += st.startups;
        result.startups_max = std::max(result.startups_max, st.startups);
        result.flits_injected += st.flits_injected;
        result.flits_consumed += st.flits_consumed;
    }
    result.messages_sent = network_->ledger().messages_added();
    result.ledger_peak_records = network_->ledger().peak_records();
    result.pattern_latency = tally_->pattern_latency();
    result.link_flits = network_->link_flits();
    if (!result.link_flits.empty() && result.cycles > 0) {
        std::uint64_t sum = 0, mx = 0;
        for (auto f : result.link_flits) {
            sum += f;
            mx = std::max(mx, f);
        }
        result.link_utilisation_mean = static_cast<double>(sum) / result.link_flits.size() /
                                       static_cast<double>(result.cycles);
        result.link_utilisation_max = static_cast<double>(mx) / static_cast<double>(result.cycles);
    }
    if (link_metrics_) result.network_metrics = link_metrics_(result.link_flits);
    result.bubbles = network_->bubbles();
    result.token_grants = network_->token_stats().grants;
    result.token_wait_cycles = network_->token_stats().wait_cycles;
    std::sort(result.arrival_digest.begin(), result.arrival_digest.end());
    audit_credits(*network_, clock_, result);
    for (std::size_t i = 0; i < options_.faults.size(); ++i) {
        const RouterFault& f = options_.faults[i];
        result.faults.push_back(
            describe_fault(network_->router(f.router).faults()[fault_index_[i]], f.label));
    }
    return std::move(result_);
}

}  // namespace wormcast::sim
