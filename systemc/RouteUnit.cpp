// Route unit (see RouteUnit.hpp).
#include "systemc/RouteUnit.hpp"

#include <sstream>

#include <fmt/format.h>

namespace wormcast {

RouteUnit::RouteUnit(const RouterConfig& config, std::unique_ptr<RoutingFunction> routing)
    : config_(config), routing_(std::move(routing)) {
    if (!routing_) throw ConfigError(fmt::format("{}: no routing function given", config.name));
}

unsigned RouteUnit::delay(const Header& header) const {
    return header.kind == HeaderKind::Unicast ? config_.t_node : config_.t_node_multidest;
}

RouteDecision RouteUnit::route(PortId in_port, VcId in_vc, const Header& header) const {
    auto describe = [&] {
        std::ostringstream os;
        os << header;
        return os.str();
    };
    if (header.kind == HeaderKind::DestList && !config_.supports_path_worms)
        throw ConfigError(fmt::format(
            "{}: header {} needs multidestination path worms, which this router does not support",
            config_.name, describe()));
    if (header.kind == HeaderKind::BitString && !config_.supports_tree_worms)
        throw ConfigError(fmt::format(
            "{}: header {} needs tree worms (replication), which this router does not support",
            config_.name, describe()));
    RouteDecision decision = routing_->route(RouteQuery{in_port, in_vc, &header});
    if (decision.branches.empty())
        throw ModelError(
            fmt::format("{}: routing function gave no output for header {} from port {}",
                        config_.name, describe(), in_port));
    // Absorb-and-forward of a path worm is a two-way split: the local copy and the worm going on.
    const bool absorb_and_forward = header.kind == HeaderKind::DestList &&
                                    config_.supports_path_worms && decision.branches.size() == 2 &&
                                    (decision.branches[0].consume != decision.branches[1].consume);
    if (decision.branches.size() > 1 && !config_.supports_tree_worms && !absorb_and_forward)
        throw ConfigError(fmt::format(
            "{}: header {} needs replication to {} outputs, which this router does not support",
            config_.name, describe(), decision.branches.size()));
    const std::uint32_t all_vcs = config_.vcs >= 32 ? ~0u : ((1u << config_.vcs) - 1);
    PortSet seen;
    auto claim = [&](unsigned port) {
        if (port >= config_.outputs)
            throw ModelError(fmt::format("{}: routing function chose output {} of {}", config_.name,
                                         port, config_.outputs));
        if (seen.test(port))
            throw ModelError(
                fmt::format("{}: routing function chose output {} twice", config_.name, port));
        seen.set(port);
    };
    for (const auto& b : decision.branches) {
        if ((b.vc_mask & all_vcs) == 0)
            throw ModelError(fmt::format("{}: routing function allowed no VC on output {}",
                                         config_.name, b.port));
        // An adaptive branch may end on any of its ports: none may belong to another branch.
        claim(b.port);
        b.alternatives.for_each(claim);
        if (!b.alternative_order.empty()) {
            PortSet ordered;
            for (PortId q : b.alternative_order) {
                if (!b.alternatives.test(q) || ordered.test(q))
                    throw ModelError(fmt::format(
                        "{}: alternative order names output {} that is not an alternative or "
                        "names it twice",
                        config_.name, q));
                ordered.set(q);
            }
            if (ordered != b.alternatives)
                throw ModelError(
                    fmt::format("{}: alternative order leaves out some alternatives of output {}",
                                config_.name, b.port));
        }
    }
    return decision;
}

}  // namespace wormcast
