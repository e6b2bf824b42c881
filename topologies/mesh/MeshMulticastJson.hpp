// JSON forms of mesh multicast plans, step-model results and multicast pattern files (pure C++):
// the shapes of `wormcast plan --json` and `wormcast steps` (issue 4, items 2 and 3).
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "systemc/pure/Firmware.hpp"
#include "topologies/mesh/MeshMulticastPlan.hpp"
#include "topologies/mesh/StartupStepModel.hpp"

namespace wormcast::mesh {

/// {"topology":"mesh:8x8","algorithm":"umesh","source":[x,y],"destinations":[[x,y],...],
///  "sends":[{"step":s,"from":[x,y],"kind":"unicast"|"multidest","to":[[x,y],...],
///            "path":[[x,y],...],"level":l (multidest only)},...],"steps":S}
nlohmann::ordered_json plan_to_json(const MeshMulticastPlan& plan);

/// {"steps":S,"startups_per_node":{"x,y":count,... nodes with at least one start-up, by node
///  id},"max_startups":M}
nlohmann::ordered_json steps_to_json(const MeshShape& shape, const StepModelResult& result);

/// Parses {"multicasts":[{"source":[x,y],"destinations":[[x,y],...]},...]} into requests with
/// ids 0, 1, ... in file order and the given payload length. Throws ConfigError naming the field
/// (e.g. "multicasts[2].destinations[0]") and the reason.
std::vector<MulticastRequest> pattern_from_json(const MeshShape& shape, const std::string& text,
                                                std::uint32_t length = 1);

/// "mesh:8x8" / "torus:4x4" (the --topology spelling).
std::string topology_spec(const MeshShape& shape);

}  // namespace wormcast::mesh
