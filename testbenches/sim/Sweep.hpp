// `wormcast sweep`: runs a scenario over a grid of scenario keys and seeds, each point in its own
// worker process, every point's result in its own file (resumable), then collects the table and
// figure (SweepTable.hpp). Names no topology family and no paper; docs/sweep.md.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "testbenches/sim/Slurm.hpp"
#include "testbenches/sim/SweepPlan.hpp"

namespace wormcast::sim {

struct SweepOptions {
    std::string scenario;           ///< scenario YAML file
    std::vector<std::string> sets;  ///< --set overrides, applied to every point
    std::vector<std::string> vary;  ///< --vary texts (parse_vary)
    bool zip = false;               ///< pair the axes' values instead of crossing them
    unsigned seeds = 1;             ///< replicas per combination
    unsigned jobs = 0;              ///< worker processes (0: one per core)
    double point_timeout = 0;       ///< seconds; a point running longer is killed (0: none)
    std::string out_dir;            ///< DIR
    bool force = false;             ///< rerun points that have a file
    bool retry_failed = false;      ///< rerun points whose file records a failure
    bool progress_bar = false;      ///< one updating line (a terminal) instead of a line per point
    SlurmOptions slurm;             ///< --slurm: submit the points to run as an array job
};

/// Exit codes a point records, as `wormcast run` would give them (plus the worker's fate).
namespace point_exit {
constexpr int ok = 0;
constexpr int bad_input = 2;    ///< the scenario refused this point's values
constexpr int run_failed = 3;   ///< deadlock, a delivery check failed or not drained
constexpr int model_error = 4;  ///< an internal model error
constexpr int timeout = 124;    ///< killed after --point-timeout (as timeout(1))
}  // namespace point_exit

/// The point file of one run: the run's JSON (sim::to_json) under "result" (null when it has
/// none), the point's key values, replica and seed, and its status, error and exit code.
nlohmann::json point_document(const std::vector<SweepAxis>& axes, const SweepPoint& point,
                              const nlohmann::json& result, int exit_code,
                              const std::string& error);

/// Runs the sweep and collects it; returns 0, or 3 when any point of the grid failed. Throws
/// ConfigError (before any run) for bad options or a point the scenario refuses. With
/// slurm.submit, the points to run are submitted as a Slurm array job instead (returns 0 once
/// submitted; collects when none is left to run); with slurm.task_file, runs only the points of
/// this array task and does not collect (3 when one of them failed).
int run_sweep(const SweepOptions& options, std::ostream& out, std::ostream& progress);

}  // namespace wormcast::sim
