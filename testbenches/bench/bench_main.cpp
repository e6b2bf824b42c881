// Simulation-speed benchmark (DESIGN.md §7, docs/performance.md): fixed mesh workloads, each in
// its own process; prints simulated cycles, wall seconds, router-cycles per second, peak memory.
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "testbenches/sim/Runner.hpp"
#include "topologies/mesh/network/MeshNetwork.hpp"

using namespace wormcast;

namespace {

struct Point {
    std::string name;
    std::string size;
    double load;
    unsigned t_startup;
    Cycle cycles;
};

void run_point(const Point& pt, std::uint64_t seed) {
    const auto shape = mesh::MeshShape::parse(pt.size, false);
    NetworkParams p;
    p.vcs = 1;
    p.buffer_depth = 4;
    p.t_startup = pt.t_startup;
    UniformTraffic t;
    t.load = pt.load;
    t.length = 49;  // + 1 header flit = 50-flit worms
    t.worm_flits = 50;
    t.warmup = 0;
    t.measure = pt.cycles;
    sim::RunOptions o;
    o.seed = seed;
    o.measure = pt.cycles;
    auto r = sim::run_network(mesh::build_mesh_network(shape, p), p,
                              uniform_schedule(t, shape.nodes(), seed), o);
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    fmt::print("{:<28} {:>10} {:>9.3f} {:>14.3g} {:>10.1f} {:>9} {:>8.1f} {:>4}\n", pt.name,
               r.cycles, r.wall_seconds, r.router_cycles_per_second,
               static_cast<double>(r.active_router_cycles) / (double(r.cycles) * r.routers) * 100,
               r.messages_sent, usage.ru_maxrss / 1024.0, r.ok() ? "ok" : "FAIL");
    std::fflush(stdout);
}

/// argv[i] as a whole number in [min, max], or `fallback` when absent; nullopt when it is not one.
std::optional<std::uint64_t> whole_argument(int argc, char** argv, int i, std::uint64_t fallback,
                                            std::uint64_t min, std::uint64_t max) {
    if (argc <= i) return fallback;
    const std::string text = argv[i];
    if (text.empty() || text.size() > 19 ||
        text.find_first_not_of("0123456789") != std::string::npos)
        return std::nullopt;
    const std::uint64_t v = std::stoull(text);
    if (v < min || v > max) return std::nullopt;
    return v;
}

int run_benchmark(Cycle cycles, std::uint64_t seed) {
    const std::vector<Point> points{
        {"mesh 8x8   load 0.01", "8x8", 0.01, 0, cycles},
        {"mesh 8x8   load 0.05", "8x8", 0.05, 0, cycles},
        {"mesh 16x16 load 0.01", "16x16", 0.01, 0, cycles},
        {"mesh 16x16 load 0.05", "16x16", 0.05, 0, cycles},
        {"mesh 8x8   t_s=1000 0.001", "8x8", 0.001, 1000, cycles},
        {"mesh 16x16 t_s=1000 0.001", "16x16", 0.001, 1000, cycles},
    };
    fmt::print(
        "wormcast_bench: 1 VC, buffer depth 4, e-cube, uniform random 50-flit worms, {} cycles, "
        "seed {}\n",
        cycles, seed);
    fmt::print("{:<28} {:>10} {:>9} {:>14} {:>10} {:>9} {:>8} {:>4}\n", "workload", "cycles",
               "wall_s", "router-cyc/s", "active_%", "messages", "peak_MB", "");
    std::fflush(stdout);
    int failures = 0;
    for (const auto& pt : points) {
        // One process per point: peak memory is the point's own, and SystemC state starts clean.
        const pid_t pid = fork();
        if (pid == 0) {
            try {
                run_point(pt, seed);
            } catch (const std::exception& e) {
                std::fprintf(stderr, "%s: %s\n", pt.name.c_str(), e.what());
                _exit(1);
            }
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
    const auto cycles = whole_argument(argc, argv, 1, 100000, 1, 1000000000);
    const auto seed = whole_argument(argc, argv, 2, 1, 0, ~0ull >> 1);
    if (argc > 3 || !cycles || !seed) {
        std::fprintf(stderr,
                     "wormcast_bench: error: usage: wormcast_bench [CYCLES=100000, 1..1e9] "
                     "[SEED=1, 0..2^63-1]\n");
        return 2;
    }
    return run_benchmark(*cycles, *seed);
}
