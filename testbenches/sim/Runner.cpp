// Simulation point runner (see Runner.hpp).
#include "testbenches/sim/Runner.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <sstream>

#include <fmt/format.h>
#include <systemc>

#include "systemc/Kernel.hpp"
#include "systemc/Network.hpp"
#include "systemc/Router.hpp"
#include "systemc/rtl/RtlWaves.hpp"
#include "testbenches/sim/Sampling.hpp"
#include "testbenches/sim/Waveform.hpp"
#include "testbenches/traffic/TrafficHost.hpp"

namespace wormcast::sim {

using namespace sc_core;

namespace {

/// Refuses a waveform path SystemC could not write, before the run: its directory must exist and
/// the path must not be a directory or a special file (a VCD is renamed into place).
void check_vcd_target(const std::string& path) {
    namespace fs = std::filesystem;
    std::error_code error;
    const fs::path p(path);
    const fs::path dir = p.parent_path().empty() ? fs::path(".") : p.parent_path();
    if (!fs::is_directory(dir, error))
        throw ConfigError(
            fmt::format("VCD file '{}': directory '{}' does not exist", path, dir.string()));
    if (fs::exists(p, error) && !fs::is_regular_file(p, error))
        throw ConfigError(fmt::format("VCD file '{}': exists and is not a regular file", path));
}

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

RunResult run_network(NetworkSpec spec, const NetworkParams& params, SendPlan sends,
                      const RunOptions& options) {
    fresh_kernel();
    RunResult result;
    result.seed = options.seed;
    result.network = spec.name;
    result.nodes = static_cast<std::uint32_t>(spec.nodes.size());
    result.routers = static_cast<std::uint32_t>(spec.routers.size());
    const auto link_metrics = spec.link_metrics;
    result.links = spec.links;
    for (const RouterSpec& router : spec.routers) result.router_names.push_back(router.name);

    // Leaked on purpose with the context: SystemC objects must not outlive or be torn down
    // separately from the kernel that owns them.
    auto* network = new Network("net", std::move(spec), params);
    const sc_time clock = network->clock();
    result.rtl_routers = rtl::rtl_routers(*network, {});
    const Cycle last_send = sends.last_send();
    auto streams = sends.take_streams(network->nodes());
    std::vector<std::size_t> fault_index;  ///< of each armed fault in its router's faults()
    for (const RouterFault& f : options.faults) {
        if (f.router >= network->routers() || network->is_drop_in(f.router))
            throw ConfigError(
                fmt::format("faults: {} is not a SystemC router of this network", f.label));
        fault_index.push_back(network->router(f.router).add_fault(f.fault));
    }
    std::vector<TrafficHost*> hosts;
    for (NodeId n = 0; n < network->nodes(); ++n) {
        auto* host =
            new TrafficHost(fmt::format("host{}", n).c_str(), std::move(streams[n]), clock);
        host->to_nic.bind(network->nic(n).host_in);
        network->nic(n).host_out.bind(host->from_nic);
        hosts.push_back(host);
    }
    std::unique_ptr<MessageTraceLog> message_trace;
    if (!options.trace_messages_path.empty()) {
        message_trace = std::make_unique<MessageTraceLog>(options.trace_messages);
        network->set_message_trace(message_trace.get());
    }
    // Each record is folded into the results once final and dropped from the ledger (the rest at
    // the end), so memory does not grow with the number of messages in a run.
    const Cycle traffic_end = options.warmup + options.measure;
    TrafficTally tally(options.warmup, traffic_end);
    std::optional<SaturationTally> saturation;  // open until judged at the end of the traffic
    if (options.stop_when_saturated && options.measure > 0)
        saturation.emplace(network->nodes(), options.warmup + options.measure / 2, traffic_end);
    std::uint64_t delivered_multicasts = 0;  // for the progress lines
    auto fold_multicast = [&](const MulticastRecord& mc) {
        if (mc.complete()) ++delivered_multicasts;
        tally.add(mc);
        if (saturation) saturation->add({mc.submitted, mc.first_injected, mc.length});
    };
    auto fold_message = [&](const MessageRecord& m) {
        tally.add(m);
        if (options.record_arrivals)
            for (const auto& [node, cycle] : m.arrived)
                result.arrival_digest.push_back({m.id, node, cycle});
        if (!message_trace || !message_trace->wants(m.id)) return;
        // Each traced message's own line: who sent it where, when, and when each copy arrived.
        nlohmann::ordered_json arrived = nlohmann::ordered_json::object();
        for (const auto& [node, cycle] : m.arrived) arrived[network->node_name(node)] = cycle;
        std::vector<std::string> receivers;
        for (NodeId r : m.receivers) receivers.push_back(network->node_name(r));
        std::ostringstream header;
        header << m.header;
        message_trace->add(m.id, "message", m.injected,
                           {{"source", network->node_name(m.sender)},
                            {"source_id", m.sender},
                            {"destinations", receivers},
                            {"destination_ids", m.receivers},
                            {"header", header.str()},
                            {"header_flits", m.header_flits},
                            {"length", m.length},
                            {"injected", m.injected},
                            {"arrived", arrived}});
    };
    if (!options.keep_records) network->ledger().retire_into(fold_multicast, fold_message);
    // The waveform is written under a temporary name (SystemC appends ".vcd" to the base) and
    // renamed when the run ends, so an interrupted run leaves no file that looks complete.
    // An FST is made from the VCD after the run (Waveform.hpp).
    // A name given that is a device or a directory (--vcd /dev/full) is refused, not turned into
    // NAME.vcd beside it.
    for (const auto& [option, given] :
         {std::pair{"--vcd", options.vcd_path}, std::pair{"--fst", options.fst_path}}) {
        std::error_code error;
        if (!given.empty() && std::filesystem::exists(given, error) &&
            !std::filesystem::is_regular_file(given, error))
            throw ConfigError(fmt::format(
                "{}: '{}' exists and is not a regular file (a waveform is written to NAME.vcd "
                "under a temporary name and renamed)",
                option, given));
    }
    const WaveformFiles waves = WaveformFiles::from_options(options.vcd_path, options.fst_path);
    if (!waves.fst.empty()) {
        check_fst_converter(options.fst_path.empty() ? "--vcd" : "--fst");
        check_vcd_target(waves.fst);
    }
    sc_trace_file* vcd = nullptr;
    std::string vcd_partial;
    if (waves.any()) {
        std::string base = waves.written_vcd;
        base.resize(base.size() - 4);  // SystemC appends ".vcd"
        result.vcd_path = waves.vcd;
        check_vcd_target(waves.written_vcd);
        vcd_partial = base + ".partial.vcd";
        vcd = sc_create_vcd_trace_file((base + ".partial").c_str());
        if (!vcd) throw ConfigError(fmt::format("cannot write VCD file '{}'", result.vcd_path));
        // RTL routers move their clock at half periods, and their VCD counts in the kernel's
        // resolution: the same unit here keeps both files on one time axis.
        if (result.rtl_routers.empty())
            vcd->set_time_unit(1, SC_NS);
        else
            vcd->set_time_unit(sc_get_time_resolution().to_seconds(), SC_SEC);
        network->trace(vcd, options.trace_routers);
    }
    // A process that hit an error stopped the run; rethrow that error as it was raised.
    auto check_fault = [&] {
        if (network->monitor().fault) std::rethrow_exception(network->monitor().fault);
    };
    // The Verilated routers' internals go to a second VCD next to it (Verilator's own tracing).
    std::unique_ptr<rtl::RtlWaves> rtl_waves;
    if (vcd) {
        const auto traced_rtl = rtl::rtl_routers(*network, options.trace_routers);
        if (!traced_rtl.empty()) {
            sc_start(SC_ZERO_TIME);  // Verilator opens its SystemC trace file after elaboration
            check_fault();
            rtl_waves = std::make_unique<rtl::RtlWaves>(*network, traced_rtl, waves.rtl_vcd);
            if (!waves.vcd.empty()) result.rtl_vcd_path = rtl_waves->path();
        }
    }

    const auto wall_start = std::chrono::steady_clock::now();
    // SystemC's time is a 64-bit count of its resolution (1 ps): the whole run, drain included,
    // must fit in it.
    const double last_cycle = static_cast<double>(std::max(traffic_end, last_send + 1)) +
                              static_cast<double>(options.drain_limit);
    if (last_cycle * static_cast<double>(clock.value()) >= 1.8e19)
        throw ConfigError(
            fmt::format("clock_ns: {} cycles of {} would pass the end of simulated time ({})",
                        last_cycle, clock.to_string(), sc_max_time().to_string()));
    // The traffic phases in slices of about a tenth of a second of wall time each (the slices
    // change no result), reporting progress and judging the cycle budget after each.
    const Cycle main_end = std::max(traffic_end, last_send + 1);
    const auto progress_at = [&](Cycle now, bool draining, bool final) {
        RunProgress p;
        p.cycle = now;
        p.warmup = options.warmup;
        p.traffic_end = main_end;
        p.delivered = delivered_multicasts;
        p.wall_seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
        p.draining = draining;
        p.final = final;
        return p;
    };
    const auto abandon_waveform = [&] {  // an interrupted run leaves no waveform
        if (!vcd) return;
        sc_close_vcd_trace_file(vcd);
        vcd = nullptr;
        std::remove(vcd_partial.c_str());
    };
    Cycle slice = 1000;
    for (Cycle now = 0; now < main_end;) {
        const Cycle step = std::min(slice, main_end - now);
        const auto slice_start = std::chrono::steady_clock::now();
        sc_start(clock * static_cast<double>(step));
        check_fault();
        now += step;
        if (network->watchdog().fired()) break;
        const RunProgress p = progress_at(now, false, false);
        try {
            check_run_budget(p, options.max_hours);
        } catch (const ConfigError&) {
            abandon_waveform();
            throw;
        }
        if (options.progress) options.progress(p);
        const double took =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - slice_start).count();
        if (took < 0.05 && slice < (Cycle{1} << 30)) slice *= 2;
        if (took > 0.4 && slice > 100) slice /= 2;
    }
    // Drain: run in chunks until every message and multicast is delivered and all NICs are idle.
    const Cycle chunk = std::max<Cycle>(1000, params.t_startup / 4);
    auto all_quiet = [&] {
        if (!network->ledger().all_delivered() || network->monitor().flits_in_network != 0)
            return false;
        for (NodeId n = 0; n < network->nodes(); ++n)
            if (!network->nic(n).quiescent() || !hosts[n]->done()) return false;
        return true;
    };
    // A saturated network is not drained: its queues would only show how long they got. A
    // wait-for cycle among the blocked channels is left to the watchdog (deadlock, not load).
    // A request leaves its source's queue when its first worm takes an injection channel.
    if (saturation && !network->watchdog().fired()) {
        for (const auto& [id, mc] : network->ledger().multicasts())
            saturation->add({mc.submitted, mc.first_injected, mc.length});
        result.saturation = saturation->verdict();
        result.saturated = result.saturation->saturated && !network->has_wait_cycle();
    }
    saturation.reset();
    for (Cycle drained_for = 0;
         !result.saturated && !network->watchdog().fired() && drained_for < options.drain_limit;
         drained_for += chunk) {
        if (all_quiet()) break;
        sc_start(clock * static_cast<double>(chunk));
        check_fault();
        if (options.progress)
            options.progress(progress_at(sc_time_stamp().value() / clock.value(), true, false));
    }
    result.drained = !network->watchdog().fired() && all_quiet();
    const auto wall_end = std::chrono::steady_clock::now();
    if (options.progress)
        options.progress(progress_at(sc_time_stamp().value() / clock.value(), true, true));
    network->ledger().retire_into(nullptr, nullptr);  // the records left are folded below
    if (vcd) {
        sc_close_vcd_trace_file(vcd);
        std::error_code error;
        std::filesystem::rename(vcd_partial, waves.written_vcd, error);
        if (error)
            throw ConfigError(
                fmt::format("cannot write VCD file '{}': {}", waves.written_vcd, error.message()));
    }
    if (rtl_waves) rtl_waves->close();
    if (vcd && !waves.fst.empty()) {
        convert_to_fst(waves.written_vcd, waves.fst, waves.vcd.empty());
        result.fst_path = waves.fst;
        if (rtl_waves) {
            convert_to_fst(waves.rtl_vcd, waves.rtl_fst, waves.vcd.empty());
            result.rtl_fst_path = waves.rtl_fst;
        }
    }

