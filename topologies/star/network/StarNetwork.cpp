// Star-graph network builder (see StarNetwork.hpp).
#include "topologies/star/network/StarNetwork.hpp"

#include <fmt/format.h>

#include "topologies/star/StarMulticastFirmware.hpp"

namespace wormcast::star {

NetworkSpec build_star_network(const StarShape& shape, const NetworkParams& params,
                               PathWormRouting path_worms) {
    if (shape.dimension() > kMaxStarNetworkDimension)
        throw ConfigError(fmt::format(
            "topology: the cycle-accurate network is built for stars up to n = {} ({} routers); "
            "the {} has {} nodes",
            kMaxStarNetworkDimension, factorial(kMaxStarNetworkDimension), shape.name(),
            shape.nodes()));
    if (params.tree_worms)
        throw ConfigError(fmt::format(
            "tree_worms: star graphs route unicasts and destination lists only; tree worms "
            "(bit-string headers) are not implemented on the {}",
            shape.name()));
    NetworkSpec spec;
    spec.name = shape.name();
    const PortId net = shape.network_ports();
    StarRoutingOptions options{params.vcs, params.consumption_channels, path_worms};
    for (NodeId node = 0; node < shape.nodes(); ++node) {
        RouterSpec r;
        r.name = "r" + shape.format(node);
        r.inputs = static_cast<PortId>(net + params.injection_channels);
        r.outputs = static_cast<PortId>(net + params.consumption_channels);
        r.output_link_latency.assign(r.outputs, params.t_phy);
        for (PortId q = net; q < r.outputs; ++q) r.output_link_latency[q] = params.t_cons;
        r.input_credit_latency.assign(r.inputs, params.t_phy);
        for (PortId p = net; p < r.inputs; ++p) r.input_credit_latency[p] = params.t_inj;
        auto routing = std::make_unique<StarRouting>(shape, node, options);
        // g_i is an involution: leaving on port q arrives on port q of the neighbour.
        for (PortId q = 0; q < net; ++q)
            spec.links.push_back(LinkSpec{node, q, routing->neighbour_labels()[q], q});
        r.routing = std::move(routing);
        spec.routers.push_back(std::move(r));

        NodeSpec ns;
        ns.router = node;
        for (unsigned i = 0; i < params.injection_channels; ++i)
            ns.injection_ports.push_back(static_cast<PortId>(net + i));
        for (unsigned c = 0; c < params.consumption_channels; ++c)
            ns.consumption_ports.push_back(static_cast<PortId>(net + c));
        spec.nodes.push_back(ns);
    }
    spec.node_name = [shape](NodeId id) { return shape.format(id); };
    return spec;
}

NetworkSpec build_star_multicast_network(const StarShape& shape, const NetworkParams& params,
                                         StarScheme scheme) {
    if (uses_path_worms(scheme) && !params.path_worms)
        throw ConfigError(fmt::format(
            "path_worms: the {} scheme sends multidestination path worms; the routers need "
            "path_worms (router.path_worms: true)",
            to_string(scheme)));
    check_consumption_channels(scheme, params.consumption_channels);
    NetworkSpec spec = build_star_network(shape, params, path_worm_routing(scheme));
    spec.firmware = [shape, scheme](NodeId) {
        return std::make_unique<StarMulticastFirmware>(shape, scheme);
    };
    return spec;
}

}  // namespace wormcast::star
