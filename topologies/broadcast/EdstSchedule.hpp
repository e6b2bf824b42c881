// Multinode broadcast over four edge-disjoint spanning trees (pure C++): the baseline of Chen &
// Chen §4 and Table 1. Each message is cut into four parts; part q climbs tree q to its root
// (combining at every node) and then goes down tree q to every node.
#pragma once

#include "topologies/broadcast/BroadcastSchedule.hpp"

namespace wormcast::broadcast {

/// Rounds "edst gather" (a node sends its subtree's parts up one link once its children have
/// sent; all four trees at once) then "edst broadcast" (level by level down every tree), each
/// send one hop. Parts: m/4 flits, the first m mod 4 parts one flit more. Throws ConfigError as
/// BroadcastConfig::validate for EDST (config.scheme is not looked at).
BroadcastSchedule build_edst(const BroadcastConfig& config);

}  // namespace wormcast::broadcast
