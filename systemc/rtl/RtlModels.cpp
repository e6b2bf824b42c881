// Verilated router configurations and the mesh router factory (see RtlModels.hpp).
#include "systemc/rtl/RtlModels.hpp"

#include <map>
#include <tuple>

#include <fmt/format.h>

namespace wormcast::rtl {

namespace {
auto fields(const RtlRouterParams& p) {
    return std::tie(p.mesh_x, p.mesh_y, p.injection_channels, p.consumption_channels, p.vcs,
                    p.buffer_depth, p.flit_width, p.t_node, p.t_sw, p.t_phy, p.t_inj, p.t_cons,
                    p.path_worms, p.t_node_multidest, p.tree_worms, p.torus);
}
}  // namespace

bool RtlRouterParams::operator==(const RtlRouterParams& other) const {
    return fields(*this) == fields(other);
}

std::string RtlRouterParams::describe() const {
    return fmt::format(
        "{} {}x{}, {} injection / {} consumption channels, {} VCs, depth {}, flit width {}, "
        "t_node {}, t_sw {}, t_phy {}, t_inj {}, t_cons {}, {}",
        torus ? "torus" : "mesh", mesh_x, mesh_y, injection_channels, consumption_channels, vcs,
        buffer_depth, flit_width, t_node, t_sw, t_phy, t_inj, t_cons,
        path_worms || tree_worms ? fmt::format("{} (t_node_multidest {})",
                                               path_worms && tree_worms ? "path and tree worms"
                                               : path_worms             ? "path worms"
                                                                        : "tree worms",
                                               t_node_multidest)
                                 : std::string("unicast only"));
}

std::vector<std::string> RtlRouterParams::differences(const RtlRouterParams& built) const {
    std::vector<std::string> out;
    if (torus != built.torus)
        out.push_back(fmt::format("topology {} (network: {})", built.torus ? "torus" : "mesh",
                                  torus ? "torus" : "mesh"));
    if (mesh_x != built.mesh_x || mesh_y != built.mesh_y)
        out.push_back(
            fmt::format("size {}x{} (network: {}x{})", built.mesh_x, built.mesh_y, mesh_x, mesh_y));
    const auto compare = [&out](const char* key, unsigned network, unsigned rtl) {
        if (network != rtl) out.push_back(fmt::format("{} {} (network: {})", key, rtl, network));
    };
    compare("injection_channels", injection_channels, built.injection_channels);
    compare("consumption_channels", consumption_channels, built.consumption_channels);
    compare("vcs", vcs, built.vcs);
    compare("buffer_depth", buffer_depth, built.buffer_depth);
    compare("flit_width", flit_width, built.flit_width);
    compare("t_node", t_node, built.t_node);
    compare("t_sw", t_sw, built.t_sw);
    compare("t_phy", t_phy, built.t_phy);
    compare("t_inj", t_inj, built.t_inj);
    compare("t_cons", t_cons, built.t_cons);
    compare("path_worms", path_worms, built.path_worms);
    if (tree_worms && !built.tree_worms) compare("tree_worms", 1, 0);
    // Destination lists and bit-strings take t_node_multidest: it matters where the network
    // sends either and the built router routes them.
    if ((path_worms || tree_worms) && (built.path_worms || built.tree_worms))
        compare("t_node_multidest", t_node_multidest, built.t_node_multidest);
    return out;
}

RtlRouterParams mesh_rtl_params(const mesh::MeshShape& shape, const NetworkParams& p,
                                bool dateline) {
    if (shape.dimensions() != 2)
        throw ConfigError(fmt::format(
            "RTL routers: {} is not a 2-D mesh or torus, the topologies rtl/ implements",
            shape.name()));
    if (shape.torus && !dateline)
        throw ConfigError(
            "RTL routers: the RTL torus router uses dateline VC classes (network.dateline: true)");
    RtlRouterParams r;
    r.torus = shape.torus;
    r.mesh_x = shape.radix[0];
    r.mesh_y = shape.radix[1];
    r.injection_channels = p.injection_channels;
    r.consumption_channels = p.consumption_channels;
    r.vcs = p.vcs;
    r.buffer_depth = p.buffer_depth;
    r.flit_width = p.flit_width;
    r.t_node = p.t_node;
    r.t_sw = p.t_sw;
    r.t_phy = p.t_phy;
    r.t_inj = p.t_inj;
    r.t_cons = p.t_cons;
    r.path_worms = p.path_worms;
    r.tree_worms = p.tree_worms;
    r.t_node_multidest = p.path_worms || p.tree_worms ? p.t_node_multidest : 0;
    return r;
}

mesh::MeshShape mesh_shape(const RtlRouterParams& rtl) {
    return mesh::MeshShape::parse(fmt::format("{}x{}", rtl.mesh_x, rtl.mesh_y), rtl.torus);
}

NetworkParams mesh_network_params(const RtlRouterParams& rtl) {
    NetworkParams p;
    p.vcs = rtl.vcs;
    p.buffer_depth = rtl.buffer_depth;
    p.flit_width = rtl.flit_width;
    p.t_node = rtl.t_node;
    p.t_sw = rtl.t_sw;
    p.t_phy = rtl.t_phy;
    p.t_inj = rtl.t_inj;
    p.t_cons = rtl.t_cons;
    p.injection_channels = rtl.injection_channels;
    p.consumption_channels = rtl.consumption_channels;
    p.path_worms = rtl.path_worms;
    p.tree_worms = rtl.tree_worms;
    if (rtl.path_worms || rtl.tree_worms) p.t_node_multidest = rtl.t_node_multidest;
    return p;
}

const RtlModel& find_rtl_model(const RtlRouterParams& params) {
    for (const auto& m : rtl_models())
        if (m.params == params) return m;
    for (const auto& m : rtl_models())
        if (params.differences(m.params).empty()) return m;
    std::string built;
    for (const auto& m : rtl_models())
        built += fmt::format("\n  {}: differs in {}\n      ({})", m.name,
                             fmt::join(params.differences(m.params), ", "), m.params.describe());
    throw ConfigError(
        fmt::format("RTL routers: no verilated configuration matches this network ({}); add one to "
                    "WORMCAST_RTL_CONFIGS in rtl/rtl.cmake or choose parameters of a built one:{}",
                    params.describe(), built));
}

RouterFactory mesh_rtl_factory(const mesh::MeshShape& shape, const NetworkParams& params,
                               std::function<bool(NodeId)> use_rtl, bool dateline) {
    const RtlModel& model = find_rtl_model(mesh_rtl_params(shape, params, dateline));
    return [&model, use_rtl = std::move(use_rtl)](
               const RouterConfig& config, double clock_ns,
               ActivityMonitor* monitor) -> std::unique_ptr<RouterModule> {
        if (!use_rtl(config.node)) return nullptr;
        const RtlRouterParams& m = model.params;
        const PortId net = 4;
        bool same = config.vcs == m.vcs && config.buffer_depth == m.buffer_depth &&
                    config.header_format.flit_width == m.flit_width &&
                    config.header_format.nodes == m.mesh_x * m.mesh_y &&
                    config.t_node == m.t_node && config.t_sw == m.t_sw &&
                    config.inputs == net + m.injection_channels &&
                    config.outputs == net + m.consumption_channels &&
                    config.supports_path_worms == m.path_worms &&
                    (!config.supports_tree_worms || m.tree_worms) &&
                    (!(config.supports_path_worms || config.supports_tree_worms) ||
                     config.t_node_multidest == m.t_node_multidest);
        for (PortId q = 0; same && q < config.outputs; ++q)
            same = config.output_link_latency[q] == (q < net ? m.t_phy : m.t_cons);
        for (PortId p = 0; same && p < config.inputs; ++p)
            same = config.input_credit_latency[p] == (p < net ? m.t_phy : m.t_inj);
        if (!same)
            throw ConfigError(
                fmt::format("{}: router configuration differs from the RTL model {} ({})",
                            config.name, model.name, m.describe()));
        return model.make(config, sc_core::sc_time(clock_ns, sc_core::SC_NS), monitor);
    };
}

std::string RtlTableParams::describe() const {
    return fmt::format(
        "{} network ports, {} injection / {} consumption channels, {} VCs, depth {}, flit width "
        "{}, t_node {}, t_sw {}, {}, {}, table of {} nodes, up to {} bit-string groups and {} "
        "classes{}{}",
        network_ports, injection_channels, consumption_channels, vcs, buffer_depth, flit_width,
        t_node, t_sw,
        max_latency > 0
            ? fmt::format("link latencies of 1..{} cycles per port (straps)", max_latency)
            : fmt::format("t_phy {}, t_inj {}, t_cons {}", t_phy, t_inj, t_cons),
        path_worms || tree_worms ? fmt::format("{} (t_node_multidest {})",
                                               path_worms && tree_worms ? "path and tree worms"
                                               : path_worms             ? "path worms"
                                                                        : "tree worms",
                                               t_node_multidest)
                                 : std::string("unicast only"),
        nodes, groups, classes,
        alts > 0 ? fmt::format(", up to {} adaptive alternatives", alts) : std::string(),
        token_ring ? fmt::format(", ATBM token ring ({} cycles a stop)", token_pass) : "");
}

std::vector<RouteTable> route_tables(const NetworkSpec& spec, const NetworkParams& params,
                                     const std::vector<std::size_t>& routers,
                                     const std::vector<std::vector<NodeId>>& groups) {
    std::vector<RouteTable> tables;
    for (std::size_t r : routers) {
        const RouterSpec& rs = spec.routers.at(r);
        if (!rs.routing)
            throw ConfigError(
                fmt::format("{}: no routing function to compile a table from", rs.name));
        RouteTableShape shape;
        shape.inputs = rs.inputs;
        shape.outputs = rs.outputs;
        shape.vcs = params.vcs;
        shape.nodes = static_cast<std::uint32_t>(spec.nodes.size());
        shape.path_worms = params.path_worms;
        shape.tree_worms = params.tree_worms;
        tables.push_back(compile_route_table(*rs.routing, shape, groups, rs.name));
    }
    return tables;
}

std::vector<std::string> table_model_differences(const RtlTableModel& model,
                                                 const NetworkSpec& spec, const NetworkParams& p,
                                                 std::size_t router, const RouteTable& table) {
    const RtlTableParams& m = model.params;
    const RouterSpec& rs = spec.routers.at(router);
    std::vector<std::string> out;
    const auto compare = [&out](const char* key, unsigned network, unsigned rtl) {
        if (network != rtl) out.push_back(fmt::format("{} {} (network: {})", key, rtl, network));
    };
    if (rs.inputs != m.network_ports + m.injection_channels ||
        rs.outputs != m.network_ports + m.consumption_channels)
        out.push_back(fmt::format("ports {} in / {} out (network: {} in / {} out)",
                                  m.network_ports + m.injection_channels,
                                  m.network_ports + m.consumption_channels, rs.inputs, rs.outputs));
    else if (m.max_latency > 0) {
        unsigned longest = 0;
        for (unsigned l : rs.output_link_latency) longest = std::max(longest, l);
        for (unsigned l : rs.input_credit_latency) longest = std::max(longest, l);
        if (longest > m.max_latency)
            out.push_back(fmt::format("link latencies up to {} cycles (network: {})", m.max_latency,
                                      longest));
    } else {
        bool links = true;
        for (PortId q = 0; q < rs.outputs; ++q)
            links =
                links && rs.output_link_latency[q] == (q < m.network_ports ? m.t_phy : m.t_cons);
        for (PortId i = 0; i < rs.inputs; ++i)
            links =
                links && rs.input_credit_latency[i] == (i < m.network_ports ? m.t_phy : m.t_inj);
        if (!links)
            out.push_back(fmt::format(
                "link latencies t_phy {} on the {} network ports, t_inj {}, t_cons {} (network: "
                "other)",
                m.t_phy, m.network_ports, m.t_inj, m.t_cons));
    }
    compare("vcs", p.vcs, m.vcs);
    compare("buffer_depth", p.buffer_depth, m.buffer_depth);
    compare("flit_width", p.flit_width, m.flit_width);
    compare("t_node", p.t_node, m.t_node);
    compare("t_sw", p.t_sw, m.t_sw);
    compare("path_worms", p.path_worms, m.path_worms);
    if (p.tree_worms && !m.tree_worms) compare("tree_worms", 1, 0);
    if ((p.path_worms || p.tree_worms) && (m.path_worms || m.tree_worms))
        compare("t_node_multidest", p.t_node_multidest, m.t_node_multidest);
    compare("nodes", static_cast<unsigned>(spec.nodes.size()), m.nodes);
    if (p.header_encoding != HeaderEncoding::Tagged)
        out.push_back("header_encoding tagged (network: bitstring)");
    if (!p.atomic_ocrq) out.push_back("atomic_ocrq true (network: false)");
    if (rs.token_ring && !m.token_ring)
        out.push_back("no token ring (network: an ATBM token ring)");
    if (!rs.token_ring && m.token_ring)
        out.push_back("an ATBM token ring (network: none, e.g. network.tokens: none)");
    if (rs.token_ring && m.token_ring) {
        if (rs.token_ring->model() != TokenModel::Ring)
            out.push_back(
                "network.tokens ring (network: average; the RTL passes a real token from stop "
                "to stop)");
        compare("network.token_pass", rs.token_ring->pass_cycles(), m.token_pass);
        if (rs.token_release_flits > kRtlTokenReleaseMax)
            out.push_back(fmt::format("token release after at most {} flits (network: {})",
                                      kRtlTokenReleaseMax, rs.token_release_flits));
    }
    if (table.classes() > m.classes)
        out.push_back(
            fmt::format("table classes up to {} (table: {})", m.classes, table.classes()));
    if (table.groups.size() > m.groups)
        out.push_back(
            fmt::format("bit-string groups up to {} (table: {})", m.groups, table.groups.size()));
    if (table.max_alternatives() > m.alts)
        out.push_back(fmt::format(
            "adaptive alternatives up to {} (table: {}; static routing needs none, e.g. "
            "network.selection: static)",
            m.alts, table.max_alternatives()));
    else if (table.list_alternatives())
        out.push_back(
            "static routing (table: adaptive alternatives with path worms, which the RTL routes "
            "without them)");
    return out;
}

const RtlTableModel& find_table_model(const NetworkSpec& spec, const NetworkParams& params,
                                      const std::vector<std::size_t>& routers,
                                      const std::vector<RouteTable>& tables) {
    std::string built;
    for (const auto& m : rtl_table_models()) {
        std::vector<std::string> differ;
        for (std::size_t i = 0; i < routers.size() && differ.empty(); ++i) {
            differ = table_model_differences(m, spec, params, routers[i], tables[i]);
            if (!differ.empty())
                differ.front() =
                    fmt::format("{}: {}", spec.routers[routers[i]].name, differ.front());
        }
        if (differ.empty()) return m;
        built += fmt::format("\n  {}: differs in {}\n      ({})", m.name, fmt::join(differ, ", "),
                             m.params.describe());
    }
    throw ConfigError(fmt::format(
        "RTL routers: no verilated table-routed configuration fits this network; add one to "
        "WORMCAST_RTL_TABLE_CONFIGS in rtl/rtl.cmake or choose parameters of a built one:{}",
        built.empty() ? std::string(" (none built)") : built));
}

RouterFactory table_rtl_factory(const NetworkSpec& spec, const NetworkParams& params,
                                const std::vector<std::size_t>& routers,
                                const std::vector<std::vector<NodeId>>& groups) {
    const std::vector<RouteTable> tables = route_tables(spec, params, routers, groups);
    const RtlTableModel& model = find_table_model(spec, params, routers, tables);
    std::vector<std::vector<std::uint32_t>> packed(spec.routers.size());
    for (std::size_t i = 0; i < routers.size(); ++i)
        packed[routers[i]] =
            tables[i].pack(model.params.classes, model.params.groups, model.params.alts);
    std::vector<bool> use(spec.routers.size(), false);
    for (std::size_t r : routers) use[r] = true;
    // Token rings: per ring (numbered in order of appearance) its switches by stop.
    struct Stop {
        int ring = -1;
        unsigned stop = 0;
    };
    std::vector<Stop> stops(spec.routers.size());
    std::map<const TokenRing*, int> ring_index;
    std::vector<std::vector<std::size_t>> rings;
    for (std::size_t r = 0; r < spec.routers.size(); ++r) {
        const RouterSpec& rs = spec.routers[r];
        if (!rs.token_ring) continue;
        const auto [it, added] =
            ring_index.emplace(rs.token_ring.get(), static_cast<int>(rings.size()));
        if (added) rings.emplace_back(rs.token_ring->stops(), spec.routers.size());
        stops[r] = Stop{it->second, rs.token_stop};
        rings[it->second].at(rs.token_stop) = r;
    }
    for (std::size_t r : routers) {
        if (stops[r].ring < 0) continue;
        for (std::size_t other : rings[stops[r].ring]) {
            if (other < spec.routers.size() && use[other]) continue;
            throw ConfigError(fmt::format(
                "RTL routers: {} is on an ATBM token ring with {}, which is not RTL; the RTL "
                "switches pass the token on wires, so a ring's switches are all RTL or all "
                "SystemC (e.g. --rtl all)",
                spec.routers[r].name,
                other < spec.routers.size() ? spec.routers[other].name : "a missing stop"));
        }
    }
    // The ring signals, made when the network is elaborated (one set per SystemC kernel).
    struct Wires {
        const sc_core::sc_simcontext* kernel = nullptr;
        std::vector<std::vector<sc_core::sc_signal<bool>*>> ring;
    };
    auto wires = std::make_shared<Wires>();
    std::vector<unsigned> ring_sizes;
    for (const auto& ring : rings) ring_sizes.push_back(static_cast<unsigned>(ring.size()));
    return [&model, packed = std::move(packed), use = std::move(use), stops = std::move(stops),
            ring_sizes = std::move(ring_sizes),
            wires](const RouterConfig& config, double clock_ns,
                   ActivityMonitor* monitor) -> std::unique_ptr<RouterModule> {
        if (config.node >= use.size() || !use[config.node]) return nullptr;
        RtlTokenWires token;
        const Stop& at = stops[config.node];
        if (at.ring >= 0 && model.params.token_ring) {
            if (wires->kernel != sc_core::sc_get_curr_simcontext()) {
                wires->kernel = sc_core::sc_get_curr_simcontext();
                wires->ring.assign(ring_sizes.size(), {});
            }
            auto& ring = wires->ring[at.ring];
            if (ring.empty())
                for (unsigned s = 0; s < ring_sizes[at.ring]; ++s)
                    ring.push_back(new sc_core::sc_signal<bool>(
                        sc_core::sc_gen_unique_name(fmt::format("token_ring{}", at.ring).c_str()),
                        false));
            const unsigned g = ring_sizes[at.ring];
            token.out = ring[at.stop];
            token.in = ring[(at.stop + g - 1) % g];
            token.first = at.stop == 0;
            token.release = config.token_release_flits;
        }
        return model.make(config, sc_core::sc_time(clock_ns, sc_core::SC_NS), monitor,
                          packed[config.node], token);
    };
}

}  // namespace wormcast::rtl
