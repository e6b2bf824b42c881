// Seeds, run statistics, progress and output directories of experiments (see Sampling.hpp).
#include "testbenches/sim/Sampling.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
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

std::string output_path(const std::string& dir, const std::string& file) {
    return (std::filesystem::path(dir) / file).string();
}

}  // namespace wormcast::sim
