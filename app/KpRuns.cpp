// One run of a Kesavan & Panda reproduction (see KpRuns.hpp): workload, parameters, network run.
// Timing follows §5 of the paper; the start-up-only mode follows §2.3 (issue 4, definition 6).
#include "app/KpRuns.hpp"

#include <chrono>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <memory>
#include <random>

#include <fmt/format.h>

#include "app/MeshMulticastRuns.hpp"
#include "app/Stopwatch.hpp"
#include "topologies/mesh/MulticastWorkloads.hpp"

namespace wormcast::app {

const char* to_string(KpOverlap overlap) {
    return overlap == KpOverlap::Complete ? "complete" : "random";
}

namespace {

/// A latency of the paper in ns as whole cycles of the clock; anything else is a model error
/// (DESIGN.md §2: no rounding of latencies).
unsigned cycles_of(double ns, double clock_ns) {
    const double cycles = ns / clock_ns;
    if (cycles < 0 || std::fabs(cycles - std::round(cycles)) > 1e-9)
        throw ConfigError(fmt::format("{} ns is not a whole number of {} ns cycles", ns, clock_ns));
    return static_cast<unsigned>(std::llround(cycles));
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
    return startup_only_params(spec.config.shape, 2 * spec.config.shape.dimensions());
}

KpRunOutcome run_kp_point(const KpRunSpec& spec) {
    const NetworkParams params = kp_params(spec);
    const std::uint32_t nodes = spec.config.shape.nodes();
    std::mt19937_64 rng(spec.seed);
    const auto pattern =
        spec.overlap == KpOverlap::Complete
            ? mesh::complete_overlap_workload(nodes, spec.sources, spec.set_size, rng, spec.length)
            : mesh::random_overlap_workload(nodes, spec.sources, spec.set_size, rng, spec.length);
    const auto [r, wall_seconds] =
        timed([&] { return run_mesh_pattern(spec.config, params, pattern, spec.seed); });
    KpRunOutcome outcome;
    outcome.wall_seconds = wall_seconds;
    outcome.ok = r.ok();
    outcome.latency_cycles = r.pattern_latency;
    outcome.startups_max = r.startups_max;
    if (spec.timing == KpTiming::StartupOnly) outcome.steps = startup_steps(r, params);
    if (r.deadlock)
        outcome.problem = fmt::format("deadlock at cycle {}", r.deadlock_cycle);
    else if (!r.problems.empty())
        outcome.problem = r.problems.front();
    else if (!r.drained)
        outcome.problem = "not everything delivered before the drain limit";
    return outcome;
}

std::uint64_t kp_seed(std::uint64_t base, std::initializer_list<std::uint64_t> parts) {
    auto mix = [](std::uint64_t z) {
        z += 0x9e3779b97f4a7c15ull;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    };
    std::uint64_t h = mix(base);
    for (std::uint64_t part : parts) h = mix(h ^ mix(part));
    return h;
}

std::optional<std::string> failed_runs(const KpStats& stats) {
    if (!stats.failed) return std::nullopt;
    return fmt::format("{} runs failed, first: {}", stats.failed, stats.first_problem);
}

KpStats kp_stats(const std::vector<KpRunOutcome>& outcomes,
                 const std::function<double(const KpRunOutcome&)>& value) {
    KpStats s;
    double sum = 0, sum_sq = 0;
    for (const auto& o : outcomes) {
        if (!o.ok) {
            if (s.failed++ == 0) s.first_problem = o.problem;
            continue;
        }
        const double v = value(o);
        if (s.runs == 0 || v < s.min) s.min = v;
        if (s.runs == 0 || v > s.max) s.max = v;
        sum += v;
        sum_sq += v * v;
        ++s.runs;
    }
    if (s.runs > 0) s.mean = sum / s.runs;
    if (s.runs > 1)
        s.stddev = std::sqrt(std::max(0.0, (sum_sq - s.runs * s.mean * s.mean) / (s.runs - 1)));
    return s;
}

std::function<void(std::size_t, std::size_t)> kp_progress_printer(const std::string& name,
                                                                  double interval_seconds) {
    const auto start = std::chrono::steady_clock::now();
    auto last = std::make_shared<std::chrono::steady_clock::time_point>(start);
    return [name, interval_seconds, start, last](std::size_t done, std::size_t total) {
        const auto now = std::chrono::steady_clock::now();
        if (done < total && std::chrono::duration<double>(now - *last).count() < interval_seconds)
            return;
        *last = now;
        std::cerr << fmt::format("{}: {}/{} runs done, {:.1f} min\n", name, done, total,
                                 std::chrono::duration<double>(now - start).count() / 60.0);
    };
}

void kp_make_directory(const std::string& dir) {
    std::error_code error;
    std::filesystem::create_directories(dir, error);
    if (error)
        throw ConfigError(
            fmt::format("--out: cannot create directory '{}': {}", dir, error.message()));
}

std::string kp_path(const std::string& dir, const std::string& file) {
    return (std::filesystem::path(dir) / file).string();
}

}  // namespace wormcast::app
