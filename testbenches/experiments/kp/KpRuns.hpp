// One run of the Kesavan & Panda reproductions: a seeded multiple-multicast workload on a mesh,
// run by one algorithm's NIC firmware in start-up-only mode (sec. 2-4) or with sec. 5 timing.
#pragma once

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "systemc/NetworkSpec.hpp"
#include "systemc/pure/Firmware.hpp"
#include "testbenches/sim/Runner.hpp"
#include "testbenches/sim/Sampling.hpp"
#include "testbenches/sim/WorkerPool.hpp"
#include "topologies/TopologyFamily.hpp"
#include "topologies/mesh/MeshMulticastAlgorithm.hpp"

namespace wormcast::kp {

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

/// What one run measured; travels from a worker process to the parent as JSON.
struct RunOutcome {
    bool ok = false;                   ///< delivered exactly once, no deadlock, no error
    std::uint64_t latency_cycles = 0;  ///< pattern latency
    std::uint64_t steps = 0;           ///< start-up-only runs: round(latency / t_s); else 0
    std::uint64_t startups_max = 0;    ///< start-ups of the busiest NIC
    double wall_seconds = 0;
    std::string problem;  ///< why not ok (first delivery problem, deadlock, exception)

    static RunOutcome failed(std::string why);
};
/// Outcomes travel between worker processes as JSON, one key per member.
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(RunOutcome, ok, latency_cycles, steps, startups_max,
                                   wall_seconds, problem)

/// Draws the workload from spec.seed and runs it on the cycle-accurate network.
RunOutcome run_kp_point(const KpRunSpec& spec);

/// The options of the Kesavan & Panda suite (`reproduce kp-* --leader-phase spumesh`).
struct SuiteOptions {
    /// Leader phase of HL, SQHL and SCHL in the figures (the paper's text: umesh).
    mesh::LeaderPhase leader_phase = mesh::LeaderPhase::Umesh;
    static SuiteOptions parse(const OptionValues& options);
};

/// Runs a pattern with the firmware of `config` on its mesh (the scheme's checks first).
sim::RunResult run_mesh_pattern(const mesh::MeshMulticastConfig& config,
                                const NetworkParams& params,
                                const std::vector<MulticastRequest>& pattern,
                                std::uint64_t seed = 1);

}  // namespace wormcast::kp
