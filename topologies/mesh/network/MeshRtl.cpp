// RTL routers of the mesh family (see MeshRtl.hpp).
#include "topologies/mesh/network/MeshRtl.hpp"

#include <fmt/format.h>

#include "systemc/rtl/RtlModels.hpp"

namespace wormcast::mesh {

namespace {
constexpr PortId kNetworkPorts = 4;  // +x, -x, +y, -y
}

std::optional<rtl::RtlConfig> ecube_rtl_config(const MeshShape& shape, const NetworkParams& params,
                                               bool dateline) {
    if (shape.dimensions() != 2 || (shape.torus && !dateline)) return std::nullopt;
    rtl::check_rtl_params(params);
    rtl::RtlConfig c;
    c.top = "wc_router";
    c.set("MESH_X", shape.radix[0]);
    c.set("MESH_Y", shape.radix[1]);
    rtl::set_declared_parameters(c, params);
    c.set("TORUS", shape.torus ? 1 : 0);
    c.set("DATELINE", 1);
    c.summary = fmt::format(
        "e-cube wc_router of the {}, {} VC{}, depth {}, {}-bit flits, {} injection / {} "
        "consumption channels{}{}",
        shape.name(), params.vcs, params.vcs == 1 ? "" : "s", params.buffer_depth,
        params.flit_width, params.injection_channels, params.consumption_channels,
        params.path_worms ? ", path worms" : "", params.tree_worms ? ", tree worms" : "");
    return c;
}

RouterFactory ecube_rtl_factory(const MeshShape& shape, const NetworkParams& params,
                                const rtl::RtlConfig& config, std::function<bool(NodeId)> use_rtl) {
    const rtl::RtlLibrary* library = &rtl::load_rtl_library(config);  // before the run
    const unsigned nodes = shape.nodes();
    return [library, config, params, nodes, use_rtl = std::move(use_rtl)](
               const RouterConfig& router, double clock_ns,
               ActivityMonitor* monitor) -> std::unique_ptr<RouterModule> {
        if (!use_rtl(router.node)) return nullptr;
        // The network's router must be the one the configuration was derived for.
        bool same = router.inputs == kNetworkPorts + params.injection_channels &&
                    router.outputs == kNetworkPorts + params.consumption_channels &&
                    router.header_format.nodes == nodes;
        for (PortId q = 0; same && q < router.outputs; ++q)
            same =
                router.output_link_latency[q] == (q < kNetworkPorts ? params.t_phy : params.t_cons);
        for (PortId p = 0; same && p < router.inputs; ++p)
            same =
                router.input_credit_latency[p] == (p < kNetworkPorts ? params.t_phy : params.t_inj);
        if (!same)
            throw ConfigError(fmt::format(
                "{}: the router's ports or link latencies are not those of the e-cube RTL "
                "router ({})",
                router.name, config.summary));
        return rtl::make_rtl_router(*library, router, clock_ns, monitor);
    };
}

}  // namespace wormcast::mesh
