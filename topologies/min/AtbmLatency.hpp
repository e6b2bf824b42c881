// ATBM token rule and contention-free multicast latency (pure C++): the token-release count and
// the sum behind the paper's 2.12 us example. Varavithya & Mohapatra §4.1, §5.1, §5.2.
#pragma once

#include <cstdint>

#include "topologies/min/AtbmPlan.hpp"
#include "topologies/min/SwitchGrouping.hpp"

namespace wormcast::min {

/// Flits a tree operation at stage label k forwards before it releases its group's token: the
/// headers have then filled every buffer down to the destinations, B*(n_eff-k) (§4.1, written
/// B*(n-j) there for a UNI-MIN; n_eff = n for UNI, 2n for BI).
std::uint64_t token_release_flits(std::uint32_t buffer_flits, std::uint32_t effective_stages,
                                  std::uint32_t kstage);

/// The `average` token model (§5.1): a tree operation in a group of g > 1 switches waits
/// t_token*g/2 for the token; a group of one switch, or no group, costs nothing.
double average_token_wait_ns(double token_passing_ns, std::uint32_t group_size);

/// Timing of a contention-free run, in ns (defaults: the paper's §5.1 values).
struct AtbmTiming {
    double startup_ns = 500;           ///< message start-up t_startup
    double routing_ns = 60;            ///< routing decision per switch t_route
    double flit_ns = 20;               ///< one flit across one channel t_flit
    double token_passing_ns = 20;      ///< one token hop t_token
    std::uint32_t message_flits = 64;  ///< M, every flit of the worm
    /// h, flits of the routing header (part of M). A switch routes once the whole header is in,
    /// so each switch holds the head (h-1)*t_flit longer; the paper's sum has no such term (h = 1).
    std::uint32_t header_flits = 1;
};

/// L = t_startup + t_route*S + W + (S+1+M)*t_flit + S*(h-1)*t_flit (S switches on the path, S+1
/// channels; the last term is 0 for the paper's h = 1).
double contention_free_latency_ns(const AtbmTiming& timing, std::uint32_t path_switches,
                                  double token_wait_ns);

/// W in the paper's example (§5.2, broadcast from node 0 on min-bi:b=8,n=2, one consumption
/// channel): T = 1, so the path is forward at stage 0, the turn at stage 1 and backward at stage 0
/// (S = 3). The turn replicates to all 8 left ports, a tree operation of backward stage label
/// k = 2n-(1+1) = 2 whose group holds all 8 top switches: 20*8/2 = 80 ns, the paper's "4x20 ns".
/// The tree operations at stage 0 (k = 3) are in groups of one switch and wait nothing. So
/// W = 80 ns and L = 500 + 3*60 + 80 + (3+1+64)*20 = 2120 ns.
///
/// The contention-free latency of one ATBM multicast: every destination is reached after S
/// switches (S = n on a UNI-MIN, 2T+1 on a BI-MIN), so the last tail arrives on the path with the
/// largest W, W being the sum of average_token_wait_ns over the tree operations on that path
/// (each with the group of the switch performing it, SwitchGrouping::tree_op_switch).
struct AtbmLatencyBreakdown {
    std::uint32_t path_switches = 0;        ///< S
    double token_wait_ns = 0;               ///< W on the critical path
    double header_store_ns = 0;             ///< S*(h-1)*t_flit
    NodeId critical_destination = kNoNode;  ///< a destination reached last
    double latency_ns = 0;                  ///< L
};

/// Throws ModelError if the plan's destinations are not all S switches away.
AtbmLatencyBreakdown atbm_contention_free_latency(const AtbmPlan& plan,
                                                  const SwitchGrouping& grouping,
                                                  const AtbmTiming& timing);

}  // namespace wormcast::min
