// Independent simulation runs of a reproduction in parallel worker processes: one fork per run,
// its numbers back to the parent through a pipe (DESIGN.md sec. 7: sweeps run in parallel).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace wormcast::app {

/// What one simulation run of a reproduction measured.
struct KpRunOutcome {
    bool ok = false;                   ///< delivered exactly once, no deadlock, no error
    std::uint64_t latency_cycles = 0;  ///< pattern latency
    std::uint64_t steps = 0;           ///< start-up-only runs: round(latency / t_s); else 0
    std::uint64_t startups_max = 0;    ///< start-ups of the busiest NIC
    double unicast_mean_cycles = 0;    ///< load runs: mean unicast latency
    double multicast_mean_cycles = 0;  ///< load runs: mean multicast latency
    bool saturated = false;            ///< load runs: did not drain in time, or above the cap
    double wall_seconds = 0;
    std::string problem;  ///< why not ok (first delivery problem, deadlock, exception)
};

/// One line of text, the way a worker sends an outcome to the parent; and back.
std::string encode_outcome(const KpRunOutcome& outcome);
KpRunOutcome decode_outcome(const std::string& text);

/// Runs every task and returns their outcomes in task order. jobs <= 1: in this process, one after
/// the other. Otherwise up to `jobs` forked children at a time, one per task; a child that dies
/// or throws yields an outcome with ok = false and the reason. `progress(done, total)` is called
/// in the parent after each finished task.
std::vector<KpRunOutcome> run_in_workers(
    const std::vector<std::function<KpRunOutcome()>>& tasks, unsigned jobs,
    const std::function<void(std::size_t, std::size_t)>& progress);

/// jobs as given, or one per core for 0.
unsigned resolve_jobs(unsigned jobs);

}  // namespace wormcast::app
