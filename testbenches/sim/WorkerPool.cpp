// Parallel runs in forked worker processes (see WorkerPool.hpp). Each child starts its own
// SystemC kernel (run_network does), so no simulator state is shared between runs.
#include "testbenches/sim/WorkerPool.hpp"

#include <fstream>
#include <sstream>

#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <signal.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <exception>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>

#include "testbenches/sim/Sampling.hpp"
#include "testbenches/sim/SweepPlan.hpp"

namespace wormcast::sim {

unsigned resolve_jobs(unsigned jobs) {
    if (jobs > 0) return jobs;
    const unsigned cores = std::thread::hardware_concurrency();
    return cores > 0 ? cores : 1;
}

namespace {

TaskStore* active_store = nullptr;  ///< ScopedTaskStore's

std::string read_text_file(const std::string& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

TaskResult run_guarded(const std::function<nlohmann::json()>& task) {
    try {
        return TaskResult{task(), ""};
    } catch (const std::exception& e) {
        return TaskResult{nullptr, fmt::format("exception: {}", e.what())};
    }
}

/// What a child writes: {"value": ...} or {"failure": "..."}, one document.
std::string encode(const TaskResult& result) {
    nlohmann::json doc;
    if (result.failure.empty())
        doc["value"] = result.value;
    else
        doc["failure"] = result.failure;
    return doc.dump();
}

TaskResult decode(const std::string& text) {
    try {
        const auto doc = nlohmann::json::parse(text);
        if (doc.contains("failure"))
            return TaskResult{nullptr, doc.at("failure").get<std::string>()};
        return TaskResult{doc.at("value"), ""};
    } catch (const nlohmann::json::exception&) {
        return TaskResult{nullptr, fmt::format("worker sent an unreadable result: '{}'", text)};
    }
}

/// A forked child running one task.
struct Worker {
    std::size_t task = 0;
    pid_t pid = -1;
    int fd = -1;
    std::string received;
    std::chrono::steady_clock::time_point started;
    bool timed_out = false;
};

Worker spawn(const std::function<nlohmann::json()>& task, std::size_t index) {
    int fds[2];
    if (pipe(fds) != 0) throw std::runtime_error(fmt::format("pipe: {}", std::strerror(errno)));
    const pid_t pid = fork();
    if (pid < 0) throw std::runtime_error(fmt::format("fork: {}", std::strerror(errno)));
    if (pid == 0) {
        active_store = nullptr;  // a task that runs tasks of its own does not record them
        close(fds[0]);
        const std::string text = encode(run_guarded(task));
        std::size_t written = 0;
        while (written < text.size()) {
            const ssize_t n = write(fds[1], text.data() + written, text.size() - written);
            if (n <= 0) break;
            written += static_cast<std::size_t>(n);
        }
        close(fds[1]);
        _exit(0);  // no atexit handlers, no destructors of the parent's objects
    }
    close(fds[1]);
    Worker w;
    w.task = index;
    w.pid = pid;
    w.fd = fds[0];
    w.started = std::chrono::steady_clock::now();
    return w;
}

TaskResult finish(Worker& w, double timeout_seconds) {
    close(w.fd);
    int status = 0;
    while (waitpid(w.pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (w.timed_out && WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) {
        TaskResult r{nullptr, fmt::format("timed out after {} s (killed)", timeout_seconds)};
        r.signal = SIGKILL;
        r.timed_out = true;
        return r;
    }
    if (w.received.empty()) {
        TaskResult r{nullptr, WIFSIGNALED(status)
                                  ? fmt::format("worker killed by signal {}", WTERMSIG(status))
                                  : fmt::format("worker exited with status {} and no result",
                                                WIFEXITED(status) ? WEXITSTATUS(status) : -1)};
        if (WIFSIGNALED(status)) r.signal = WTERMSIG(status);
        return r;
    }
    return decode(w.received);
}

}  // namespace

std::vector<TaskResult> run_json_in_workers(
    const std::vector<std::function<nlohmann::json()>>& tasks, unsigned jobs,
    const Progress& progress) {
    PoolOptions options;
    options.jobs = jobs;
    // Every run in a process of its own, also for one job: a finished run's SystemC kernel is
    // never freed (systemc/Kernel.hpp), so runs in one process add up (a full-scale kp-fig21
    // with --jobs 1 grew to 22 GB after 864 runs before this).
    options.always_fork = true;
    return run_json_in_workers(tasks, options, progress);
}

namespace {

std::vector<TaskResult> run_pool(const std::vector<std::function<nlohmann::json()>>& tasks,
                                 const PoolOptions& options, const Progress& progress);

std::vector<TaskResult> run_stored(TaskStore& store,
                                   const std::vector<std::function<nlohmann::json()>>& tasks,
                                   const PoolOptions& options, const Progress& progress) {
    make_output_directory(store.dir);
    const unsigned call = store.calls++;
    std::vector<TaskResult> results(tasks.size());
    std::vector<std::string> names, paths;
    std::vector<std::size_t> loaded, to_run, pending;
    for (std::size_t i = 0; i < tasks.size(); ++i) {
        names.push_back(fmt::format("c{}-{:06}", call, i));
        paths.push_back(output_path(store.dir, names.back() + ".json"));
        const PointFileState state = point_file_state(paths.back());
        const bool mine = store.restrict_to_only &&
                          std::binary_search(store.only.begin(), store.only.end(), names.back());
        // An array task runs its own tasks unless done; the others only when done elsewhere.
        const bool run = mine ? state != PointFileState::done
                              : point_needs_run(state, store.force && !store.restrict_to_only,
                                                store.retry_failed && !store.restrict_to_only);
        if (!run) {
            const auto doc = nlohmann::json::parse(read_text_file(paths.back()));
            results[i] = doc.at("status") == "ok"
                             ? TaskResult{doc.at("result"), ""}
                             : TaskResult{nullptr, doc.at("error").get<std::string>()};
            loaded.push_back(i);
        } else if (store.plan_only || (store.restrict_to_only && !mine)) {
            pending.push_back(i);
        } else {
            to_run.push_back(i);
        }
    }
    std::vector<std::string> pending_names;
    for (std::size_t i : pending) pending_names.push_back(names[i]);
    if (store.plan_only && !pending.empty()) throw TasksPending(pending_names);

    std::size_t done = 0;
    for (std::size_t i : loaded) {
        ++store.loaded;
        if (options.on_result) options.on_result(i, results[i]);
        if (progress) progress(++done, tasks.size());
    }
    std::vector<std::function<nlohmann::json()>> subset;
    for (std::size_t i : to_run) subset.push_back(tasks[i]);
    PoolOptions sub = options;
    sub.on_result = [&](std::size_t k, const TaskResult& r) {
        const std::size_t i = to_run[k];
        results[i] = r;
        const int code = r.failure.empty() ? 0 : r.timed_out ? 124 : r.signal ? 128 + r.signal : 1;
        const nlohmann::json doc = {{"format", "wormcast-task/1"},
                                    {"name", names[i]},
                                    {"status", r.failure.empty() ? "ok" : "failed"},
                                    {"exit_code", code},
                                    {"error", r.failure},
                                    {"result", r.value}};
        write_output_file(paths[i], doc.dump(1) + "\n", "--out");
        ++store.ran;
        if (options.on_result) options.on_result(i, r);
    };
    run_pool(subset, sub,
             progress ? Progress([&](std::size_t, std::size_t) { progress(++done, tasks.size()); })
                      : Progress());
    if (!pending.empty()) throw TasksPending(pending_names);
    return results;
}

}  // namespace

TasksPending::TasksPending(std::vector<std::string> pending)
    : std::runtime_error(fmt::format("{} runs not done yet", pending.size())),
      names(std::move(pending)) {}

ScopedTaskStore::ScopedTaskStore(TaskStore& store) : previous_(active_store) {
    std::sort(store.only.begin(), store.only.end());
    active_store = &store;
}

ScopedTaskStore::~ScopedTaskStore() {
    active_store = previous_;
}

std::vector<TaskResult> run_json_in_workers(
    const std::vector<std::function<nlohmann::json()>>& tasks, const PoolOptions& options,
    const Progress& progress) {
    if (active_store) return run_stored(*active_store, tasks, options, progress);
    return run_pool(tasks, options, progress);
}

namespace {

std::vector<TaskResult> run_pool(const std::vector<std::function<nlohmann::json()>>& tasks,
                                 const PoolOptions& options, const Progress& progress) {
    std::vector<TaskResult> results(tasks.size());
    std::size_t done = 0;
    auto finished = [&](std::size_t index) {
        ++done;
        if (options.on_result) options.on_result(index, results[index]);
        if (progress) progress(done, tasks.size());
    };
    if (options.jobs <= 1 && !options.always_fork) {
        for (std::size_t i = 0; i < tasks.size(); ++i) {
            // Through the same text form as a worker's, so that jobs never changes a result.
            results[i] = decode(encode(run_guarded(tasks[i])));
            finished(i);
        }
        return results;
    }
    const unsigned jobs = std::max(1u, options.jobs);
    std::vector<Worker> running;
    std::size_t next = 0;
    while (done < tasks.size()) {
        while (running.size() < jobs && next < tasks.size()) {
            running.push_back(spawn(tasks[next], next));
            ++next;
        }
        // Wait for output, or until the first running task passes its time limit.
        int wait_ms = -1;
        if (options.timeout_seconds > 0) {
            const auto now = std::chrono::steady_clock::now();
            double earliest = options.timeout_seconds;
            for (const auto& w : running)
                if (!w.timed_out)
                    earliest = std::min(earliest,
                                        options.timeout_seconds -
                                            std::chrono::duration<double>(now - w.started).count());
            wait_ms = static_cast<int>(std::clamp(earliest * 1000.0 + 1.0, 0.0, 3.6e6));
        }
        std::vector<pollfd> fds;
        for (const auto& w : running) fds.push_back(pollfd{w.fd, POLLIN, 0});
        if (poll(fds.data(), fds.size(), wait_ms) < 0) {
            if (errno == EINTR) continue;
            throw std::runtime_error(fmt::format("poll: {}", std::strerror(errno)));
        }
        if (options.timeout_seconds > 0) {
            const auto now = std::chrono::steady_clock::now();
            for (auto& w : running)
                if (!w.timed_out && std::chrono::duration<double>(now - w.started).count() >=
                                        options.timeout_seconds) {
                    w.timed_out = true;
                    kill(w.pid, SIGKILL);  // its pipe then reaches end of file below
                }
        }
        for (std::size_t i = fds.size(); i-- > 0;) {
            if (fds[i].revents == 0) continue;
            Worker& w = running[i];
            char buffer[4096];
            const ssize_t n = read(w.fd, buffer, sizeof buffer);
            if (n > 0) {
                w.received.append(buffer, static_cast<std::size_t>(n));
                continue;
            }
            if (n < 0 && errno == EINTR) continue;
            const std::size_t index = w.task;
            results[index] = finish(w, options.timeout_seconds);  // end of file: the child is done
            running.erase(running.begin() + static_cast<std::ptrdiff_t>(i));
            finished(index);
        }
    }
    return results;
}

}  // namespace

}  // namespace wormcast::sim
