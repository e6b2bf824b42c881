// Runs of a sweep or a reproduction as a Slurm array job (docs/cluster.md): the runs still to do
// are listed in a file, chunked into array tasks, and each task runs the same wormcast command
// again with --slurm-task FILE, which runs only its chunk into the same per-run files. Names no
// topology family and no paper.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace wormcast::sim {

/// --slurm and its options, as given to `sweep` or `reproduce`.
struct SlurmOptions {
    bool submit = false;  ///< --slurm: submit the runs still to do instead of running
    std::vector<std::string>
        opts;              ///< --slurm-opt: sbatch options ("partition=x" -> --partition=x)
    unsigned chunk = 0;    ///< --slurm-chunk: runs per array task (0: at most 1000 tasks)
    bool dry_run = false;  ///< --slurm-dry-run: write the run list and script, not submit
    /// The command an array task runs (absolute binary first), without the --slurm options.
    std::vector<std::string> command;
    std::string task_file;  ///< --slurm-task FILE: this process is one task of an array job
};

/// The argv of an array task: argv without --slurm, --slurm-opt V, --slurm-opt=V, --slurm-chunk N,
/// --slurm-chunk=N; argv[0] replaced by this executable's absolute path.
std::vector<std::string> slurm_task_command(int argc, char** argv);

/// An sbatch option as given to --slurm-opt: "--x=y" and "-p y" as they are; "x=y" becomes
/// "--x=y" and "x" becomes "--x". Throws ConfigError naming --slurm-opt for an empty one.
std::string sbatch_option(const std::string& text);

/// Runs per array task: `chunk` when given, else the fewest that keep the array at <= 1000 tasks.
unsigned slurm_chunk(std::size_t runs, unsigned chunk);

/// Writes DIR/slurm/LABEL-N.json (the run names and the chunk) and DIR/slurm/LABEL-N.sh (the
/// array job script), submits it with `sbatch --parsable`, records the job in DIR/slurm/jobs.txt
/// and returns the job id (with dry_run: submits nothing, says what it would run, returns "").
/// Throws ConfigError naming --slurm (exit 2) when sbatch is not on the
/// PATH or refuses the job (with what it printed).
std::string submit_slurm_array(const std::string& dir, const std::string& label,
                               const std::vector<std::string>& names, const SlurmOptions& options,
                               std::ostream& out);

/// The run names this array task runs: its chunk of --slurm-task FILE, the task's index from
/// SLURM_ARRAY_TASK_ID. Throws ConfigError naming --slurm-task when either is missing or bad.
std::vector<std::string> slurm_task_names(const std::string& task_file);

/// Worker processes for an array task: `jobs` when given, else SLURM_CPUS_PER_TASK, else 1.
unsigned slurm_task_jobs(unsigned jobs);

}  // namespace wormcast::sim
