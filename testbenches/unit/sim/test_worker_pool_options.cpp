// The worker pool's options the sweep relies on: a process per task even for one job, a task
// killed at its time limit, the signal of a crashed task, and a call per finished task.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <csignal>
#include <set>

#include "testbenches/sim/WorkerPool.hpp"

using namespace wormcast;

TEST_CASE("pool options: always fork, timeout, crash signal, a call per result", "[sim][pool]") {
    const pid_t parent = ::getpid();
    std::vector<std::function<nlohmann::json()>> tasks{
        [] {
            return nlohmann::json{{"pid", ::getpid()}};
        },
        [] {
            for (;;) ::pause();  // never finishes: only the timeout ends it
            return nlohmann::json();
        },
        []() -> nlohmann::json {
            std::raise(SIGKILL);  // a crash (not SIGABRT: Catch2 would report it from the child)
            return nullptr;
        },
        []() -> nlohmann::json { ::_exit(7); },
        [] {
            return nlohmann::json{{"value", 42}};
        },
    };
    for (unsigned jobs : {1u, 3u}) {
        INFO("jobs " << jobs);
        sim::PoolOptions options;
        options.jobs = jobs;
        options.always_fork = true;
        // The limit must only ever catch the task that never finishes: the others fork and
        // return at once, well inside it even on a loaded machine (0.3 s was not: at a load
        // average of 20 a quick task was once killed).
        options.timeout_seconds = 2;
        std::multiset<std::size_t> reported;
        options.on_result = [&](std::size_t index, const sim::TaskResult& r) {
            reported.insert(index);
            REQUIRE((index == 0 || index == 4) == r.failure.empty());
        };
        std::size_t last_done = 0;
        const auto results =
            sim::run_json_in_workers(tasks, options, [&](std::size_t done, std::size_t total) {
                REQUIRE(done == last_done + 1);
                REQUIRE(total == tasks.size());
                last_done = done;
            });
        REQUIRE(reported == std::multiset<std::size_t>{0, 1, 2, 3, 4});
        REQUIRE(last_done == tasks.size());
        REQUIRE(results[0].value["pid"].get<pid_t>() !=
                parent);  // in its own process, even for one job
        REQUIRE(results[1].timed_out);
        REQUIRE_THAT(results[1].failure, Catch::Contains("timed out after 2 s"));
        REQUIRE_FALSE(results[2].timed_out);
        REQUIRE(results[2].signal == SIGKILL);
        REQUIRE(results[3].signal == 0);
        REQUIRE_THAT(results[3].failure, Catch::Contains("status 7"));
        REQUIRE(results[4].value["value"] == 42);
    }
}

TEST_CASE("pool: one job still runs each task in a process of its own (memory does not add up)",
          "[sim][pool]") {
    // A run's SystemC kernel stays in memory until its process ends (systemc/Kernel.hpp): a
    // reproduction with --jobs 1 must not run its thousands of runs in one process.
    const pid_t parent = ::getpid();
    const std::vector<std::function<nlohmann::json()>> tasks(3, [] {
        return nlohmann::json{{"pid", ::getpid()}};
    });
    const auto results = sim::run_json_in_workers(tasks, 1, nullptr);
    std::set<pid_t> pids;
    for (const auto& r : results) {
        REQUIRE(r.failure.empty());
        pids.insert(r.value["pid"].get<pid_t>());
    }
    REQUIRE(pids.size() == 3);
    REQUIRE(pids.count(parent) == 0);
}
