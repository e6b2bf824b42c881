// The benchmark's unicast mesh rows and the command line of the two programs that run them
// (wormcast_bench, and wormcast_kernel_floor, which replays them on the kernel alone), written
// once so that both measure the same workloads (docs/performance.md).
#pragma once

#include <algorithm>
#include <cstdint>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "systemc/NetworkParams.hpp"
#include "testbenches/traffic/TrafficSchedule.hpp"
#include "topologies/mesh/network/MeshNetwork.hpp"

namespace wormcast::bench {

/// A unicast mesh workload: 1 VC, 4-flit buffers, e-cube routing, default timing, uniform random
/// 50-flit worms (1 header + 49 payload flits), Bernoulli injection at `load`, no warm-up.
struct MeshRow {
    std::string name;
    std::string size;    ///< the mesh, as "8x8"
    double load;         ///< flits/node/cycle
    unsigned t_startup;  ///< the NICs' start-up, cycles
    Cycle default_cycles;
};

/// The rows, in the benchmark's order.
inline const std::vector<MeshRow>& mesh_rows() {
    static const std::vector<MeshRow> rows = {
        {"mesh8-0.01", "8x8", 0.01, 0, 50000},       {"mesh8-0.05", "8x8", 0.05, 0, 50000},
        {"mesh16-0.01", "16x16", 0.01, 0, 50000},    {"mesh16-0.05", "16x16", 0.05, 0, 50000},
        {"mesh8-ts1000", "8x8", 0.001, 1000, 50000}, {"mesh16-ts1000", "16x16", 0.001, 1000, 50000},
        {"mesh32-0.01", "32x32", 0.01, 0, 10000},    {"mesh64-0.01", "64x64", 0.01, 0, 10000},
    };
    return rows;
}

inline std::string describe(const MeshRow& row) {
    return fmt::format("mesh {}, uniform unicast 50-flit worms, load {}{}", row.size, row.load,
                       row.t_startup ? fmt::format(", t_s = {} cycles", row.t_startup) : "");
}

inline mesh::MeshShape shape(const MeshRow& row) {
    return mesh::MeshShape::parse(row.size, false);
}

inline NetworkParams params(const MeshRow& row) {
    NetworkParams p;
    p.vcs = 1;
    p.buffer_depth = 4;
    p.t_startup = row.t_startup;
    return p;
}

/// The row's traffic, measured for `cycles`.
inline UniformTraffic traffic(const MeshRow& row, Cycle cycles) {
    UniformTraffic t;
    t.load = row.load;
    t.length = 49;  // + 1 header flit = 50-flit worms
    t.worm_flits = 50;
    t.warmup = 0;
    t.measure = cycles;
    return t;
}

inline NetworkSpec network(const MeshRow& row) {
    return mesh::build_mesh_network(shape(row), params(row));
}

/// The row's sends for `cycles` measured cycles with `seed`.
inline SendPlan send_plan(const MeshRow& row, Cycle cycles, std::uint64_t seed) {
    return SendPlan::uniform(traffic(row, cycles), shape(row).nodes(), seed);
}

/// `PROGRAM [CYCLES] [SEED] [--workload NAME ...] [--list]`
struct Arguments {
    std::optional<std::uint64_t> cycles;  ///< measured cycles of every workload (else its own)
    std::uint64_t seed = 1;
    std::vector<std::string> names;  ///< the workloads to run (none: all)
    bool list = false;
};

/// Reads the command line into `args`. Returns the exit code when the program is to stop there:
/// 0 after --help, 2 after an error (printed, naming the program's --help).
inline std::optional<int> parse_arguments(int argc, char** argv, const std::string& program,
                                          const std::string& title, std::uint64_t max_cycles,
                                          Arguments& args) {
    CLI::App app{title};
    app.add_option("cycles", args.cycles, "measured cycles of every workload (default: its own)")
        ->check(CLI::Range(std::uint64_t{1}, max_cycles));
    app.add_option("seed", args.seed, "seed of the traffic")
        ->check(CLI::Range(std::uint64_t{0}, std::uint64_t{~0ull >> 1}));
    app.add_option("--workload,-w", args.names, "run only these workloads (default: all)");
    app.add_flag("--list", args.list, "list the workloads and exit");
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        std::cerr << program << ": error: " << e.what() << " (" << program << " --help)\n";
        return 2;
    }
    return std::nullopt;
}

/// The workloads `names` names, in their order (all of them when it names none; `all_name`: the
/// name "all" stands for all of them too); none, after printing an error naming the unknown one.
template <typename Workload>
std::optional<std::vector<Workload>> choose(const std::vector<Workload>& all,
                                            const std::vector<std::string>& names, bool all_name,
                                            const std::string& program) {
    std::vector<Workload> chosen;
    for (const auto& name : names) {
        if (all_name && name == "all") return all;
        const auto it =
            std::find_if(all.begin(), all.end(), [&](const Workload& w) { return w.name == name; });
        if (it == all.end()) {
            std::cerr << fmt::format("{}: error: --workload {}: no such workload ({} --list)\n",
                                     program, name, program);
            return std::nullopt;
        }
        chosen.push_back(*it);
    }
    if (chosen.empty()) chosen = all;
    return chosen;
}

}  // namespace wormcast::bench
