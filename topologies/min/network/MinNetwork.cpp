// MIN network builder (see MinNetwork.hpp).
#include "topologies/min/network/MinNetwork.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>

#include <fmt/format.h>

#include "systemc/RouterConfig.hpp"
#include "systemc/pure/PathWormFirmware.hpp"
#include "systemc/pure/Time.hpp"
#include "topologies/min/ConsumptionChannels.hpp"
#include "topologies/min/MinReachTable.hpp"
#include "topologies/min/MinRoutingConfig.hpp"
#include "topologies/min/MinWiring.hpp"
#include "topologies/min/SwitchGrouping.hpp"

namespace wormcast::min {

NetworkSpec build_min_network(const MinShape& shape, const NetworkParams& params,
                              const AtbmOptions& atbm) {
    if (params.injection_channels != 1)
        throw ConfigError(
            fmt::format("{}: injection_channels = {}, a MIN node has one injection "
                        "channel into stage 0",
                        shape.name(), params.injection_channels));
    if (params.all_port)
        throw ConfigError(
            fmt::format("{}: all_port NICs are for meshes and tori; a MIN node has "
                        "one injection channel",
                        shape.name()));
    auto wiring = std::make_shared<MinWiring>(shape);
    auto table = std::make_shared<MinReachTable>(*wiring);
    const ConsumptionChannels consumption(shape, params.consumption_channels);
    NetworkSpec spec;
    spec.name = shape.name();
    const std::uint32_t rows = shape.rows();
    auto index = [rows](SwitchId id) { return id.stage * rows + id.row; };
    MinRoutingConfig cfg;
    cfg.network_vc_mask = params.vcs >= 32 ? ~0u : (1u << params.vcs) - 1;
    cfg.node_vc_mask = cfg.network_vc_mask;
    cfg.consumption_channels = params.consumption_channels;
    cfg.forward = shape.forward;
    const PortId ports = wiring->switch_ports();
    for (SwitchId id : wiring->switch_ids()) {
        RouterSpec r;
        r.name = fmt::format("s{}_{}", id.stage, id.row);
        r.inputs = ports;
        r.outputs = consumption.outputs(id);
        if (r.outputs > RouterConfig::kMaxPorts)
            throw ConfigError(fmt::format(
                "{} with {} consumption channels per node: switch {} needs {} outputs, a "
                "router has at most {}",
                shape.name(), params.consumption_channels, to_string(id), r.outputs,
                RouterConfig::kMaxPorts));
        r.output_link_latency.assign(r.outputs, params.t_phy);
        r.input_credit_latency.assign(ports, params.t_phy);
        r.routing = make_min_routing(*wiring, *table, id, cfg);
        spec.routers.push_back(std::move(r));
    }
    if (atbm.tokens) {
        // One ring per token domain; a switch's tree operations use the domain of tree_op_switch.
        const SwitchGrouping grouping(*wiring, params.consumption_channels);
        std::map<std::uint32_t, std::shared_ptr<TokenRing>> rings;
        for (const TokenDomain& d : grouping.domains())
            rings[d.label] = std::make_shared<TokenRing>(static_cast<unsigned>(d.members.size()),
                                                         atbm.token_pass_cycles, atbm.model);
        for (SwitchId id : wiring->switch_ids()) {
            const GroupedSwitch& g = grouping.tree_op_switch(id);
            if (!g.group) continue;
            const auto& all = grouping.domains();
            const auto dit = std::find_if(
                all.begin(), all.end(), [&](const TokenDomain& t) { return t.label == *g.group; });
            if (dit == all.end())
                throw ModelError("switch names a token domain that does not exist");
            const TokenDomain& d = *dit;
            RouterSpec& r = spec.routers[index(id)];
            r.token_ring = rings.at(*g.group);
            r.token_stop = static_cast<unsigned>(std::find(d.members.begin(), d.members.end(), id) -
                                                 d.members.begin());
            if (r.token_stop >= d.members.size())
                throw ModelError("token domain does not list its switch");
            // The paper releases after B·(n_eff−k) flits, when the headers must have reached the
            // destinations. Here a switch also latches the h header flits beside its B-flit
            // buffer, so a stuck header can have (B+h) flits of its worm behind it per stage:
            // release after (B+h)·(n_eff−1−k)+1 flits, the first count that proves every header
            // below has taken its outputs (docs/min.md).
            const unsigned h = header_flits(Header::bit_string(shape.nodes(), {}),
                                            params.header_format(shape.nodes()));
            r.token_release_flits =
                (params.buffer_depth + h) * (grouping.effective_stages() - 1 - g.kstage) + 1;
        }
    }
    for (const MinLink& l : wiring->links())
        spec.links.push_back(LinkSpec{index(l.from), l.out_port, index(l.to), l.in_port});
    for (NodeId a = 0; a < shape.nodes(); ++a) {
        const PortEndpoint in = wiring->node_entry(a), out = wiring->node_exit(a);
        NodeSpec ns;
        ns.router = index(in.switch_id);
        ns.injection_ports = {in.port};
        if (index(out.switch_id) != ns.router && !wiring->bidirectional())
            ns.exit_router = index(out.switch_id);
        else if (index(out.switch_id) != ns.router)
            throw ModelError("BI-MIN node enters and leaves at different switches");
        spec.routers[index(in.switch_id)].input_credit_latency[in.port] = params.t_inj;
        for (std::uint32_t c = 0; c < consumption.channels(); ++c) {
            ns.consumption_ports.push_back(consumption.port(a, c));
            spec.routers[index(out.switch_id)].output_link_latency[ns.consumption_ports.back()] =
                params.t_cons;
        }
        spec.nodes.push_back(ns);
    }
    spec.node_name = [](NodeId a) { return std::to_string(a); };
    const std::uint32_t nodes = shape.nodes();
    spec.firmware = [nodes](NodeId) { return std::make_unique<TreeWormFirmware>(nodes); };
    return spec;
}

AtbmCycleModel atbm_cycle_model(const MinShape& shape, const AtbmTiming& timing,
                                unsigned flit_width, unsigned buffer_depth,
                                HeaderEncoding encoding) {
    auto cycles = [&](double ns, const char* what) {
        const auto c = whole_cycles(ns, timing.flit_ns);
        if (!c)
            throw ConfigError(fmt::format("{} = {} ns is not a whole number of flit times ({} ns)",
                                          what, ns, timing.flit_ns));
        return static_cast<unsigned>(*c);
    };
    AtbmCycleModel m;
    NetworkParams& p = m.params;
    p.clock_ns = timing.flit_ns;
    p.t_startup = cycles(timing.startup_ns, "t_startup");
    const unsigned route = cycles(timing.routing_ns, "t_route");
    if (route < 2)
        throw ConfigError(
            fmt::format("t_route = {} ns: at least two flit times (routing and "
                        "switch traversal)",
                        timing.routing_ns));
    p.t_sw = 1;
    p.t_node = route - 1;
    p.t_node_multidest = route - 1;
    p.t_phy = 1;
    p.t_inj = 1;
    p.t_cons = 2;
    p.flit_width = flit_width;
    p.header_encoding = encoding;
    p.tree_worms = true;
    p.header_format(shape.nodes()).validate();
    m.header_flits =
        header_flits(Header::bit_string(shape.nodes(), {}), p.header_format(shape.nodes()));
    p.buffer_depth = buffer_depth == 0 ? m.header_flits : buffer_depth;
    if (timing.message_flits <= m.header_flits)
        throw ConfigError(fmt::format("a {}-flit message has no room beside a {}-flit header",
                                      timing.message_flits, m.header_flits));
    m.payload_flits = timing.message_flits - m.header_flits;
    m.atbm.model = TokenModel::Average;
    m.atbm.token_pass_cycles = cycles(timing.token_passing_ns, "token passing time");
    return m;
}

}  // namespace wormcast::min
