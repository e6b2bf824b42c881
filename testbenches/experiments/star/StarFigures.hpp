// Wang, Chu & Chen Figs. 11-15 (§4): the five multicast schemes on the 6-star, one multicast at a
// time from a random source to random destinations, on the cycle-accurate network.
#pragma once

#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "testbenches/experiments/star/StarRuns.hpp"
#include "testbenches/sim/Experiment.hpp"
#include "testbenches/sim/Sampling.hpp"

namespace wormcast::star_repro {

/// What a figure's x axis varies.
enum class StarAxis { Destinations, StartupUs, Length };
/// What its y axis shows: multicast latency (us), or links visited (total channels of the plan).
enum class StarMetric { LatencyUs, Links };

/// One panel: the values the x axis does not vary.
struct StarPanel {
    char label = 'a';
    double startup_us = 1;
    std::uint32_t length = 6;
    std::uint32_t destinations = 120;
};

struct StarFigure {
    std::string name;  ///< "star-fig11"
    int number = 11;
    std::string caption;
    StarAxis axis = StarAxis::Destinations;
    StarMetric metric = StarMetric::LatencyUs;
    std::vector<StarPanel> panels;
    std::vector<double> xs;
    unsigned n = 6;
    unsigned runs = 30;
    bool quick = false;
    /// The router timings run (--route-timing gather, fixed or both); Fig. 15's links do not
    /// depend on it and run the first only.
    std::vector<RouteTiming> timings{RouteTiming::Gather};
};

/// The timings `--route-timing` names (absent: gather); ConfigError for another value.
std::vector<RouteTiming> star_route_timings(const OptionValues& options);

/// Figure `number` (11-15) with the grid of `options` (--quick: fewer x values, 2 runs unless
/// --runs; --route-timing). ConfigError for another number.
StarFigure star_figure(int number, const sim::ReproduceOptions& options);

struct StarPoint {
    RouteTiming timing = RouteTiming::Gather;
    std::size_t panel = 0;
    star::StarScheme scheme = star::StarScheme::Multipath;
    double x = 0;
    sim::SampleStats value;  ///< latency in us, or links visited
    double mean_wall_seconds = 0;
};

/// The spec of one run (the draw depends on the point and run, not on the scheme).
StarRunSpec star_figure_spec(const StarFigure& figure, std::size_t panel, star::StarScheme scheme,
                             double x, unsigned run, std::uint64_t seed,
                             RouteTiming timing = RouteTiming::Gather);
std::vector<StarPoint> run_star_figure(
    const StarFigure& figure, std::uint64_t seed, unsigned jobs,
    const std::function<void(std::size_t, std::size_t)>& progress);
void print_star_figure(std::ostream& os, const StarFigure& figure,
                       const std::vector<StarPoint>& points, std::uint64_t seed);
void write_star_figure_csv(const std::string& path, const StarFigure& figure,
                           const std::vector<StarPoint>& points);
std::string write_star_figure_plot(const std::string& dir, const StarFigure& figure,
                                   const std::vector<StarPoint>& points, std::ostream& log);
int reproduce_star_figure(int number, const sim::ReproduceOptions& options);

}  // namespace wormcast::star_repro
