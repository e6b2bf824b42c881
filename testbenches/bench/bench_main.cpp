// Simulation-speed benchmark (DESIGN.md §7, docs/performance.md): fixed mesh workloads, each in
// its own process; prints simulated cycles, wall seconds, router-cycles per second, peak memory.
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
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

}  // namespace

int main(int argc, char** argv) {
    const Cycle cycles = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 100000;
    const std::uint64_t seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 1;
    if (cycles == 0) {
        std::fprintf(stderr, "usage: wormcast_bench [CYCLES=100000] [SEED=1]\n");
        return 2;
    }
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
