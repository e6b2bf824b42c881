// Parallel runs in forked worker processes (see KpWorkerPool.hpp). Each child starts its own
// SystemC kernel (run_network does), so no simulator state is shared between runs.
#include "app/KpWorkerPool.hpp"

#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <exception>
#include <sstream>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>

namespace wormcast::app {

std::string encode_outcome(const KpRunOutcome& outcome) {
    std::string problem = outcome.problem;
    for (char& c : problem)
        if (c == '\n' || c == '\r') c = ' ';
    return fmt::format("{} {} {} {} {:.17g} {:.17g} {} {:.6f} {}\n", outcome.ok ? 1 : 0,
                       outcome.latency_cycles, outcome.steps, outcome.startups_max,
                       outcome.unicast_mean_cycles, outcome.multicast_mean_cycles,
                       outcome.saturated ? 1 : 0, outcome.wall_seconds, problem);
}

KpRunOutcome decode_outcome(const std::string& text) {
    std::istringstream in(text);
    KpRunOutcome outcome;
    int ok = 0, saturated = 0;
    if (!(in >> ok >> outcome.latency_cycles >> outcome.steps >> outcome.startups_max >>
          outcome.unicast_mean_cycles >> outcome.multicast_mean_cycles >> saturated >>
          outcome.wall_seconds)) {
        outcome.ok = false;
        outcome.problem = fmt::format("worker sent an unreadable result: '{}'", text);
        return outcome;
    }
    outcome.ok = ok == 1;
    outcome.saturated = saturated == 1;
    std::getline(in >> std::ws, outcome.problem);
    return outcome;
}

unsigned resolve_jobs(unsigned jobs) {
    if (jobs > 0) return jobs;
    const unsigned cores = std::thread::hardware_concurrency();
    return cores > 0 ? cores : 1;
}

namespace {

KpRunOutcome run_guarded(const std::function<KpRunOutcome()>& task) {
    try {
        return task();
    } catch (const std::exception& e) {
        KpRunOutcome failed;
        failed.problem = fmt::format("exception: {}", e.what());
        return failed;
    }
}

/// A forked child running one task.
struct Worker {
    std::size_t task = 0;
    pid_t pid = -1;
    int fd = -1;
    std::string received;
};

Worker spawn(const std::function<KpRunOutcome()>& task, std::size_t index) {
    int fds[2];
    if (pipe(fds) != 0) throw std::runtime_error(fmt::format("pipe: {}", std::strerror(errno)));
    const pid_t pid = fork();
    if (pid < 0) throw std::runtime_error(fmt::format("fork: {}", std::strerror(errno)));
    if (pid == 0) {
        close(fds[0]);
        const std::string text = encode_outcome(run_guarded(task));
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
    return w;
}

KpRunOutcome finish(Worker& w) {
    close(w.fd);
    int status = 0;
    while (waitpid(w.pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (w.received.empty()) {
        KpRunOutcome failed;
        failed.problem = WIFSIGNALED(status)
                             ? fmt::format("worker killed by signal {}", WTERMSIG(status))
                             : fmt::format("worker exited with status {} and no result",
                                           WIFEXITED(status) ? WEXITSTATUS(status) : -1);
        return failed;
    }
    return decode_outcome(w.received);
}

}  // namespace

std::vector<KpRunOutcome> run_in_workers(
    const std::vector<std::function<KpRunOutcome()>>& tasks, unsigned jobs,
    const std::function<void(std::size_t, std::size_t)>& progress) {
    std::vector<KpRunOutcome> outcomes(tasks.size());
    std::size_t done = 0;
    if (jobs <= 1) {
        for (std::size_t i = 0; i < tasks.size(); ++i) {
            outcomes[i] = run_guarded(tasks[i]);
            ++done;
            if (progress) progress(done, tasks.size());
        }
        return outcomes;
    }
    std::vector<Worker> running;
    std::size_t next = 0;
    while (done < tasks.size()) {
        while (running.size() < jobs && next < tasks.size()) {
            running.push_back(spawn(tasks[next], next));
            ++next;
        }
        std::vector<pollfd> fds;
        for (const auto& w : running) fds.push_back(pollfd{w.fd, POLLIN, 0});
        if (poll(fds.data(), fds.size(), -1) < 0) {
            if (errno == EINTR) continue;
            throw std::runtime_error(fmt::format("poll: {}", std::strerror(errno)));
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
            outcomes[w.task] = finish(w);  // end of file (or a read error): the child is done
            running.erase(running.begin() + static_cast<std::ptrdiff_t>(i));
            ++done;
            if (progress) progress(done, tasks.size());
        }
    }
    return outcomes;
}

}  // namespace wormcast::app
