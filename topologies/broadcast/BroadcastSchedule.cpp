// Broadcast schedule helpers (see BroadcastSchedule.hpp).
#include "topologies/broadcast/BroadcastSchedule.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>

namespace wormcast::broadcast {

std::string to_string(BroadcastScheme scheme) {
    switch (scheme) {
        case BroadcastScheme::Atd:
            return "atd";
        case BroadcastScheme::Edst:
            return "edst";
        case BroadcastScheme::Naive:
            return "naive";
    }
    return "?";
}

std::uint32_t BroadcastSchedule::max_flits(std::size_t s) const {
    std::uint32_t most = 0;
    for (const auto& send : steps.at(s).sends) most = std::max(most, send.flits);
    return most;
}

void validate_broadcast_torus(const mesh::MeshShape& shape) {
    shape.validate();
    if (!shape.torus || shape.dimensions() != 2)
        throw ConfigError(fmt::format(
            "topology: multinode broadcast runs on 2-D tori, not on the {}", shape.name()));
    for (unsigned d = 0; d < 2; ++d)
        if (shape.radix[d] < 3)
            throw ConfigError(fmt::format(
                "topology: the {} has radix {} in dimension {}; broadcast schedules need at "
                "least 3 (on a 2-ring dimension-ordered routing uses one of the two links only)",
                shape.name(), shape.radix[d], d));
}

void BroadcastConfig::validate() const {
    validate_broadcast_torus(shape);
    if (sources.empty()) throw ConfigError("sources: a multinode broadcast needs a source");
    std::set<NodeId> seen;
    for (NodeId s : sources) {
        if (s >= shape.nodes())
            throw ConfigError(fmt::format("sources: node {} is outside the {}", s, shape.name()));
        if (!seen.insert(s).second)
            throw ConfigError(fmt::format("sources: {} is named twice", shape.format(s)));
    }
    if (message_flits == 0) throw ConfigError("message_flits must be at least 1");
    if (scheme == BroadcastScheme::Edst && message_flits < 4)
        throw ConfigError(fmt::format(
            "message_flits: edst splits each message into four parts, one per tree; {} flits "
            "cannot be split so (at least 4)",
            message_flits));
    if (scheme != BroadcastScheme::Atd) return;
    if (shape.radix[0] != shape.radix[1])
        throw ConfigError(fmt::format(
            "topology: ATD needs a square torus (its diagonals and prefix sums run along the main "
            "diagonal, docs/broadcast.md), not the {}",
            shape.name()));
    if (h == 0 || shape.radix[0] % h != 0)
        throw ConfigError(
            fmt::format("h: {} must be at least 1 and divide n = {}", h, shape.radix[0]));
}

void parse_broadcast_algorithm(const std::string& text, BroadcastConfig& config) {
    if (text == "edst") {
        config.scheme = BroadcastScheme::Edst;
        return;
    }
    if (text == "naive") {
        config.scheme = BroadcastScheme::Naive;
        return;
    }
    const std::string prefix = "atd:h=";
    const std::string digits = text.substr(std::min(text.size(), prefix.size()));
    if (text.rfind(prefix, 0) != 0 || digits.empty() || digits.size() > 6 ||
        digits.find_first_not_of("0123456789") != std::string::npos)
        throw ConfigError(fmt::format(
            "algorithm: '{}' is not one of atd:h=H (H a whole number), edst, naive", text));
    config.scheme = BroadcastScheme::Atd;
    config.h = static_cast<std::uint32_t>(std::stoul(digits));
}

NodeId torus_node(const mesh::MeshShape& shape, std::int64_t x, std::int64_t y) {
    const auto wrap = [](std::int64_t v, std::uint32_t k) {
        const std::int64_t r = v % static_cast<std::int64_t>(k);
        return static_cast<std::uint32_t>(r < 0 ? r + k : r);
    };
    return shape.id({wrap(x, shape.radix[0]), wrap(y, shape.radix[1])});
}

}  // namespace wormcast::broadcast
