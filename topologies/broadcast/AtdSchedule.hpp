// Aggregation-then-distribution multinode broadcast on an n x n torus (pure C++), Chen & Chen §3:
// aggregation, prefix sums and tuning, then alignment, diagonal all-to-all, DDN broadcast and DCN
// collection. docs/broadcast.md lists every choice made where the paper is silent or wrong.
#pragma once

#include <cstdint>
#include <vector>

#include "topologies/broadcast/BroadcastSchedule.hpp"

namespace wormcast::broadcast {

/// A DCN-diagonal node after aggregation, with its prefix sum.
struct CollectorLoad {
    NodeId node = 0;
    std::uint32_t ddn = 0;     ///< k: the node is in DDN_k
    std::uint32_t count = 0;   ///< beta: messages it holds after aggregation
    std::uint32_t prefix = 0;  ///< alpha: messages before it, from the forward/backward stages
};

/// Where a collector's messages go in the data tuning (§3.1.2.2): F, the DDN of each of its
/// messages, and F', the same as offsets along the diagonal.
struct DestinationList {
    std::vector<std::uint32_t> ddns;    ///< F = {(alpha + t) mod h : t = 0..beta-1}
    std::vector<std::int64_t> offsets;  ///< F': t - k reduced into (-h/2, h/2]
};
DestinationList destination_list(std::uint32_t prefix, std::uint32_t count, std::uint32_t ddn,
                                 std::uint32_t h);

/// Balanced base-5 digits of `offset` (each in -2..2), least significant first; none for 0.
std::vector<int> balanced_digits(std::int64_t offset);

struct AtdPlan {
    BroadcastSchedule schedule;
    /// Every node on a DCN's main diagonal (x = y mod h), ascending node id.
    std::vector<CollectorLoad> collectors;
    std::vector<std::uint32_t> ddn_loads_aggregated;  ///< [k] messages on DDN_k after aggregation
    std::vector<std::uint32_t> ddn_loads_tuned;       ///< [k] messages DDN_k distributes
    std::vector<std::uint32_t> message_ddn;           ///< [message] the DDN distributing it
};

/// Builds the ATD schedule of config.h DDNs (config.scheme is not looked at). Throws
/// ConfigError for a bad configuration (BroadcastConfig::validate as for ATD).
AtdPlan build_atd(const BroadcastConfig& config);

}  // namespace wormcast::broadcast
