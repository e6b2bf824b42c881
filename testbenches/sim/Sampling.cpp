// Seeds, run statistics, progress and output directories of experiments (see Sampling.hpp).
#include "testbenches/sim/Sampling.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <memory>

#include <fmt/format.h>

#include "systemc/pure/Types.hpp"

namespace wormcast::sim {

std::uint64_t sweep_seed(std::uint64_t base, std::initializer_list<std::uint64_t> parts) {
    auto mix = [](std::uint64_t z) {
        z += 0x9e3779b97f4a7c15ull;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    };
    std::uint64_t h = mix(base);
    for (std::uint64_t part : parts) h = mix(h ^ mix(part));
    return h;
}

void SampleAccumulator::add(double value) {
    if (s_.runs == 0 || value < s_.min) s_.min = value;
    if (s_.runs == 0 || value > s_.max) s_.max = value;
    sum_ += value;
    sum_sq_ += value * value;
    ++s_.runs;
}

void SampleAccumulator::fail(const std::string& problem) {
    if (s_.failed++ == 0) s_.first_problem = problem;
}

SampleStats SampleAccumulator::stats() const {
    SampleStats s = s_;
    if (s.runs > 0) s.mean = sum_ / s.runs;
    if (s.runs > 1)
        s.stddev = std::sqrt(std::max(0.0, (sum_sq_ - s.runs * s.mean * s.mean) / (s.runs - 1)));
    return s;
}

std::optional<std::string> failed_runs(const SampleStats& stats) {
    if (!stats.failed) return std::nullopt;
    return fmt::format("{} runs failed, first: {}", stats.failed, stats.first_problem);
}

std::function<void(std::size_t, std::size_t)> progress_printer(const std::string& name,
                                                               double interval_seconds) {
    const auto start = std::chrono::steady_clock::now();
    auto last = std::make_shared<std::chrono::steady_clock::time_point>(start);
    return [name, interval_seconds, start, last](std::size_t done, std::size_t total) {
        const auto now = std::chrono::steady_clock::now();
        if (done < total && std::chrono::duration<double>(now - *last).count() < interval_seconds)
            return;
        *last = now;
        std::cerr << fmt::format("{}: {}/{} runs done, {:.1f} min\n", name, done, total,
                                 std::chrono::duration<double>(now - start).count() / 60.0);
    };
}

void make_output_directory(const std::string& dir) {
    std::error_code error;
    std::filesystem::create_directories(dir, error);
    if (error)
        throw ConfigError(
            fmt::format("--out: cannot create directory '{}': {}", dir, error.message()));
}

void check_output_target(const std::string& path, const std::string& option) {
    namespace fs = std::filesystem;
    std::error_code error;
    const fs::path p(path);
    const fs::path dir = p.parent_path().empty() ? fs::path(".") : p.parent_path();
    if (!fs::is_directory(dir, error))
        throw ConfigError(fmt::format("{}: directory '{}' does not exist", option, dir.string()));
    if (fs::exists(p, error) && !fs::is_regular_file(p, error))
        throw ConfigError(fmt::format("{}: '{}' exists and is not a regular file", option, path));
}

void write_output_file(const std::string& path, const std::string& content,
                       const std::string& option) {
    namespace fs = std::filesystem;
    std::error_code error;
    const fs::file_status status = fs::status(path, error);
    const bool special = fs::exists(status) && !fs::is_regular_file(status);
    if (fs::is_directory(status))
        throw ConfigError(fmt::format("{}: '{}' is a directory", option, path));
    // The process id in the temporary name: processes writing the same file (array tasks of a
    // Slurm job) never write into each other's copy.
    const std::string target = special ? path : path + ".partial." + std::to_string(getpid());
    std::FILE* file = std::fopen(target.c_str(), "wb");
    if (!file)
        throw ConfigError(
            fmt::format("{}: cannot write '{}': {}", option, path, std::strerror(errno)));
    const bool written = std::fwrite(content.data(), 1, content.size(), file) == content.size();
    const int write_errno = errno;
    const bool flushed = std::fflush(file) == 0;
    const int flush_errno = errno;
    const bool closed = std::fclose(file) == 0;
    if (!written || !flushed || !closed) {
        if (!special) std::remove(target.c_str());
        throw ConfigError(fmt::format("{}: writing '{}' failed: {}", option, path,
                                      std::strerror(!written ? write_errno : flush_errno)));
    }
    if (!special) {
        fs::rename(target, path, error);
        if (error) {
            std::remove(target.c_str());
            throw ConfigError(
                fmt::format("{}: cannot write '{}': {}", option, path, error.message()));
        }
    }
}

std::string output_path(const std::string& dir, const std::string& file) {
    return (std::filesystem::path(dir) / file).string();
}

}  // namespace wormcast::sim
