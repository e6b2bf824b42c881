// Multinode broadcast on a 2-D torus as a schedule of synchronous rounds (pure C++): the one type
// that ATD, the edge-disjoint spanning trees and the naive scheme produce. Chen & Chen §2-§4.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "systemc/pure/Types.hpp"
#include "topologies/mesh/MeshShape.hpp"

namespace wormcast::broadcast {

enum class BroadcastScheme {
    Atd,    ///< aggregation-then-distribution (Chen & Chen §3), parameter h
    Edst,   ///< four edge-disjoint spanning trees, the message split in four parts (§4, Table 1)
    Naive,  ///< every source broadcasts on its own binomial tree of unicasts
};
std::string to_string(BroadcastScheme scheme);

/// One worm of a step: a unicast from `from` to `to` along the dimension-ordered route.
struct ScheduleSend {
    NodeId from = 0;
    NodeId to = 0;
    /// Indices into BroadcastSchedule::sources of the messages carried (their part `part`),
    /// ascending. Empty: a control message (a prefix-sum value, one flit).
    std::vector<std::uint32_t> messages;
    std::uint32_t part = 0;   ///< which part of the messages (EDST: the tree); 0 otherwise
    std::uint32_t flits = 0;  ///< payload: messages.size() x the part's length, 1 for control
    bool control() const { return messages.empty(); }
};

/// One synchronous round: every send starts when the round starts (all-port model).
struct ScheduleStep {
    std::string phase;   ///< e.g. "aggregation", "prefix forward", "dcn column"
    unsigned level = 0;  ///< recursion level or round within the phase, 1-based
    std::vector<ScheduleSend> sends;
};

/// A spanning tree directed away from its root: parent[v] for every node, kNoNode at the root.
struct SpanningTree {
    NodeId root = 0;
    std::vector<NodeId> parent;
};

struct BroadcastSchedule {
    mesh::MeshShape shape;
    BroadcastScheme scheme = BroadcastScheme::Atd;
    std::uint32_t h = 0;              ///< ATD: number of data-distribution networks
    std::vector<NodeId> sources;      ///< distinct; message i is the message of sources[i]
    std::uint32_t message_flits = 1;  ///< m, payload flits of one source's message
    /// The message cut into parts sent separately (EDST: four, one per tree; otherwise one),
    /// lengths in flits summing to message_flits.
    std::vector<std::uint32_t> part_flits{1};
    std::vector<ScheduleStep> steps;  ///< only rounds in which some node sends
    std::vector<SpanningTree> trees;  ///< EDST: the trees, part q on trees[q]

    std::uint32_t parts() const { return static_cast<std::uint32_t>(part_flits.size()); }
    /// Start-ups on the critical path of the round model: one per step.
    std::size_t startups() const { return steps.size(); }
    /// The flits of the largest send of step `s` (the round's transmission term).
    std::uint32_t max_flits(std::size_t s) const;
};

/// What to plan: a scheme on a torus, the sources and the message length.
struct BroadcastConfig {
    mesh::MeshShape shape;  ///< a 2-D torus, radices >= 3; square for ATD
    BroadcastScheme scheme = BroadcastScheme::Atd;
    std::uint32_t h = 5;  ///< ATD: DDNs, dividing n
    std::vector<NodeId> sources;
    std::uint32_t message_flits = 1;  ///< m; EDST needs m >= 4 (a part per tree)

    /// Throws ConfigError naming the field and the reason.
    void validate() const;
};

/// Parses "atd:h=H", "edst" or "naive" into scheme and h of `config`. Throws ConfigError.
void parse_broadcast_algorithm(const std::string& text, BroadcastConfig& config);

/// A torus a broadcast schedule runs on: two dimensions, wrap-around links, each radix >= 3 (a
/// 2-ring's two links reach the same neighbour, and dimension-ordered routing uses only one).
/// Throws ConfigError naming the torus and the reason.
void validate_broadcast_torus(const mesh::MeshShape& shape);

/// The node of column x, row y, both taken modulo the radices (negative values wrap).
NodeId torus_node(const mesh::MeshShape& shape, std::int64_t x, std::int64_t y);

}  // namespace wormcast::broadcast