    result.cycles = sc_time_stamp().value() / clock.value();
    result.wall_seconds = std::chrono::duration<double>(wall_end - wall_start).count();
    result.router_cycles_per_second =
        result.wall_seconds > 0
            ? static_cast<double>(result.cycles) * result.routers / result.wall_seconds
            : 0;
    result.active_router_cycles = network->active_router_cycles();
    result.deadlock = network->watchdog().fired();
    result.deadlock_cycle = network->watchdog().fired_at();
    result.deadlock_report = network->watchdog().report();
    if (result.deadlock) result.deadlock_dot = network->waits_dot();
    result.problems = network->ledger().problems(/*final=*/!result.deadlock && !result.saturated);
    for (const auto& [id, m] : network->ledger().messages()) fold_message(m);
    for (const auto& [id, mc] : network->ledger().multicasts()) fold_multicast(mc);
    if (message_trace)
        write_output_file(options.trace_messages_path, message_trace->jsonl(), "--trace-messages");
    if (!result.drained && !result.deadlock && !result.saturated)
        result.problems.insert(
            result.problems.begin(),
            fmt::format("not everything was delivered within {} cycles after the traffic ended",
                        options.drain_limit));
    result.traffic = tally.stats(result.nodes);
    result.unicast_latency = tally.unicast_latency();
    result.multicast_latency = tally.multicast_latency();
    std::uint64_t offered_flits = 0;
    for (TrafficHost* host : hosts) offered_flits += host->measured_flits();
    if (options.measure > 0)
        result.offered_flits_per_node_cycle =
            static_cast<double>(offered_flits) /
            (static_cast<double>(result.nodes) * static_cast<double>(options.measure));
    // Offered and accepted per destination (docs/results.md), over the measured window or, with
    // none, the whole run.
    result.throughput_whole_run = options.measure == 0;
    result.throughput_window_cycles = options.measure > 0 ? options.measure : result.cycles;
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
    for (std::size_t r = 0; r < network->routers(); ++r)
        result.router_counts.push_back(network->router_counts(r));
    for (NodeId n = 0; n < network->nodes(); ++n) {
        const auto& st = network->nic(n).stats();
        result.startups_per_node.push_back(st.startups);
        result.startups_total += st.startups;
        result.startups_max = std::max(result.startups_max, st.startups);
        result.flits_injected += st.flits_injected;
        result.flits_consumed += st.flits_consumed;
    }
    result.messages_sent = network->ledger().messages_added();
    result.ledger_peak_records = network->ledger().peak_records();
    result.pattern_latency = tally.pattern_latency();
    result.link_flits = network->link_flits();
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
    if (link_metrics) result.network_metrics = link_metrics(result.link_flits);
    result.bubbles = network->bubbles();
    result.token_grants = network->token_stats().grants;
    result.token_wait_cycles = network->token_stats().wait_cycles;
    std::sort(result.arrival_digest.begin(), result.arrival_digest.end());
    audit_credits(*network, clock, result);
    for (std::size_t i = 0; i < options.faults.size(); ++i) {
        const RouterFault& f = options.faults[i];
        result.faults.push_back(
            describe_fault(network->router(f.router).faults()[fault_index[i]], f.label));
    }
    return result;
}

}  // namespace wormcast::sim
