// RTL routers in a network (see RtlModels.hpp).
#include "systemc/rtl/RtlModels.hpp"

#include <algorithm>
#include <map>
#include <numeric>

#include <fmt/format.h>

namespace wormcast::rtl {

void check_rtl_params(const NetworkParams& params) {
    const std::vector<std::string> refusals = rtl_refusals(params);
    if (refusals.empty()) return;
    throw ConfigError(
        fmt::format("RTL routers: the RTL does not implement {}", fmt::join(refusals, "; ")));
}

void set_declared_parameters(RtlConfig& config, const NetworkParams& params,
                             const std::vector<std::string>& skip) {
    std::vector<std::string> left_out = skip;
    if (!params.path_worms && !params.tree_worms) left_out.push_back("T_NODE_MULTIDEST");
    for (const auto& [name, value] : rtl_parameters(params, left_out)) config.set(name, value);
}

std::unique_ptr<RouterModule> make_rtl_router(const RtlLibrary& library, const RouterConfig& router,
                                              double clock_ns, ActivityMonitor* monitor,
                                              std::int64_t strap, std::vector<std::uint32_t> table,
                                              RtlTokenWires token) {
    RtlMakeArgs args;
    args.config = &router;
    args.period = sc_core::sc_time(clock_ns, sc_core::SC_NS);
    args.monitor = monitor;
    args.strap = strap;
    args.table = std::move(table);
    args.token = token;
    std::unique_ptr<RouterModule> module = library.make(args);
    if (auto* rtl = dynamic_cast<RtlRouterBase*>(module.get())) rtl->set_rtl_key(library.key());
    return module;
}

std::vector<std::size_t> all_routers(const NetworkSpec& spec) {
    std::vector<std::size_t> all(spec.routers.size());
    std::iota(all.begin(), all.end(), std::size_t{0});
    return all;
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

std::vector<RtlConfig> table_rtl_configs(const NetworkSpec& spec, const NetworkParams& params,
                                         const std::vector<std::size_t>& routers,
                                         const std::vector<RouteTable>& tables) {
    check_rtl_params(params);
    // The table's size and the latency straps: the largest over the network's RTL routers.
    unsigned classes = 1, groups = 1, alts = 0;
    unsigned longest = 1;
    for (std::size_t i = 0; i < routers.size(); ++i) {
        const RouterSpec& rs = spec.routers.at(routers[i]);
        const RouteTable& table = tables.at(i);
        classes = std::max(classes, table.classes());
        groups = std::max(groups, static_cast<unsigned>(table.groups.size()));
        alts = std::max(alts, table.max_alternatives());
        if (table.list_alternatives())
            throw ConfigError(fmt::format(
                "RTL routers: {} routes destination lists adaptively (alternatives with path "
                "worms), which the RTL table route unit does not: choose static selection (e.g. "
                "network.selection: static)",
                rs.name));
        for (unsigned l : rs.output_link_latency) longest = std::max(longest, l);
        for (unsigned l : rs.input_credit_latency) longest = std::max(longest, l);
        if (rs.token_ring) {
            if (rs.token_ring->model() != TokenModel::Ring)
                throw ConfigError(fmt::format(
                    "RTL routers: {} uses the average token model (network.tokens: average); the "
                    "RTL passes a real token from stop to stop (network.tokens: ring)",
                    rs.name));
            if (rs.token_release_flits > kRtlTokenReleaseMax)
                throw ConfigError(fmt::format(
                    "RTL routers: {} releases the token after {} flits; the RTL token stop's "
                    "release strap counts at most {}",
                    rs.name, rs.token_release_flits, kRtlTokenReleaseMax));
        }
    }
    if (longest > kRtlLatencyMax)
        throw ConfigError(fmt::format(
            "RTL routers: a link latency of {} cycles; the RTL's per-port latency straps hold at "
            "most {}",
            longest, kRtlLatencyMax));
    std::vector<RtlConfig> out;
    for (std::size_t i = 0; i < routers.size(); ++i) {
        const RouterSpec& rs = spec.routers.at(routers[i]);
        const PortId network = std::min(rs.inputs, rs.outputs);
        RtlConfig c;
        c.top = "wc_router";
        c.set("ROUTE_TABLE", 1);
        c.set("NUM_NET", network);
        // Link latencies are straps: the timing keys of the ports are not parameters.
        set_declared_parameters(c, params, {"NUM_INJ", "NUM_CONS", "T_PHY", "T_INJ", "T_CONS"});
        c.set("NUM_INJ", rs.inputs - network);
        c.set("NUM_CONS", rs.outputs - network);
        c.set("TABLE_NODES", static_cast<std::int64_t>(spec.nodes.size()));
        c.set("GROUPS", static_cast<std::int64_t>(groups));
        c.set("CLASSES", static_cast<std::int64_t>(classes));
        c.set("ALTS", static_cast<std::int64_t>(alts));
        c.set("LATENCY_STRAPS", 1);
        c.set("MAX_LATENCY", longest);
        if (rs.token_ring) {
            c.set("TOKEN_RING", 1);
            c.set("TOKEN_PASS", rs.token_ring->pass_cycles());
        }
        c.summary = fmt::format(
            "table-routed wc_router, {} in / {} out ports, {} VC{}, depth {}, {}-bit flits, {} "
            "nodes, {} classes{}{}{}",
            rs.inputs, rs.outputs, params.vcs, params.vcs == 1 ? "" : "s", params.buffer_depth,
            params.flit_width, spec.nodes.size(), classes,
            params.tree_worms ? fmt::format(", {} bit-string groups", groups) : std::string(),
            alts > 0 ? fmt::format(", {} adaptive alternatives", alts) : std::string(),
            rs.token_ring ? ", ATBM token stop" : "");
        out.push_back(std::move(c));
    }
    return out;
}

std::vector<RtlConfig> distinct_configs(const std::vector<RtlConfig>& configs) {
    std::vector<RtlConfig> out;
    for (const auto& c : configs)
        if (std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
    return out;
}

RouterFactory table_rtl_factory(const NetworkSpec& spec, const NetworkParams& params,
                                const std::vector<std::size_t>& routers,
                                const std::vector<std::vector<NodeId>>& groups) {
    const std::vector<RouteTable> tables = route_tables(spec, params, routers, groups);
    const std::vector<RtlConfig> configs = table_rtl_configs(spec, params, routers, tables);
    // Each router's library, loaded (or built) now, before the run, once a configuration; null:
    // a SystemC router.
    std::vector<const RtlLibrary*> library(spec.routers.size(), nullptr);
    std::map<std::string, const RtlLibrary*> loaded;  // by RtlConfig::canonical()
    std::vector<std::vector<std::uint32_t>> packed(spec.routers.size());
    for (std::size_t i = 0; i < routers.size(); ++i) {
        const RtlConfig& c = configs[i];
        const RtlLibrary*& l = loaded[c.canonical()];
        if (!l) l = &load_rtl_library(c);
        library[routers[i]] = l;
        packed[routers[i]] = tables[i].pack(static_cast<unsigned>(c.get("CLASSES", 1)),
                                            static_cast<unsigned>(c.get("GROUPS", 1)),
                                            static_cast<unsigned>(c.get("ALTS", 0)));
    }
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
            if (other < spec.routers.size() && library[other]) continue;
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
    return [library = std::move(library), packed = std::move(packed), stops = std::move(stops),
            ring_sizes = std::move(ring_sizes),
            wires](const RouterConfig& config, double clock_ns,
                   ActivityMonitor* monitor) -> std::unique_ptr<RouterModule> {
        if (config.node >= library.size() || !library[config.node]) return nullptr;
        RtlTokenWires token;
        const Stop& at = stops[config.node];
        if (at.ring >= 0) {
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
        return make_rtl_router(*library[config.node], config, clock_ns, monitor, -1,
                               packed[config.node], token);
    };
}

}  // namespace wormcast::rtl
