// The naive multinode broadcast (pure C++): every source broadcasts its message on its own, on a
// binomial tree of unicasts; nothing is combined and nothing avoids the other sources' worms.
#pragma once

#include "topologies/broadcast/BroadcastSchedule.hpp"

namespace wormcast::broadcast {

/// Round t (1-based) of "binomial": the nodes at relative index r < 2^(t-1) of each source send
/// that source's message to relative index r + 2^(t-1), where the relative index of (x, y) is
/// dx + n1 * dy with (dx, dy) = (x, y) - source modulo the radices. ceil(log2 N) rounds. A node
/// may send several worms in one round, one per source. config.scheme is not looked at.
BroadcastSchedule build_naive(const BroadcastConfig& config);

}  // namespace wormcast::broadcast
