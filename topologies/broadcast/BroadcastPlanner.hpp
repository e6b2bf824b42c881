// One entry point for the three multinode broadcast schemes on a 2-D torus (pure C++), and the
// source sets a plan or a run starts from: a written list or a seeded random choice.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "topologies/broadcast/BroadcastSchedule.hpp"

namespace wormcast::broadcast {

/// The schedule of config.scheme (ATD, EDST or naive). Throws ConfigError for bad input.
BroadcastSchedule plan_broadcast(const BroadcastConfig& config);

/// Parses "x,y;x,y;..." into node ids (in the order written). Throws ConfigError for a malformed
/// or repeated node, or an empty list.
std::vector<NodeId> parse_sources(const mesh::MeshShape& shape, const std::string& text);

/// `count` distinct nodes drawn uniformly from `rng`, ascending. Throws ConfigError unless
/// 1 <= count <= nodes.
std::vector<NodeId> random_sources(const mesh::MeshShape& shape, std::uint32_t count,
                                   std::mt19937_64& rng);

}  // namespace wormcast::broadcast
