// JSON writers and the pattern-file reader for mesh multicasts (see MeshMulticastJson.hpp).
// Issue 4 items 2-3; plans follow Kesavan & Panda §2-§4.
#include "topologies/mesh/MeshMulticastJson.hpp"

#include <fmt/format.h>

namespace wormcast::mesh {

namespace {

nlohmann::ordered_json coordinates(const MeshShape& shape, NodeId node) {
    nlohmann::ordered_json array = nlohmann::ordered_json::array();
    for (std::uint32_t x : shape.coord(node)) array.push_back(x);
    return array;
}

nlohmann::ordered_json coordinate_list(const MeshShape& shape, const std::vector<NodeId>& nodes) {
    nlohmann::ordered_json array = nlohmann::ordered_json::array();
    for (NodeId node : nodes) array.push_back(coordinates(shape, node));
    return array;
}

}  // namespace

std::string topology_spec(const MeshShape& shape) {
    std::string spec = shape.torus ? "torus:" : "mesh:";
    for (std::size_t d = 0; d < shape.radix.size(); ++d)
        spec += (d ? "x" : "") + std::to_string(shape.radix[d]);
    return spec;
}

nlohmann::ordered_json plan_to_json(const MeshMulticastPlan& plan) {
    const MeshShape& shape = plan.config.shape;
    nlohmann::ordered_json out;
    out["topology"] = topology_spec(shape);
    out["algorithm"] = to_string(plan.config.algorithm);
    out["source"] = coordinates(shape, plan.source);
    out["destinations"] = coordinate_list(shape, plan.destinations);
    nlohmann::ordered_json sends = nlohmann::ordered_json::array();
    for (const PlanSend& send : plan.sends) {
        nlohmann::ordered_json entry;
        entry["step"] = send.step;
        entry["from"] = coordinates(shape, send.from);
        entry["kind"] = to_string(send.kind);
        entry["to"] = coordinate_list(shape, send.to);
        entry["path"] = coordinate_list(shape, send.path);
        if (send.kind == PlanSendKind::Multidest) entry["level"] = send.level;
        sends.push_back(std::move(entry));
    }
    out["sends"] = std::move(sends);
    out["steps"] = plan.steps;
    return out;
}

}  // namespace wormcast::mesh
