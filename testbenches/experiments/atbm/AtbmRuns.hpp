// One run of the Varavithya & Mohapatra (ATBM on MINs) reproductions: a single multicast on an
// empty network (§5.2, Fig. 14) or a mixed unicast/multicast load (§5.3, Figs. 15-23).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "systemc/NetworkSpec.hpp"
#include "testbenches/sim/Sampling.hpp"
#include "testbenches/sim/WorkerPool.hpp"
#include "topologies/min/MinShape.hpp"
#include "topologies/min/network/MinNetwork.hpp"

namespace wormcast::atbm {

/// ATBM in the switches, or the unicast-based software scheme the paper compares it with:
/// CMIN on a UNI-MIN, UMIN on a BI-MIN (§5.1).
enum class AtbmScheme { Atbm, Software };

/// "atbm", or "cmin" / "umin" for the software scheme on this kind of network.
const char* atbm_scheme_name(AtbmScheme scheme, min::MinKind kind);

/// §5.1 of the paper: 16-bit flits (a bit-string header of ceil((N+2)/16) flits).
constexpr unsigned kAtbmPaperFlitBits = 16;

/// The paper's timing (§5.1: start-up 500 ns, routing 60 ns, 20 ns flits and token hops,
/// buffers of one header) through min::atbm_cycle_model, for messages of `message_flits` flits
/// including the header, with 1 or b consumption channels per node.
min::AtbmCycleModel atbm_paper_model(const min::MinShape& shape, std::uint32_t message_flits,
                                     unsigned consumption_channels);

/// Payload flits of a request with `destinations` destinations, so that every worm it becomes
/// is message_flits long with its header: a bit-string header for an ATBM multicast, a unicast
/// header otherwise (every worm of the software scheme, and every single-destination request).
std::uint32_t atbm_payload_flits(const min::MinShape& shape, const min::AtbmCycleModel& model,
                                 std::uint32_t message_flits, AtbmScheme scheme,
                                 std::size_t destinations);

/// The network of a run: ATBM switches with token rings (`average` model), and for the software
/// scheme the CMIN / UMIN NIC firmware (the switches then only see unicast worms).
NetworkSpec atbm_network(const min::MinShape& shape, const min::AtbmCycleModel& model,
                         AtbmScheme scheme);

/// A contention-free run (§5.2): one multicast from a random source to d random destinations.
struct AtbmSingleSpec {
    min::MinShape shape;
    AtbmScheme scheme = AtbmScheme::Atbm;
    std::uint32_t destinations = 1;  ///< d
    std::uint32_t message_flits = 64;
    std::uint64_t seed = 1;  ///< draws source and destinations; the same for both schemes
};

struct AtbmSingleDraw {
    NodeId source = 0;
    std::vector<NodeId> destinations;  ///< sorted, distinct, never the source
};
AtbmSingleDraw atbm_single_draw(const min::MinShape& shape, std::uint32_t destinations,
                                std::uint64_t seed);

/// What a contention-free run measured; travels from a worker process as JSON.
struct SingleOutcome {
    bool ok = false;                   ///< delivered exactly once, no deadlock, no error
    std::uint64_t latency_cycles = 0;  ///< first start-up to last tail
    std::uint64_t startups_max = 0;    ///< start-ups of the busiest NIC
    double wall_seconds = 0;
    std::string problem;  ///< why not ok

    static SingleOutcome failed(std::string why);
};
/// Outcomes travel between worker processes as JSON, one key per member.
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(SingleOutcome, ok, latency_cycles, startups_max, wall_seconds,
                                   problem)

/// Runs the draw on the cycle-accurate network.
SingleOutcome run_atbm_single(const AtbmSingleSpec& spec);

/// The contention-free formula (min::atbm_contention_free_latency, header store included) for
/// the ATBM multicast of this spec's draw, in ns.
double atbm_single_formula_ns(const AtbmSingleSpec& spec);

/// The load normalisation of §5.3 for one network: B_t = input-buffer flits of all switches
/// (buffer depth x input ports x switches), B_m = message_flits x the mean number of switches on
/// a unicast path between two distinct nodes (n on a UNI-MIN; the mean of 2T+1 on a BI-MIN), in
/// flit-cycles: the buffer-time one message holds while its worm spans its path.
struct AtbmLoadNormalisation {
    double mean_path_switches = 0;
    double buffer_time = 0;    ///< B_m
    double total_buffers = 0;  ///< B_t
};
AtbmLoadNormalisation atbm_load_normalisation(const min::MinShape& shape,
                                              const min::AtbmCycleModel& model,
                                              std::uint32_t message_flits);

/// A run under mixed traffic (§5.3, testbenches/traffic/MixedTraffic).
struct AtbmLoadSpec {
    min::MinShape shape;
    AtbmScheme scheme = AtbmScheme::Atbm;
    unsigned consumption_channels = 1;
    std::uint32_t message_flits = 64;
    double multicast_ratio = 0.5;  ///< M_p
    double traffic = 0.1;          ///< normalised load
    std::uint64_t messages = 140000;
    std::uint64_t warmup = 40000;
    /// Bound on the simulated time after the last submission; a run that has not delivered
    /// everything by then is saturated.
    Cycle drain_limit = 50000;
    /// A mean latency (either kind) above this also marks the run saturated.
    Cycle latency_cap = 12500;
    std::uint64_t seed = 1;  ///< the traffic; the same for both schemes
};

/// What a load run measured, in cycles from submission to the last tail.
struct AtbmLoadOutcome {
    bool ok = false;         ///< delivered everything, no deadlock, below the cap
    bool saturated = false;  ///< not drained within the bound, or a mean above the cap
    double multicast_mean_cycles = 0;
    double unicast_mean_cycles = 0;
    double wall_seconds = 0;
    std::string problem;  ///< why not ok

    static AtbmLoadOutcome failed(std::string why);
};
/// Outcomes travel between worker processes as JSON, one key per member.
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(AtbmLoadOutcome, ok, saturated, multicast_mean_cycles,
                                   unicast_mean_cycles, wall_seconds, problem)

/// Runs the traffic on the cycle-accurate network.
AtbmLoadOutcome run_atbm_load(const AtbmLoadSpec& spec);

}  // namespace wormcast::atbm
