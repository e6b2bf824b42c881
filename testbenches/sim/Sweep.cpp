// `wormcast sweep` (see Sweep.hpp): plan, skip what is done, run the rest in worker processes,
// record every point as it finishes, then collect.
#include "testbenches/sim/Sweep.hpp"

#include <chrono>
#include <fstream>
#include <set>
#include <sstream>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "systemc/pure/Types.hpp"
#include "testbenches/sim/Results.hpp"
#include "testbenches/sim/Runner.hpp"
#include "testbenches/sim/Sampling.hpp"
#include "testbenches/sim/Scenario.hpp"
#include "testbenches/sim/SweepTable.hpp"
#include "testbenches/sim/WorkerPool.hpp"

namespace wormcast::sim {

nlohmann::json point_document(const std::vector<SweepAxis>& axes, const SweepPoint& point,
                              const nlohmann::json& result, int exit_code,
                              const std::string& error) {
    nlohmann::json values = nlohmann::json::object();
    for (std::size_t a = 0; a < axes.size(); ++a)
        values[axes[a].key] = sweep_value_json(point.values[a]);
    return {{"format", "wormcast-sweep-point/1"},
            {"name", point.name},
            {"values", values},
            {"replica", point.replica},
            {"seed", point.seed},
            {"status", exit_code == point_exit::ok ? "ok" : "failed"},
            {"exit_code", exit_code},
            {"error", error},
            {"result", result}};
}

namespace {

std::string read_text(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw ConfigError(fmt::format("sweep: cannot read scenario '{}'", path));
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

/// Why a run that ended did not succeed, in one line.
std::string run_error(const RunResult& r) {
    if (r.deadlock)
        return fmt::format("deadlock: the watchdog fired at cycle {}", r.deadlock_cycle);
    std::string text;
    for (std::size_t i = 0; i < r.problems.size() && i < 3; ++i)
        text += (i ? "; " : "") + r.problems[i];
    if (r.problems.size() > 3) text += fmt::format(" (and {} more)", r.problems.size() - 3);
    return text.empty() ? "the run did not succeed" : text;
}

/// One point in its worker: {"result", "exit_code", "error"}, the result as `wormcast run --json`
/// writes it (results_json); errors become exit codes as in `wormcast run`, so the parent records
/// them like any other outcome.
nlohmann::json run_point(const std::string& scenario, const std::vector<std::string>& overrides) {
    try {
        Scenario s = load_scenario(scenario, overrides);
        const RunResult r = run_network(s.network(), s.params, s.send_plan(), s.run);
        return {{"result", results_json(r, s)},
                {"exit_code", r.ok() ? point_exit::ok : point_exit::run_failed},
                {"error", r.ok() ? "" : run_error(r)}};
    } catch (const ConfigError& e) {
        return {{"result", nullptr}, {"exit_code", point_exit::bad_input}, {"error", e.what()}};
    } catch (const ModelError& e) {
        return {{"result", nullptr}, {"exit_code", point_exit::model_error}, {"error", e.what()}};
    } catch (const std::exception& e) {
        return {{"result", nullptr}, {"exit_code", point_exit::bad_input}, {"error", e.what()}};
    }
}

std::string clock_text(double seconds) {
    const auto s = static_cast<long long>(seconds + 0.5);
    return s >= 3600 ? fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
                     : fmt::format("{}:{:02}", s / 60, s % 60);
}

/// Progress of the runs of this invocation: a redrawn bar on a terminal, else a line per run.
class SweepProgress {
  public:
    SweepProgress(std::ostream& os, std::size_t total, bool bar)
        : os_(os), total_(total), bar_(bar) {}

    void finished(const std::string& name, bool ok, const std::string& error) {
        ++done_;
        failed_ += ok ? 0 : 1;
        const double elapsed =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
        const double eta =
            elapsed / static_cast<double>(done_) * static_cast<double>(total_ - done_);
        if (bar_) {
            constexpr std::size_t width = 30;
            const std::size_t filled = total_ ? done_ * width / total_ : width;
            os_ << fmt::format("\r\033[K[{}{}] {}/{} runs, {} failed, {} elapsed, ETA {}",
                               std::string(filled, '#'), std::string(width - filled, '.'), done_,
                               total_, failed_, clock_text(elapsed), clock_text(eta));
            if (done_ == total_) os_ << "\n";
        } else {
            os_ << fmt::format("sweep: {}/{} {} {}{} ({} elapsed, ETA {})\n", done_, total_, name,
                               ok ? "ok" : "FAILED", ok ? "" : ": " + error, clock_text(elapsed),
                               clock_text(eta));
        }
        os_.flush();
    }

  private:
    std::ostream& os_;
    std::size_t total_, done_ = 0, failed_ = 0;
    bool bar_;
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

/// The axes, refused before any run when a key or a value does not fit the scenario.
std::vector<SweepAxis> checked_axes(const SweepOptions& options) {
    if (options.scenario.empty())
        throw ConfigError("sweep: a scenario file is required (or --collect DIR)");
    if (options.out_dir.empty())
        throw ConfigError("--out: the sweep needs a directory for its points");
    if (options.vary.empty()) throw ConfigError("--vary: give at least one key to vary");
    if (options.point_timeout < 0) throw ConfigError("--point-timeout: must not be negative");
    std::vector<SweepAxis> axes;
    for (const auto& text : options.vary) {
        axes.push_back(parse_vary(text));
        if (axes.back().key == "run.seed")
            throw ConfigError(
                "--vary: run.seed is set per point from the scenario's seed (use --seeds N)");
    }
    for (const auto& values : sweep_combinations(axes, options.zip)) {
        std::vector<std::string> overrides = options.sets;
        std::string point;
        for (std::size_t a = 0; a < axes.size(); ++a) {
            overrides.push_back(axes[a].key + "=" + values[a]);
            point += (a ? " " : "") + overrides.back();
        }
        try {
            load_scenario(options.scenario, overrides);
        } catch (const ConfigError& e) {
            throw ConfigError(
                fmt::format("--vary: the point {} does not fit the scenario: {}", point, e.what()));
        }
    }
    return axes;
}

}  // namespace

int run_sweep(const SweepOptions& options, std::ostream& out, std::ostream& progress) {
    const std::vector<SweepAxis> axes = checked_axes(options);
    SweepSpec spec;
    spec.scenario = options.scenario;
    spec.scenario_hash = fmt::format("{:016x}", text_hash(read_text(options.scenario)));
    spec.sets = options.sets;
    spec.axes = axes;
    spec.zip = options.zip;
    spec.seeds = options.seeds;
    spec.base_seed = load_scenario(options.scenario, options.sets).run.seed;
    const auto points = sweep_points(axes, options.zip, options.seeds, spec.base_seed);

    make_output_directory(options.out_dir);
    make_output_directory(output_path(options.out_dir, "points"));
    if (!options.force &&
        point_file_state(sweep_spec_path(options.out_dir)) != PointFileState::missing) {
        SweepSpec before;
        try {
            before = read_sweep_spec(options.out_dir);
        } catch (const ConfigError&) {
            throw ConfigError(
                fmt::format("--out: '{}' holds an unreadable sweep-spec.json (--force starts over)",
                            options.out_dir));
        }
        if (!spec.same_base(before))
            throw ConfigError(
                fmt::format("--out: '{}' holds a sweep of another scenario text, --set or seed "
                            "({}); use another --out or "
                            "--force",
                            options.out_dir, before.scenario));
    }
    const bool array_task = !options.slurm.task_file.empty();
    std::vector<const SweepPoint*> to_run;
    if (array_task) {
        // An array task: its chunk of the points the submission listed, unless one is done by
        // now (a task that Slurm ran twice, or another submission).
        const auto names = slurm_task_names(options.slurm.task_file);
        const std::set<std::string> mine(names.begin(), names.end());
        for (const auto& p : points)
            if (mine.count(p.name) &&
                point_file_state(sweep_point_path(options.out_dir, p.name)) != PointFileState::done)
                to_run.push_back(&p);
    } else {
        write_output_file(sweep_spec_path(options.out_dir), spec.to_json().dump(2) + "\n", "--out");
        for (const auto& p : points)
            if (point_needs_run(point_file_state(sweep_point_path(options.out_dir, p.name)),
                                options.force, options.retry_failed))
                to_run.push_back(&p);
    }
    if (options.slurm.submit && !to_run.empty()) {
        std::vector<std::string> names;
        for (const SweepPoint* p : to_run) names.push_back(p->name);
        out << fmt::format("sweep: {} runs ({} x {} seeds), {} done already, {} to run on Slurm\n",
                           points.size(), points.size() / options.seeds, options.seeds,
                           points.size() - to_run.size(), to_run.size());
        if (submit_slurm_array(options.out_dir, "sweep", names, options.slurm, out).empty())
            return 0;  // --slurm-dry-run
        out << fmt::format(
            "sweep: when the job has ended: wormcast sweep --collect {} (or the same command "
            "again, which submits only the runs still missing)\n",
            options.out_dir);
        return 0;
    }
    const unsigned jobs = array_task ? slurm_task_jobs(options.jobs) : resolve_jobs(options.jobs);
    out << fmt::format(
        "sweep: {} runs ({} x {} seeds), {} done already, {} to run on {} jobs, into {}\n",
        points.size(), points.size() / options.seeds, options.seeds, points.size() - to_run.size(),
        to_run.size(), jobs, options.out_dir);
    out.flush();

    std::vector<std::function<nlohmann::json()>> tasks;
    for (const SweepPoint* p : to_run) {
        std::vector<std::string> overrides = options.sets;
        for (const auto& o : point_overrides(axes, *p)) overrides.push_back(o);
        tasks.push_back(
            [scenario = options.scenario, overrides] { return run_point(scenario, overrides); });
    }
    SweepProgress shown(progress, to_run.size(), options.progress_bar);
    PoolOptions pool;
    pool.jobs = jobs;
    pool.always_fork = true;  // a crash or a timeout ends its worker, never the sweep
    pool.timeout_seconds = options.point_timeout;
    pool.on_result = [&](std::size_t index, const TaskResult& task) {
        const SweepPoint& p = *to_run[index];
        nlohmann::json doc;
        if (!task.failure.empty()) {
            const int code = task.timed_out ? point_exit::timeout
                             : task.signal  ? 128 + task.signal
                                            : 1;
            doc = point_document(axes, p, nullptr, code, task.failure);
        } else {
            doc = point_document(axes, p, task.value.at("result"),
                                 task.value.at("exit_code").get<int>(),
                                 task.value.at("error").get<std::string>());
        }
        write_output_file(sweep_point_path(options.out_dir, p.name), doc.dump(2) + "\n", "--out");
        shown.finished(p.name, doc["status"] == "ok", doc["error"].get<std::string>());
    };
    run_json_in_workers(tasks, pool, nullptr);
    if (array_task) {
        std::size_t failed = 0;
        for (const SweepPoint* p : to_run)
            failed += point_file_state(sweep_point_path(options.out_dir, p->name)) !=
                      PointFileState::done;
        out << fmt::format("sweep: array task: {} runs, {} failed\n", to_run.size(), failed);
        return failed > 0 ? point_exit::run_failed : 0;
    }

    std::size_t ok = 0, failed = 0, missing = 0;
    for (const auto& p : points) {
        const auto state = point_file_state(sweep_point_path(options.out_dir, p.name));
        (state == PointFileState::done ? ok : state == PointFileState::failed ? failed : missing)++;
    }
    out << fmt::format("sweep: {} runs: {} ok, {} failed, {} missing ({} run now)\n", points.size(),
                       ok, failed, missing, to_run.size());
    collect_sweep(options.out_dir, out);
    return failed + missing > 0 ? point_exit::run_failed : 0;
}

}  // namespace wormcast::sim
