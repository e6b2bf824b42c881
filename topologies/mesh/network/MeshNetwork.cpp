// Mesh/torus network builder (see MeshNetwork.hpp).
#include "topologies/mesh/network/MeshNetwork.hpp"

#include <fmt/format.h>

namespace wormcast::mesh {

NetworkSpec build_mesh_network(const MeshShape& shape, const NetworkParams& params, bool dateline) {
    shape.validate();
    if (shape.torus && params.tree_worms)
        throw ConfigError(fmt::format(
            "tree_worms: e-cube tree worms (bit-string headers) are implemented on meshes only, "
            "not on the {}",
            shape.name()));
    const PortId directions = shape.network_ports();
    if (params.all_port &&
        (params.injection_channels != directions || params.consumption_channels != directions))
        throw ConfigError(fmt::format(
            "all_port: an all-port NIC of the {} has one injection and one consumption channel "
            "per direction, {} each (injection_channels = {}, consumption_channels = {})",
            shape.name(), directions, params.injection_channels, params.consumption_channels));
    if (params.all_port && params.tree_worms)
        throw ConfigError(
            "all_port: a tree worm leaves on several channels at once; all-port NICs send "
            "unicasts and path worms only");
    NetworkSpec spec;
    spec.name = shape.name();
    const PortId net = shape.network_ports();
    const std::uint32_t n = shape.nodes();
    EcubeOptions options{params.vcs, dateline, params.consumption_channels};
    for (NodeId node = 0; node < n; ++node) {
        RouterSpec r;
        r.name = fmt::format("r{}", fmt::join(shape.coord(node), "_"));
        r.inputs = static_cast<PortId>(net + params.injection_channels);
        r.outputs = static_cast<PortId>(net + params.consumption_channels);
        r.output_link_latency.assign(r.outputs, params.t_phy);
        for (PortId q = net; q < r.outputs; ++q) r.output_link_latency[q] = params.t_cons;
        r.input_credit_latency.assign(r.inputs, params.t_phy);
        for (PortId p = net; p < r.inputs; ++p) r.input_credit_latency[p] = params.t_inj;
        r.routing = std::make_unique<EcubeRouting>(shape, node, options);
        spec.routers.push_back(std::move(r));

        NodeSpec ns;
        ns.router = node;
        for (unsigned i = 0; i < params.injection_channels; ++i)
            ns.injection_ports.push_back(static_cast<PortId>(net + i));
        for (unsigned c = 0; c < params.consumption_channels; ++c)
            ns.consumption_ports.push_back(static_cast<PortId>(net + c));
        // Injection channel i feeds the router's local input net + i; all-port NICs put a send on
        // the channel numbered like the output port of its first hop (consumption channels are
        // numbered by input direction already, EcubeRouting::consumption_channel).
        if (params.all_port)
            ns.injection_channel = [shape, node](const Header& header) {
                if (header.destinations.empty())
                    throw ModelError("all-port NIC: a send without a destination");
                const int port = shape.ecube_port(node, header.destinations.front());
                if (port < 0) throw ModelError("all-port NIC: a send to the node itself");
                return static_cast<unsigned>(port);
            };
        spec.nodes.push_back(ns);

        for (PortId q = 0; q < net; ++q) {
            const NodeId other = shape.neighbour(node, q);
            if (other == kNoNode) continue;
            // Leaving on the + side of a dimension arrives on the neighbour's - side, and back.
            spec.links.push_back(LinkSpec{node, q, other, static_cast<PortId>(q ^ 1U)});
        }
    }
    // A 2-ary torus dimension has both neighbours equal; the +/- links are still distinct ports.
    spec.node_name = [shape](NodeId id) { return shape.format(id); };
    return spec;
}

}  // namespace wormcast::mesh
