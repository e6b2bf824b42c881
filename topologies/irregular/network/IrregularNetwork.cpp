// Irregular network builder (see IrregularNetwork.hpp).
// Libeskind-Hadas, Mazzoni & Rajagopalan §3.1: processors hang on switch ports, links are pairs.
#include "topologies/irregular/network/IrregularNetwork.hpp"

#include <fmt/format.h>

#include "topologies/irregular/SpamSwitchRouting.hpp"

namespace wormcast::irregular {

NetworkSpec build_irregular_network(std::shared_ptr<const SpamRouting> routing,
                                    const NetworkParams& params,
                                    const IrregularNetworkOptions& options) {
    if (!routing) throw ModelError("build_irregular_network: no routing");
    const SwitchGraph& graph = routing->graph();
    check_irregular_multicast(options.multicast, params.tree_worms, params.injection_channels,
                              params.consumption_channels, graph.name());
    NetworkSpec spec;
    spec.name = graph.name();
    SpamSwitchOptions switch_options;
    switch_options.split = options.multicast == IrregularMulticast::NaiveTree ? TreeSplit::BeforeLca
                                                                              : TreeSplit::AtLca;
    switch_options.selection = options.selection;
    switch_options.vcs = params.vcs;
    const auto ports = static_cast<PortId>(graph.ports());
    for (SwitchId s = 0; s < graph.switches(); ++s) {
        RouterSpec r;
        r.name = fmt::format("s{}", s);
        r.inputs = ports;
        r.outputs = ports;
        r.output_link_latency.assign(ports, params.t_phy);
        r.input_credit_latency.assign(ports, params.t_phy);
        r.routing = std::make_unique<SpamSwitchRouting>(routing, s, switch_options);
        spec.routers.push_back(std::move(r));
    }
    for (const SwitchLink& l : graph.links()) {
        spec.links.push_back(LinkSpec{l.a, l.port_a, l.b, l.port_b});
        spec.links.push_back(LinkSpec{l.b, l.port_b, l.a, l.port_a});
    }
    for (ProcessorId p = 0; p < graph.processors(); ++p) {
        const ProcessorAttachment& at = graph.processor(p);
        NodeSpec node;
        node.router = at.switch_id;
        node.injection_ports = {at.port};
        node.consumption_ports = {at.port};
        spec.routers[at.switch_id].input_credit_latency[at.port] = params.t_inj;
        spec.routers[at.switch_id].output_link_latency[at.port] = params.t_cons;
        spec.nodes.push_back(node);
    }
    spec.node_name = [](NodeId p) { return std::to_string(p); };
    auto partition = routing->partition_ptr();
    const IrregularMulticast scheme = options.multicast;
    spec.firmware = [scheme, partition](NodeId) {
        return make_irregular_firmware(scheme, partition);
    };
    return spec;
}

}  // namespace wormcast::irregular
