// The plan of one mesh multicast under the start-up-only model (pure C++): every send with its
// step, kind, receivers, e-cube path and level. Kesavan & Panda §2.2-§4 (Figs. 1, 2, 7, 9, 13).
#pragma once

#include <cstdint>
#include <vector>

#include "systemc/pure/Types.hpp"
#include "topologies/mesh/MeshMulticastAlgorithm.hpp"

namespace wormcast::mesh {

enum class PlanSendKind { Unicast, Multidest };

const char* to_string(PlanSendKind kind);

struct PlanSend {
    std::uint32_t step = 0;  ///< 1-based start-up index in the single multicast
    NodeId from = 0;
    PlanSendKind kind = PlanSendKind::Unicast;
    std::vector<NodeId> to;    ///< the receiver, or the worm's destinations in visiting order
    std::vector<NodeId> path;  ///< routers visited, sender included (concatenated e-cube paths)
    int level = 0;             ///< 0 for unicasts, 1 ... n for level-n worms
};

struct MeshMulticastPlan {
    MeshMulticastConfig config;
    NodeId source = 0;
    std::vector<NodeId> destinations;  ///< as requested
    std::vector<PlanSend> sends;       ///< by step, then sender id
    std::uint32_t steps = 0;           ///< number of start-up steps of the multicast
};

/// Routers a worm visits from `from` through `destinations` in order: the e-cube path to the
/// first destination, then from each destination to the next (shared endpoints once).
std::vector<NodeId> ecube_worm_path(const MeshShape& shape, NodeId from,
                                    const std::vector<NodeId>& destinations);

/// Runs MeshMulticastFirmware for one multicast in the StartupStepModel and records its sends.
/// Throws ConfigError for a bad source, destination list or configuration.
MeshMulticastPlan plan_mesh_multicast(const MeshMulticastConfig& config, NodeId source,
                                      const std::vector<NodeId>& destinations);

}  // namespace wormcast::mesh
