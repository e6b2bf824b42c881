// Varavithya & Mohapatra Figs. 14-23 (§5): ATBM against CMIN (UNI-MIN) / UMIN (BI-MIN) on the
// cycle-accurate network, contention-free (Fig. 14) and under mixed unicast/multicast load.
#pragma once

#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "testbenches/experiments/atbm/AtbmRuns.hpp"
#include "testbenches/experiments/atbm/AtbmSuite.hpp"

namespace wormcast::atbm {

/// A network of the figures: kind, b and n.
struct AtbmSystem {
    min::MinKind kind = min::MinKind::Unidirectional;
    std::uint32_t radix = 2;
    std::uint32_t stages = 1;
    min::MinShape shape() const { return min::MinShape{kind, radix, stages}; }
};

// ---- Fig. 14: contention-free multicast latency vs d ----

/// One panel: a kind and a system size, one curve per switch size b with b^n = nodes, per scheme.
struct AtbmFig14Panel {
    char label = 'a';
    min::MinKind kind = min::MinKind::Unidirectional;
    std::uint32_t nodes = 64;
    std::vector<std::uint32_t> radices;       ///< b of the curves
    std::vector<std::uint32_t> destinations;  ///< the d grid (x)
};

struct AtbmFig14 {
    std::string name = "atbm-fig14";
    std::vector<AtbmFig14Panel> panels;
    std::uint32_t message_flits = 64;
    unsigned runs = 1000;
    bool quick = false;
};

/// The paper's panels (a) 64-node UNI, (b) 256-node UNI, (c) 64-node BI, (d) 256-node BI;
/// runs: --runs, else 1000 (the paper), or 10 with --quick (which also thins the d grid).
AtbmFig14 atbm_fig14(const sim::ReproduceOptions& options);

struct AtbmFig14Point {
    std::size_t panel = 0;
    std::uint32_t radix = 2;
    AtbmScheme scheme = AtbmScheme::Atbm;
    std::uint32_t destinations = 1;
    sim::SampleStats latency_us;
    double formula_us = 0;  ///< ATBM only: mean of the contention-free formula over the same draws
    unsigned formula_equal = 0;  ///< ATBM only: runs whose measured latency equals the formula
    double mean_wall_seconds = 0;
};

std::vector<AtbmFig14Point> run_atbm_fig14(
    const AtbmFig14& figure, std::uint64_t seed, unsigned jobs,
    const std::function<void(std::size_t, std::size_t)>& progress);
void print_atbm_fig14(std::ostream& os, const AtbmFig14& figure,
                      const std::vector<AtbmFig14Point>& points, std::uint64_t seed);
void write_atbm_fig14_csv(const std::string& path, const AtbmFig14& figure,
                          const std::vector<AtbmFig14Point>& points);
/// <dir>/atbm-fig14.{dat,gp} and, with gnuplot, .png (empty string without).
std::string write_atbm_fig14_plot(const std::string& dir, const AtbmFig14& figure,
                                  const std::vector<AtbmFig14Point>& points, std::ostream& log);
int reproduce_atbm_fig14(const sim::ReproduceOptions& options);

// ---- Figs. 15-23: latency vs normalised load, mixed traffic ----

enum class AtbmMetric { Multicast, Unicast };

/// One panel: multicast or unicast latency on the UNI- or BI-MINs of switch size `radix`, one
/// curve per system size and scheme.
struct AtbmLoadPanel {
    char label = 'a';
    min::MinKind kind = min::MinKind::Unidirectional;
    std::uint32_t radix = 2;
    AtbmMetric metric = AtbmMetric::Multicast;
    std::vector<std::uint32_t> stages;  ///< n of each system size shown
};

struct AtbmLoadFigure {
    std::string name;  ///< "atbm-fig15"
    int number = 15;
    std::string caption;
    std::vector<AtbmLoadPanel> panels;
    unsigned consumption_channels = 1;                    ///< 1, or 0 for b (Fig. 23)
    min::MinForward forward = min::MinForward::Adaptive;  ///< BI-MIN forward ports (--min-forward)
    std::uint32_t message_flits = 64;
    double multicast_ratio = 0.5;
    std::vector<double> loads;  ///< normalised load, x axis
    std::uint64_t messages = 140000;
    std::uint64_t warmup = 40000;
    Cycle drain_limit = 50000;
    Cycle latency_cap = 12500;
    bool quick = false;
    std::uint32_t max_nodes = ~std::uint32_t{0};  ///< largest system shown
};

/// Figure `number` (15-23) as the captions describe it; quick: 6 000 messages of which 2 000
/// warm-up, four loads, and (unless options.max_nodes says otherwise) systems of at most 64
/// nodes. Throws ConfigError for other numbers and for max_nodes below 16.
AtbmLoadFigure atbm_load_figure(int number, const sim::ReproduceOptions& options);

struct AtbmLoadPoint {
    AtbmSystem system;
    AtbmScheme scheme = AtbmScheme::Atbm;
    double traffic = 0;
    AtbmLoadNormalisation normalisation;
    AtbmLoadOutcome outcome;
};

/// The distinct simulation runs of the figure (system x scheme x load); one run per point.
std::vector<AtbmLoadSpec> atbm_load_specs(const AtbmLoadFigure& figure, std::uint64_t seed);
std::vector<AtbmLoadPoint> run_atbm_load_figure(
    const AtbmLoadFigure& figure, std::uint64_t seed, unsigned jobs,
    const std::function<void(std::size_t, std::size_t)>& progress);
void print_atbm_load_figure(std::ostream& os, const AtbmLoadFigure& figure,
                            const std::vector<AtbmLoadPoint>& points, std::uint64_t seed);
void write_atbm_load_csv(const std::string& path, const AtbmLoadFigure& figure,
                         const std::vector<AtbmLoadPoint>& points);
std::string write_atbm_load_plot(const std::string& dir, const AtbmLoadFigure& figure,
                                 const std::vector<AtbmLoadPoint>& points, std::ostream& log);
int reproduce_atbm_load_figure(int number, const sim::ReproduceOptions& options);

}  // namespace wormcast::atbm
