// DDN/DCN partition of a 2-D torus (see TorusPartition.hpp).
#include "topologies/broadcast/TorusPartition.hpp"

#include <fmt/format.h>

namespace wormcast::broadcast {

TorusPartition::TorusPartition(const mesh::MeshShape& shape, std::uint32_t h)
    : shape_(shape), h_(h) {
    shape_.validate();
    if (!shape_.torus || shape_.dimensions() != 2)
        throw ConfigError(
            fmt::format("topology: the DDN/DCN partition is defined on 2-D tori, "
                        "not on the {}",
                        shape_.name()));
    if (h_ == 0 || shape_.radix[0] % h_ != 0 || shape_.radix[1] % h_ != 0)
        throw ConfigError(fmt::format("h: {} must be at least 1 and divide both radices of the {}",
                                      h_, shape_.name()));
}

std::optional<std::uint32_t> TorusPartition::ddn(NodeId node) const {
    const std::uint32_t k = x(node) % h_;
    if (y(node) % h_ != k) return std::nullopt;
    return k;
}

}  // namespace wormcast::broadcast
