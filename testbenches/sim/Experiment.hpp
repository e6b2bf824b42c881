// The experiment seam (docs/architecture.md): a paper's reproductions are a suite of experiments,
// each printing wormcast's numbers beside the paper's and writing CSV (and a PNG for figures)
// through the simulation layer. The program lists and runs them by name and passes on the
// suite's own options without knowing what they mean.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "testbenches/sim/Slurm.hpp"
#include "topologies/TopologyFamily.hpp"

namespace wormcast::sim {

/// Options every reproduction takes, and the suite's own as given on the command line.
struct ReproduceOptions {
    /// Random patterns averaged per point; unset: the papers' 30, or the --quick default.
    std::optional<unsigned> runs;
    bool quick = false;               ///< scaled-down sizes (and, unless runs is given, runs)
    std::string out_dir = "results";  ///< CSV and PNG files go here
    std::uint64_t seed = 1;
    unsigned jobs = 0;     ///< parallel worker processes (0: one per core)
    OptionValues options;  ///< the suite's options that were given (ExperimentSuite::options)
};

/// Runs per point: the explicit --runs if given, else `quick_default` with --quick, else 30.
unsigned runs_per_point(const ReproduceOptions& options, unsigned quick_default);

struct Experiment {
    std::string name;                                 ///< e.g. "kp-table1"
    std::string description;                          ///< one line
    std::function<int(const ReproduceOptions&)> run;  ///< exit code
};

/// One paper's reproductions (testbenches/experiments/<paper>/).
struct ExperimentSuite {
    std::string paper;                   ///< authors and title, for --list
    std::vector<CommandOption> options;  ///< options of its own, parsed by its experiments
    /// Refuses option values the suite cannot use (ConfigError naming the option), before any run.
    std::function<void(const OptionValues&)> check_options;
    std::vector<Experiment> experiments;
};

/// How `reproduce` keeps and places its runs (docs/cluster.md).
struct ReproduceRunOptions {
    bool force = false;         ///< rerun every run, even those with a file
    bool retry_failed = false;  ///< rerun the runs recorded as failed
    bool collect = false;       ///< run nothing: print the tables from the files, 3 if runs miss
    SlurmOptions slurm;         ///< --slurm: submit the runs still to do as an array job
};

/// Where an experiment's runs are kept: OUT/points/NAME-HASH, HASH a 16-hex-digit hash of the
/// options that decide its runs (name, runs, quick, seed, the suite's options; not jobs or out).
std::string reproduction_points_dir(const std::string& name, const ReproduceOptions& options);

/// Runs an experiment with every run kept in its own file (a sim::TaskStore in
/// reproduction_points_dir): a rerun loads the runs done and runs the rest. With run.slurm.submit,
/// submits the runs still to do as a Slurm array job and returns 0 (an experiment whose later
/// runs depend on earlier outcomes submits them when run again); with run.slurm.task_file, runs
/// this array task's runs only. Returns the experiment's exit code (3 for --collect with runs
/// missing).
int run_reproduction(const Experiment& experiment, const ReproduceOptions& options,
                     const ReproduceRunOptions& run, std::ostream& out);

/// Every suite, in a stable order (testbenches/experiments/Experiments.cpp: one line per paper).
std::vector<ExperimentSuite> experiment_suites();

}  // namespace wormcast::sim
