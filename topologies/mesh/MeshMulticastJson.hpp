// JSON form of mesh multicast plans (pure C++): the shape of `wormcast plan --json` on a mesh
// (issue 4, item 2). Step counts and pattern files are the simulation layer's (PatternRun).
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "systemc/pure/Firmware.hpp"
#include "topologies/mesh/MeshMulticastPlan.hpp"

namespace wormcast::mesh {

/// {"topology":"mesh:8x8","algorithm":"umesh","source":[x,y],"destinations":[[x,y],...],
///  "sends":[{"step":s,"from":[x,y],"kind":"unicast"|"multidest","to":[[x,y],...],
///            "path":[[x,y],...],"level":l (multidest only)},...],"steps":S}
nlohmann::ordered_json plan_to_json(const MeshMulticastPlan& plan);

/// "mesh:8x8" / "torus:4x4" (the --topology spelling).
std::string topology_spec(const MeshShape& shape);

}  // namespace wormcast::mesh
