// Shared parts of the experiment seam (see Experiment.hpp).
#include "testbenches/sim/Experiment.hpp"

#include <iostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "systemc/pure/Types.hpp"
#include "testbenches/sim/Sampling.hpp"
#include "testbenches/sim/SweepPlan.hpp"
#include "testbenches/sim/WorkerPool.hpp"

namespace wormcast::sim {

unsigned runs_per_point(const ReproduceOptions& options, unsigned quick_default) {
    if (options.runs && *options.runs == 0) throw ConfigError("--runs must be at least 1");
    if (options.runs) return *options.runs;
    return options.quick ? quick_default : 30;
}

namespace {

nlohmann::json reproduction_spec(const std::string& name, const ReproduceOptions& options) {
    return {{"format", "wormcast-reproduction/1"},
            {"experiment", name},
            {"runs", options.runs ? nlohmann::json(*options.runs) : nlohmann::json(nullptr)},
            {"quick", options.quick},
            {"seed", options.seed},
            {"options", options.options}};
}

}  // namespace

std::string reproduction_points_dir(const std::string& name, const ReproduceOptions& options) {
    const std::uint64_t hash = text_hash(reproduction_spec(name, options).dump());
    return output_path(output_path(options.out_dir, "points"),
                       fmt::format("{}-{:016x}", name, hash));
}

int run_reproduction(const Experiment& experiment, const ReproduceOptions& options,
                     const ReproduceRunOptions& run, std::ostream& out) {
    const bool task = !run.slurm.task_file.empty();
    if (task && run.slurm.submit) throw ConfigError("--slurm-task: not with --slurm");
    if (run.collect && run.slurm.submit) throw ConfigError("--collect: not with --slurm");
    TaskStore store;
    store.dir = reproduction_points_dir(experiment.name, options);
    store.force = run.force;
    store.retry_failed = run.retry_failed;
    store.plan_only = run.collect || run.slurm.submit;
    ReproduceOptions effective = options;
    if (task) {
        store.restrict_to_only = true;
        store.only = slurm_task_names(run.slurm.task_file);
        effective.jobs = slurm_task_jobs(options.jobs);
    }
    make_output_directory(store.dir);
    if (!task)  // (written by the submission; array tasks only read)
        write_output_file(output_path(store.dir, "reproduction.json"),
                          reproduction_spec(experiment.name, options).dump(2) + "\n", "--out");
    int code = 0;
    try {
        const ScopedTaskStore active(store);
        code = experiment.run(effective);
    } catch (const TasksPending& pending) {
        if (task) {
            out << fmt::format("{}: array task: {} runs run, {} of other tasks not done yet\n",
                               experiment.name, store.ran, pending.names.size());
            return 0;
        }
        if (run.collect) {
            std::cerr << fmt::format(
                "{}: --collect: {} runs have no file in {} (still running? --slurm submits "
                "them)\n",
                experiment.name, pending.names.size(), store.dir);
            return 3;
        }
        out << fmt::format("{}: {} runs loaded from {}, {} to run on Slurm\n", experiment.name,
                           store.loaded, store.dir, pending.names.size());
        if (submit_slurm_array(options.out_dir, experiment.name, pending.names, run.slurm, out)
                .empty())
            return 0;  // --slurm-dry-run
        out << fmt::format(
            "{}: when the job has ended, the same command with --collect instead of --slurm "
            "prints the results (or with --slurm again, which submits what is still missing, "
            "such as runs that depend on these)\n",
            experiment.name);
        return 0;
    }
    if (store.loaded > 0)
        std::cerr << fmt::format("{}: {} runs loaded from {}, {} run now\n", experiment.name,
                                 store.loaded, store.dir, store.ran);
    return code;
}

}  // namespace wormcast::sim
