// One run of the Kesavan & Panda reproductions: a seeded multiple-multicast workload on a mesh,
// run by one algorithm's NIC firmware in start-up-only mode (sec. 2-4) or with sec. 5 timing.
#pragma once

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "app/KpWorkerPool.hpp"
#include "systemc/NetworkSpec.hpp"
#include "topologies/mesh/MeshMulticastAlgorithm.hpp"

namespace wormcast::app {

/// Complete overlap (identical Φ, as close as possible for S > D) or random overlap (§2.3, §5).
enum class KpOverlap { Complete, Random };
const char* to_string(KpOverlap overlap);

/// Which network parameters a run uses.
enum class KpTiming {
    StartupOnly,  ///< Tables 1-6: a start-up that dwarfs all network latency; steps = round(L /
                  ///< t_s)
    Section5,     ///< Figs. 15-21: the paper's §5 parameters (kp_section5_params)
};

/// Everything one run needs; runs with equal fields give equal results.
struct KpRunSpec {
    mesh::MeshMulticastConfig config;
    KpOverlap overlap = KpOverlap::Complete;
    std::uint32_t sources = 1;   ///< S
    std::uint32_t set_size = 2;  ///< D = |Φ| = d + 1 (the source and d destinations)
    std::uint32_t length = 1;    ///< payload flits of every message
    KpTiming timing = KpTiming::StartupOnly;
    std::uint64_t seed = 1;  ///< draws the workload; also the network run's seed
};

/// §5 of the paper at a 5 ns clock: t_s = 5 µs, t_phy = t_sw = t_inj = t_cons = 5 ns, t_node =
/// 20 ns for Umesh/SPUmesh and 40 ns for every header in the HL-family runs (the paper's
/// "t_node for the multidestination simulations"), one consumption channel per input direction
/// (4 in 2-D, 6 in 3-D), path worms enabled for the HL family.
NetworkParams kp_section5_params(const mesh::MeshShape& shape,
                                 mesh::MeshMulticastAlgorithm algorithm);

/// The parameters a run uses: startup_only_params (with 2n consumption channels) or §5's.
NetworkParams kp_params(const KpRunSpec& spec);

/// Draws the workload from spec.seed and runs it on the cycle-accurate network.
KpRunOutcome run_kp_point(const KpRunSpec& spec);

/// A seed derived from a base seed and the coordinates of a run (splitmix64 mixing), so every
/// point and run of an experiment has its own stream and the same coordinates replay exactly.
std::uint64_t kp_seed(std::uint64_t base, std::initializer_list<std::uint64_t> parts);

/// Mean, spread and count over the successful runs of one point.
struct KpStats {
    unsigned runs = 0;    ///< successful runs averaged
    unsigned failed = 0;  ///< runs that deadlocked, lost a delivery or threw
    double mean = 0;
    double min = 0;
    double max = 0;
    double stddev = 0;  ///< sample standard deviation (0 for fewer than two runs)
    std::string first_problem;
};
/// What a figure's run_figure reports for a point whose runs failed: "N runs failed, first: why";
/// nothing when all succeeded.
std::optional<std::string> failed_runs(const KpStats& stats);
/// value(outcome) of every ok outcome; failures are counted, not averaged.
KpStats kp_stats(const std::vector<KpRunOutcome>& outcomes,
                 const std::function<double(const KpRunOutcome&)>& value);

/// A progress callback for run_in_workers that prints "name: done/total runs, elapsed" to stderr
/// at most every `interval_seconds`, and once at the end.
std::function<void(std::size_t, std::size_t)> kp_progress_printer(const std::string& name,
                                                                  double interval_seconds = 30);

/// Creates the directory (and parents) or throws ConfigError naming it.
void kp_make_directory(const std::string& dir);

/// A path inside dir.
std::string kp_path(const std::string& dir, const std::string& file);

}  // namespace wormcast::app
