// torus-latency: multinode broadcast latency on the cycle-accurate torus against the number of
// sources, for ATD with several h, EDST and naive, at two T_s/T_c ratios (a figure the paper
// lacks).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "testbenches/sim/Experiment.hpp"
#include "testbenches/sim/Sampling.hpp"

namespace wormcast::torus {

/// One curve point: the runs of (n, T_s, s, algorithm) averaged.
struct LatencyPoint {
    std::uint32_t n = 0, s = 0;
    unsigned t_startup = 0;
    std::string algorithm;
    sim::SampleStats latency;  ///< cycles
    double rounds = 0;         ///< schedule rounds, mean over the runs
};

/// The grid: sizes, T_s values, s values per size, algorithms per size.
struct LatencyGrid {
    std::vector<std::uint32_t> sizes;
    std::vector<unsigned> startups;  ///< T_s in cycles (T_c = 1 cycle per flit)
    std::uint32_t message_flits = 32;
    unsigned runs = 1;
    bool quick = false;
    std::vector<std::uint32_t> sources(std::uint32_t n) const;
    std::vector<std::string> algorithms(std::uint32_t n, std::uint32_t s) const;
};
LatencyGrid latency_grid(const sim::ReproduceOptions& options);

/// The suite option naming torus-latency's sizes.
inline constexpr const char* kTorusSizesOption = "--torus-sizes";
/// The sizes --torus-sizes names ("10,20,25": each 5..64), empty when not given; ConfigError
/// naming the option otherwise.
std::vector<std::uint32_t> torus_sizes(const OptionValues& options);

/// Every point of the grid, runs in worker processes (jobs).
std::vector<LatencyPoint> run_latency_grid(const LatencyGrid& grid, std::uint64_t seed,
                                           unsigned jobs);

/// The paper's conclusion ("ATD is more efficient than EDSTs") on one torus and T_s: for each s,
/// the best ATD against EDST; `holds_from` is the smallest s from which ATD (best h) is faster at
/// every larger s of the grid, unset if it is not faster at the largest.
struct ClaimCheck {
    std::uint32_t n = 0;
    unsigned t_startup = 0;
    std::vector<std::uint32_t> atd_faster, edst_faster;  ///< s values
    std::vector<std::uint32_t> naive_fastest;            ///< s values where naive beats both
    std::optional<std::uint32_t> holds_from;
    std::string text;  ///< one paragraph
};
std::vector<ClaimCheck> check_claim(const LatencyGrid& grid,
                                    const std::vector<LatencyPoint>& points);

int reproduce_torus_latency(const sim::ReproduceOptions& options);

}  // namespace wormcast::torus
