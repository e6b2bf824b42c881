// Simulation-speed benchmark (docs/performance.md): named workloads, each in its own process;
// prints simulated cycles, wall seconds, million router-cycles (Mrc/s) and flit-hops (Mfh/s, flits
// over router-to-router links) per second, peak memory in all and per router.
//
//   wormcast_bench [CYCLES] [SEED] [--workload NAME ...] [--list]
//
// The unicast mesh rows are the historical ones (1 VC, 4-flit buffers, e-cube, uniform random
// 50-flit worms, Bernoulli injection); the multicast rows are scenarios of their own (path worms
// with an HL-family scheme on a mesh, ATBM tree worms with bubbles and token rings on a MIN).
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include "testbenches/bench/MeshRows.hpp"
#include "testbenches/sim/Runner.hpp"
#include "testbenches/sim/Scenario.hpp"

using namespace wormcast;

namespace {

struct Workload {
    std::string name;
    std::string description;
    Cycle default_cycles;
    /// Runs the workload for `cycles` measured cycles (then drained) with `seed`.
    std::function<sim::RunResult(Cycle cycles, std::uint64_t seed)> run;
};

/// A unicast mesh row (MeshRows.hpp).
Workload mesh_unicast(const bench::MeshRow& row) {
    return {row.name, bench::describe(row), row.default_cycles,
            [row](Cycle cycles, std::uint64_t seed) {
                sim::RunOptions o;
                o.seed = seed;
                o.measure = cycles;
                return sim::run_network(bench::network(row), bench::params(row),
                                        bench::send_plan(row, cycles, seed), o);
            }};
}

/// A workload written as a scenario (the same file format as `wormcast run`); traffic.measure
/// and run.seed are set by the benchmark.
Workload scenario_workload(const std::string& name, const std::string& description,
                           const std::string& yaml, Cycle default_cycles) {
    return {name, description, default_cycles, [name, yaml](Cycle cycles, std::uint64_t seed) {
                YAML::Node root = YAML::Load(yaml);
                sim::apply_overrides(root, {fmt::format("traffic.measure={}", cycles),
                                            fmt::format("run.seed={}", seed)});
                const sim::Scenario s = sim::parse_scenario(root, "workload " + name);
                return sim::run_network(s.network(), s.params, s.send_plan(), s.run);
            }};
}

std::vector<Workload> workloads() {
    std::vector<Workload> all;
    for (const bench::MeshRow& row : bench::mesh_rows()) all.push_back(mesh_unicast(row));
    all.push_back(scenario_workload(
        "mesh8-pathworm", "mesh 8x8, 5 % multicasts to 2..20 nodes as SCHL path worms, load 0.02",
        R"(network: {topology: mesh, size: 8x8}
router: {vcs: 1, buffer_depth: 4, path_worms: true}
nic: {consumption_channels: 4, t_startup: 0ns, multicast: schl}
traffic: {kind: uniform, load: 0.02, length: 49, multicast_ratio: 0.05,
          multicast_destinations: 2..20, warmup: 0}
)",
        20000));
    all.push_back(scenario_workload(
        "min64-atbm",
        "BI-MIN 64 nodes (4x4 switches), 10 % multicasts to 2..16 nodes as ATBM tree worms "
        "(bubbles, token rings), load 0.02",
        R"(network: {topology: min-bi, b: 4, n: 3, forward: adaptive, tokens: ring}
router: {vcs: 1, buffer_depth: 5, tree_worms: true}
nic: {consumption_channels: 4, t_startup: 0ns, multicast: atbm}
traffic: {kind: uniform, load: 0.02, length: 49, multicast_ratio: 0.1,
          multicast_destinations: 2..16, warmup: 0}
)",
        20000));
    return all;
}

void run_workload(const Workload& w, Cycle cycles, std::uint64_t seed) {
    const sim::RunResult r = w.run(cycles, seed);
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    const std::uint64_t flit_hops =
        std::accumulate(r.link_flits.begin(), r.link_flits.end(), std::uint64_t{0});
    const double peak_kb = static_cast<double>(usage.ru_maxrss);
    fmt::print("{:<15} {:>9} {:>8.3f} {:>8.2f} {:>8.2f} {:>8.1f} {:>8} {:>8.1f} {:>7.1f} {:>4}\n",
               w.name, r.cycles, r.wall_seconds, r.router_cycles_per_second / 1e6,
               r.wall_seconds > 0 ? static_cast<double>(flit_hops) / r.wall_seconds / 1e6 : 0.0,
               static_cast<double>(r.active_router_cycles) / (double(r.cycles) * r.routers) * 100,
               r.messages_sent, peak_kb / 1024.0, peak_kb / r.routers, r.ok() ? "ok" : "FAIL");
    std::fflush(stdout);
}

int run_benchmark(const std::vector<Workload>& chosen, std::optional<Cycle> cycles,
                  std::uint64_t seed) {
    fmt::print("wormcast_bench: seed {}, {}; each workload in its own process, then drained\n",
               seed,
               cycles ? fmt::format("{} measured cycles each", *cycles)
                      : std::string("each workload's default cycles (--list)"));
    fmt::print("{:<15} {:>9} {:>8} {:>8} {:>8} {:>8} {:>8} {:>8} {:>7} {:>4}\n", "workload",
               "cycles", "wall_s", "Mrc/s", "Mfh/s", "active_%", "messages", "peak_MB", "KB/rtr",
               "");
    std::fflush(stdout);
    int failures = 0;
    for (const auto& w : chosen) {
        // One process per workload: peak memory is the workload's own, and SystemC starts clean.
        const pid_t pid = fork();
        if (pid == 0) {
            try {
                run_workload(w, cycles.value_or(w.default_cycles), seed);
            } catch (const std::exception& e) {
                std::fprintf(stderr, "wormcast_bench: %s: %s\n", w.name.c_str(), e.what());
                std::fflush(stderr);
                _exit(1);
            }
            std::fflush(stdout);
            _exit(0);
        }
        int status = 0;
        waitpid(pid, &status, 0);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) ++failures;
    }
    return failures ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
    const std::vector<Workload> all = workloads();
    bench::Arguments args;
    if (const auto exit = bench::parse_arguments(
            argc, argv, "wormcast_bench",
            "wormcast_bench: simulation speed on named workloads (docs/performance.md)", 1000000000,
            args))
        return *exit;
    if (args.list) {
        for (const auto& w : all)
            fmt::print("{:<15} {:>6} cycles  {}\n", w.name, w.default_cycles, w.description);
        return 0;
    }
    const auto chosen = bench::choose(all, args.names, true, "wormcast_bench");
    if (!chosen) return 2;
    return run_benchmark(*chosen, args.cycles, args.seed);
}
