// Independent simulation runs in parallel worker processes: one fork per run, its outcome back to
// the parent as one JSON document through a pipe (DESIGN.md sec. 7: sweeps run in parallel).
#pragma once

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace wormcast::sim {

/// Called in the parent after each finished task: (tasks done, tasks in all).
using Progress = std::function<void(std::size_t, std::size_t)>;

/// What the pool hands back for one task: the task's JSON document, or why there is none (the
/// task threw, or its worker died or sent something unreadable).
struct TaskResult {
    nlohmann::json value;    ///< the task's result; null when it failed
    std::string failure;     ///< empty when the task ran to the end
    int signal = 0;          ///< the signal that killed the worker (0: none)
    bool timed_out = false;  ///< killed for passing PoolOptions::timeout_seconds
};

/// How run_json_in_workers runs its tasks.
struct PoolOptions {
    unsigned jobs = 1;           ///< worker processes at a time
    bool always_fork = false;    ///< a process per task even for jobs <= 1 (else: in this process)
    double timeout_seconds = 0;  ///< a forked task running longer is killed (0: no limit)
    /// Called in the parent as each task finishes, before the next progress call: (task index,
    /// its result), so a caller can record results while the rest still run.
    std::function<void(std::size_t, const TaskResult&)> on_result;
};

/// Runs every task and returns their results in task order: up to `jobs` (at least one) forked
/// children at a time, one per task, each sending its JSON back through a pipe; a child that dies
/// or throws yields a failure with the reason.
std::vector<TaskResult> run_json_in_workers(
    const std::vector<std::function<nlohmann::json()>>& tasks, unsigned jobs,
    const Progress& progress);

/// As above, with a timeout, a process for every task and a call per finished task.
std::vector<TaskResult> run_json_in_workers(
    const std::vector<std::function<nlohmann::json()>>& tasks, const PoolOptions& options,
    const Progress& progress);

/// Keeps every task's outcome in a file of its own, so that a rerun loads the tasks already done
/// instead of running them (`reproduce --out DIR`, docs/cluster.md). While a store is active
/// (ScopedTaskStore), run_json_in_workers names the I-th task of its C-th call "cC-I" (a task
/// list is a function of the experiment's options and the earlier calls' outcomes, so a name
/// means the same task on every run), loads the tasks that have a file, and runs and records the
/// rest, each file written as its task ends: {"format": "wormcast-task/1", "name", "status":
/// "ok"|"failed", "exit_code", "error", "result": the task's JSON or null}.
struct TaskStore {
    std::string dir;            ///< the tasks' files (created on first use)
    bool force = false;         ///< run every task again
    bool retry_failed = false;  ///< run again the tasks recorded as failed
    bool plan_only = false;  ///< run nothing: the first call with tasks to run throws TasksPending
    bool restrict_to_only = false;  ///< an array task: run only the tasks named in `only`
    std::vector<std::string> only;  ///< (sorted) with restrict_to_only
    unsigned calls = 0;             ///< calls of run_json_in_workers so far
    std::size_t loaded = 0;         ///< tasks loaded from their files
    std::size_t ran = 0;            ///< tasks run and recorded
};

/// Thrown by run_json_in_workers under a TaskStore when tasks it may not run have no file:
/// their names (the first call that has such tasks; with restrict_to_only after running its own).
struct TasksPending : std::runtime_error {
    explicit TasksPending(std::vector<std::string> pending);
    std::vector<std::string> names;
};

/// Makes `store` the active store of this process while it lives (one at a time).
class ScopedTaskStore {
  public:
    explicit ScopedTaskStore(TaskStore& store);
    ~ScopedTaskStore();
    ScopedTaskStore(const ScopedTaskStore&) = delete;
    ScopedTaskStore& operator=(const ScopedTaskStore&) = delete;

  private:
    TaskStore* previous_;
};

/// Typed form: an Outcome converts to and from JSON (nlohmann's to_json/from_json) and has
/// `static Outcome failed(std::string problem)` for a task that produced no outcome.
template <class Outcome>
std::vector<Outcome> run_in_workers(const std::vector<std::function<Outcome()>>& tasks,
                                    unsigned jobs, const Progress& progress) {
    std::vector<std::function<nlohmann::json()>> json_tasks;
    json_tasks.reserve(tasks.size());
    for (const auto& task : tasks) json_tasks.push_back([&task] { return nlohmann::json(task()); });
    std::vector<Outcome> outcomes;
    outcomes.reserve(tasks.size());
    for (auto& result : run_json_in_workers(json_tasks, jobs, progress)) {
        if (!result.failure.empty()) {
            outcomes.push_back(Outcome::failed(result.failure));
            continue;
        }
        try {
            outcomes.push_back(result.value.get<Outcome>());
        } catch (const nlohmann::json::exception& e) {
            outcomes.push_back(
                Outcome::failed("worker sent an unreadable result: " + std::string(e.what())));
        }
    }
    return outcomes;
}

/// jobs as given, or one per core for 0.
unsigned resolve_jobs(unsigned jobs);

}  // namespace wormcast::sim
