// JSON writers and the pattern-file reader for mesh multicasts (see MeshMulticastJson.hpp).
// Issue 4 items 2-3; plans follow Kesavan & Panda §2-§4.
#include "topologies/mesh/MeshMulticastJson.hpp"

#include <unordered_set>

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

NodeId node_from_json(const MeshShape& shape, const nlohmann::json& value,
                      const std::string& field) {
    if (!value.is_array() || value.size() != shape.dimensions())
        throw ConfigError(fmt::format("{}: expected an array of {} coordinates, got {}", field,
                                      shape.dimensions(), value.dump()));
    Coord c;
    for (std::size_t d = 0; d < value.size(); ++d) {
        const nlohmann::json& x = value[d];
        if (!x.is_number_integer() || x.get<std::int64_t>() < 0 ||
            x.get<std::int64_t>() >= static_cast<std::int64_t>(shape.radix[d]))
            throw ConfigError(fmt::format("{}: coordinate {} = {} is not an integer in 0..{}",
                                          field, d, x.dump(), shape.radix[d] - 1));
        c.push_back(static_cast<std::uint32_t>(x.get<std::int64_t>()));
    }
    return shape.id(c);
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

nlohmann::ordered_json steps_to_json(const MeshShape& shape, const StepModelResult& result) {
    nlohmann::ordered_json out;
    out["steps"] = result.steps;
    nlohmann::ordered_json per_node = nlohmann::ordered_json::object();
    for (NodeId node = 0; node < result.startups_per_node.size(); ++node)
        if (result.startups_per_node[node] > 0)
            per_node[shape.format(node)] = result.startups_per_node[node];
    out["startups_per_node"] = std::move(per_node);
    out["max_startups"] = result.max_startups;
    return out;
}

std::vector<MulticastRequest> pattern_from_json(const MeshShape& shape, const std::string& text,
                                                std::uint32_t length) {
    nlohmann::json document;
    try {
        document = nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& error) {
        throw ConfigError(fmt::format("pattern: not valid JSON ({})", error.what()));
    }
    if (!document.is_object() || !document.contains("multicasts") ||
        !document["multicasts"].is_array())
        throw ConfigError("pattern: expected an object with an array \"multicasts\"");
    std::vector<MulticastRequest> requests;
    const nlohmann::json& multicasts = document["multicasts"];
    for (std::size_t i = 0; i < multicasts.size(); ++i) {
        const std::string field = fmt::format("multicasts[{}]", i);
        const nlohmann::json& entry = multicasts[i];
        if (!entry.is_object() || !entry.contains("source") || !entry.contains("destinations"))
            throw ConfigError(
                fmt::format("{}: expected an object with \"source\" and "
                            "\"destinations\"",
                            field));
        MulticastRequest request;
        request.multicast = static_cast<std::uint32_t>(i);
        request.length = length;
        request.source = node_from_json(shape, entry["source"], field + ".source");
        const nlohmann::json& destinations = entry["destinations"];
        if (!destinations.is_array() || destinations.empty())
            throw ConfigError(fmt::format("{}.destinations: expected a non-empty array", field));
        std::unordered_set<NodeId> seen;
        for (std::size_t j = 0; j < destinations.size(); ++j) {
            const std::string where = fmt::format("{}.destinations[{}]", field, j);
            const NodeId node = node_from_json(shape, destinations[j], where);
            if (node == request.source)
                throw ConfigError(fmt::format("{}: {} is the source", where, shape.format(node)));
            if (!seen.insert(node).second)
                throw ConfigError(fmt::format("{}: {} is listed twice", where, shape.format(node)));
            request.destinations.push_back(node);
        }
        requests.push_back(std::move(request));
    }
    return requests;
}

}  // namespace wormcast::mesh
