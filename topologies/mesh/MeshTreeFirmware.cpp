// Mesh tree-worm firmware (see MeshTreeFirmware.hpp).
#include "topologies/mesh/MeshTreeFirmware.hpp"

#include <vector>

#include <fmt/format.h>

namespace wormcast::mesh {

MeshTreeFirmware::MeshTreeFirmware(MeshShape shape) : shape_(std::move(shape)) {
    shape_.validate();
    if (shape_.torus)
        throw ConfigError(fmt::format(
            "tree worms: e-cube tree multicast is implemented on meshes only, not on the {}",
            shape_.name()));
}

std::vector<SendOrder> MeshTreeFirmware::start(const MulticastRequest& request) {
    const std::uint32_t nodes = shape_.nodes();
    if (request.source >= nodes)
        throw ConfigError(fmt::format("multicast {}: source {} outside the {}", request.multicast,
                                      request.source, shape_.name()));
    if (request.destinations.empty())
        throw ConfigError(fmt::format("multicast {}: no destination", request.multicast));
    std::vector<bool> named(nodes, false);
    for (NodeId d : request.destinations) {
        if (d >= nodes)
            throw ConfigError(fmt::format("multicast {}: destination {} outside the {}",
                                          request.multicast, d, shape_.name()));
        if (d == request.source)
            throw ConfigError(fmt::format("multicast {}: the source {} is among its destinations",
                                          request.multicast, shape_.format(d)));
        if (named[d])
            throw ConfigError(fmt::format("multicast {}: destination {} named twice",
                                          request.multicast, shape_.format(d)));
        named[d] = true;
    }
    if (request.destinations.size() == 1)
        return {SendOrder{Header::unicast(request.destinations[0]), request.length, nullptr, 0,
                          std::nullopt}};
    return {SendOrder{Header::bit_string(nodes, request.destinations), request.length, nullptr, 1,
                      std::nullopt}};
}

}  // namespace wormcast::mesh
