// Kesavan & Panda Figs. 15-21 (§5): multiple-multicast latency in µs with the paper's timing on
// 16x16 and 6x6x6 meshes (Fig. 21: k x k, k = 4 ... 16), and the §5 statements checked in numbers.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "testbenches/experiments/kp/KpRuns.hpp"
#include "testbenches/sim/Experiment.hpp"

namespace wormcast::kp {

/// What a panel's x axis is and what its curves hold fixed.
enum class KpSweep {
    Sources,        ///< x = S; one curve per fixed d (and algorithm)
    Destinations,   ///< x = d; one curve per fixed S
    SizeAllDests,   ///< Fig. 21 (a)/(c): x = k of a k x k mesh, N = k², S = N/2, d = N - 1
    SizeHalfDests,  ///< Fig. 21 (b)/(d): x = k, S = N, d = N/2
};

struct KpPanel {
    char label = 'a';
    KpOverlap overlap = KpOverlap::Complete;
    KpSweep sweep = KpSweep::Sources;
    std::vector<std::uint32_t> fixed;  ///< d (Sources) or S (Destinations); {0} for the size sweeps
    std::vector<std::uint32_t> x;
};

struct KpFigure {
    std::string name;  ///< "kp-fig15"
    int number = 15;
    std::string caption;
    std::string shape;  ///< "16x16", "6x6x6"; empty for Fig. 21 (k x k per point)
    std::vector<mesh::MeshMulticastAlgorithm> algorithms;
    std::vector<KpPanel> panels;
    std::uint32_t length = 50;  ///< payload flits per message (the paper: 50)
    unsigned runs = 30;
    bool quick = false;
    /// Leader phase of the HL family (the paper's text: umesh); spumesh names the figure
    /// "kp-figN-spumesh" so that both can sit in one output directory.
    mesh::LeaderPhase leader_phase = mesh::LeaderPhase::Umesh;
};

/// Figure `number` (15-21): full grids, or with quick the scaled-down version (fewer x points,
/// 5-flit messages); runs from the options (capped at 2 with quick).
KpFigure kp_figure(int number, const sim::ReproduceOptions& options);

/// The paper's legend abbreviation: um, sp, hl, sqhl, schl.
const char* kp_short_name(mesh::MeshMulticastAlgorithm algorithm);

/// One point of one curve: its coordinates and the latency over its runs (µs).
struct KpFigurePoint {
    std::size_t panel = 0;
    mesh::MeshMulticastAlgorithm algorithm = mesh::MeshMulticastAlgorithm::Umesh;
    std::uint32_t fixed = 0;
    std::uint32_t x = 0;
    std::string shape;  ///< mesh of this point
    std::uint32_t sources = 0;
    std::uint32_t destinations = 0;  ///< d = D - 1
    sim::SampleStats latency_us;
    double mean_startups_max = 0;  ///< start-ups of the busiest NIC, mean over ok runs
    double mean_wall_seconds = 0;
};

/// The spec of run `run` of one point of the figure (what run_kp_figure hands to a worker).
KpRunSpec kp_figure_run_spec(const KpFigure& figure, std::size_t panel,
                             mesh::MeshMulticastAlgorithm algorithm, std::uint32_t fixed,
                             std::uint32_t x, unsigned run, std::uint64_t seed);

/// Runs every point (figure.runs runs each, the same workloads for every algorithm).
std::vector<KpFigurePoint> run_kp_figure(
    const KpFigure& figure, std::uint64_t seed, unsigned jobs,
    const std::function<void(std::size_t, std::size_t)>& progress);

/// Looks up a point's mean latency (µs); nullopt when the point was not run or all runs failed.
class KpFigureResults {
  public:
    KpFigureResults(const KpFigure& figure, const std::vector<KpFigurePoint>& points)
        : figure_(figure), points_(points) {}
    std::optional<double> mean(char panel, mesh::MeshMulticastAlgorithm algorithm,
                               std::uint32_t fixed, std::uint32_t x) const;
    const KpFigure& figure() const { return figure_; }
    const std::vector<KpFigurePoint>& points() const { return points_; }

  private:
    const KpFigure& figure_;
    const std::vector<KpFigurePoint>& points_;
};

/// A statement of the paper's §5 about a figure, and wormcast's numbers for it.
struct KpClaim {
    std::string paper;  ///< what the paper reports (paraphrased)
    std::function<std::string(const KpFigureResults&)> measured;
};
std::vector<KpClaim> kp_claims(int number);

/// Per panel a table of mean latency (µs) by x and curve; then the claims.
void print_kp_figure(std::ostream& os, const KpFigure& figure,
                     const std::vector<KpFigurePoint>& points, std::uint64_t seed);

/// One CSV row per point.
void write_kp_figure_csv(const std::string& path, const KpFigure& figure,
                         const std::vector<KpFigurePoint>& points);

/// Writes <dir>/<name>.dat and <name>.gp and runs gnuplot for <name>.png. Returns the PNG path,
/// or an empty string (and says why on `log`) when gnuplot is missing or fails.
std::string write_kp_figure_plot(const std::string& dir, const KpFigure& figure,
                                 const std::vector<KpFigurePoint>& points, std::ostream& log);

/// `wormcast reproduce kp-figN`.
int reproduce_kp_figure(int number, const sim::ReproduceOptions& options);

}  // namespace wormcast::kp
