// What every experiment does with repeated seeded runs: derive each run's seed from the
// coordinates of its point, average the runs that succeeded, report progress, and find the
// directory its tables and figures go to. Names no topology family and no paper.
#pragma once

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

namespace wormcast::sim {

/// A seed derived from a base seed and the coordinates of a run (splitmix64 mixing), so every
/// point and run of an experiment has its own stream and the same coordinates replay exactly.
std::uint64_t sweep_seed(std::uint64_t base, std::initializer_list<std::uint64_t> parts);

/// Mean, spread and count over the successful runs of one point.
struct SampleStats {
    unsigned runs = 0;    ///< successful runs averaged
    unsigned failed = 0;  ///< runs that deadlocked, lost a delivery or threw
    double mean = 0;
    double min = 0;
    double max = 0;
    double stddev = 0;  ///< sample standard deviation (0 for fewer than two runs)
    std::string first_problem;
};

/// Adds one run: a value (ok) or the reason it failed.
class SampleAccumulator {
  public:
    void add(double value);
    void fail(const std::string& problem);
    SampleStats stats() const;

  private:
    SampleStats s_;
    double sum_ = 0, sum_sq_ = 0;
};

/// value(outcome) of every outcome whose `ok` holds; failures (with their `problem`) are counted,
/// not averaged.
template <class Outcome, class Value>
SampleStats sample_stats(const std::vector<Outcome>& outcomes, Value value) {
    SampleAccumulator acc;
    for (const auto& o : outcomes) {
        if (o.ok)
            acc.add(value(o));
        else
            acc.fail(o.problem);
    }
    return acc.stats();
}

/// "N runs failed, first: why" for a point whose runs failed; nothing when all succeeded.
std::optional<std::string> failed_runs(const SampleStats& stats);

/// A progress callback for the worker pool that prints "name: done/total runs, elapsed" to
/// stderr at most every `interval_seconds`, and once at the end.
std::function<void(std::size_t, std::size_t)> progress_printer(const std::string& name,
                                                               double interval_seconds = 30);

/// Creates the directory (and parents) or throws ConfigError naming it (as the --out option).
void make_output_directory(const std::string& dir);

/// Refuses, before any work, a path an output could not be written or renamed to: its directory
/// must exist and the path must not be a directory or a special file. ConfigError naming
/// `option` ("--vcd") and the reason.
void check_output_target(const std::string& path, const std::string& option);

/// Writes `content` to `path` whole or not at all: into a temporary file beside it, renamed over
/// `path` once written and flushed (a path that exists and is not a regular file, such as
/// /dev/stdout, is written directly). Any failure, a write error included, is a ConfigError
/// naming `option` ("--json") and the reason; no partial file is left under `path`.
void write_output_file(const std::string& path, const std::string& content,
                       const std::string& option);

/// A path inside dir.
std::string output_path(const std::string& dir, const std::string& file);

}  // namespace wormcast::sim
