// One run of a Kesavan & Panda reproduction (see KpRuns.hpp): workload, parameters, network run.
// Timing follows §5 of the paper; the start-up-only mode follows §2.3 (issue 4, definition 6).
#include "testbenches/experiments/kp/KpRuns.hpp"

#include <chrono>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <memory>
#include <random>

#include <fmt/format.h>

#include "systemc/pure/Time.hpp"
#include "testbenches/sim/PatternRun.hpp"
#include "testbenches/sim/Stopwatch.hpp"
#include "topologies/mesh/MulticastWorkloads.hpp"
#include "topologies/mesh/network/MeshFamily.hpp"

namespace wormcast::kp {

using namespace sim;  // the simulation layer this experiment runs on

const char* to_string(KpOverlap overlap) {
    return overlap == KpOverlap::Complete ? "complete" : "random";
}

namespace {

/// A latency of the paper in ns as whole cycles of the clock; anything else is a model error
/// (DESIGN.md §2: no rounding of latencies).
unsigned cycles_of(double ns, double clock_ns) {
    const auto cycles = whole_cycles(ns, clock_ns);
    if (!cycles)
        throw ConfigError(fmt::format("{} ns is not a whole number of {} ns cycles", ns, clock_ns));
    return static_cast<unsigned>(*cycles);
}

}  // namespace

NetworkParams kp_section5_params(const mesh::MeshShape& shape,
                                 mesh::MeshMulticastAlgorithm algorithm) {
    NetworkParams p;
    p.clock_ns = 5.0;
    const bool multidest = mesh::uses_multidestination_worms(algorithm);
    p.t_startup = cycles_of(5000.0, p.clock_ns);  // t_s = 5 µs
    p.t_phy = cycles_of(5.0, p.clock_ns);
    p.t_sw = cycles_of(5.0, p.clock_ns);
    p.t_inj = cycles_of(5.0, p.clock_ns);
    p.t_cons = cycles_of(5.0, p.clock_ns);
    p.t_node_multidest = cycles_of(40.0, p.clock_ns);
    p.t_node = multidest ? p.t_node_multidest : cycles_of(20.0, p.clock_ns);
    p.path_worms = multidest;
    p.consumption_channels = 2 * shape.dimensions();
    p.injection_channels = 1;  // one send engine per NIC (issue 4, definition 5)
    p.buffer_depth = 4;        // the paper does not give one; the model's default
    // A NIC in a start-up moves no flit for t_s cycles; the watchdog only fires when flits sit
    // in the network and none moves, so a margin of several start-ups is ample.
    p.watchdog_cycles = 20 * p.t_startup;
    return p;
}

NetworkParams kp_params(const KpRunSpec& spec) {
    if (spec.timing == KpTiming::Section5)
        return kp_section5_params(spec.config.shape, spec.config.algorithm);
    return sim::startup_only_params(2 * spec.config.shape.dimensions());
}

RunOutcome run_kp_point(const KpRunSpec& spec) {
    const NetworkParams params = kp_params(spec);
    const std::uint32_t nodes = spec.config.shape.nodes();
    std::mt19937_64 rng(spec.seed);
    const auto pattern =
        spec.overlap == KpOverlap::Complete
            ? mesh::complete_overlap_workload(nodes, spec.sources, spec.set_size, rng, spec.length)
            : mesh::random_overlap_workload(nodes, spec.sources, spec.set_size, rng, spec.length);
    const auto [r, wall_seconds] =
        sim::timed([&] { return run_mesh_pattern(spec.config, params, pattern, spec.seed); });
    RunOutcome outcome;
    outcome.wall_seconds = wall_seconds;
    outcome.ok = r.ok();
    outcome.latency_cycles = r.pattern_latency;
    outcome.startups_max = r.startups_max;
    if (spec.timing == KpTiming::StartupOnly) outcome.steps = sim::startup_steps(r, params);
    if (r.deadlock)
        outcome.problem = fmt::format("deadlock at cycle {}", r.deadlock_cycle);
    else if (!r.problems.empty())
        outcome.problem = r.problems.front();
    else if (!r.drained)
        outcome.problem = "not everything delivered before the drain limit";
    return outcome;
}

RunOutcome RunOutcome::failed(std::string why) {
    RunOutcome o;
    o.problem = std::move(why);
    return o;
}

SuiteOptions SuiteOptions::parse(const OptionValues& options) {
    SuiteOptions s;
    const auto phase = options.find("--leader-phase");
    if (phase != options.end()) {
        try {
            s.leader_phase = mesh::parse_leader_phase(phase->second);
        } catch (const ConfigError& e) {
            throw ConfigError(fmt::format("--leader-phase: {}", e.what()));
        }
    }
    return s;
}

sim::RunResult run_mesh_pattern(const mesh::MeshMulticastConfig& config,
                                const NetworkParams& params,
                                const std::vector<MulticastRequest>& pattern, std::uint64_t seed) {
    config.validate();
    const auto topology = mesh::mesh_topology(config.shape);
    const OptionValues options{{"--leader-phase", mesh::to_string(config.leader_phase)}};
    return sim::run_pattern(
        sim::scheme_network(*topology, mesh::to_string(config.algorithm), options, params), params,
        pattern, seed);
}

}  // namespace wormcast::kp
