// Results output (see Results.hpp).
#include "testbenches/sim/Results.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include "systemc/NetworkParams.hpp"

namespace wormcast::sim {

namespace {
/// Every declared parameter (systemc/NetworkParams.hpp) under its scenario key.
nlohmann::json params_json(const NetworkParams& p) {
    nlohmann::json out = nlohmann::json::object();
    for (const auto& d : network_parameters()) out[d.key] = parameter_json(d, p);
    return out;
}
nlohmann::json dist_json(const Distribution& d) {
    return {{"count", d.count}, {"mean", d.mean}, {"p50", d.p50},
            {"p99", d.p99},     {"min", d.min},   {"max", d.max}};
}
}  // namespace

namespace {

/// Flits per link, by the routers' names and ports, with their utilisation (flits per cycle).
nlohmann::json links_json(const RunResult& r) {
    nlohmann::json out = nlohmann::json::array();
    const auto name = [&](std::uint32_t router) {
        return router < r.router_names.size() ? r.router_names[router] : std::to_string(router);
    };
    for (std::size_t i = 0; i < r.links.size() && i < r.link_flits.size(); ++i) {
        const LinkSpec& l = r.links[i];
        out.push_back({{"from", name(l.from_router)},
                       {"from_port", l.from_port},
                       {"to", name(l.to_router)},
                       {"to_port", l.to_port},
                       {"flits", r.link_flits[i]},
                       {"utilisation", r.cycles > 0 ? static_cast<double>(r.link_flits[i]) /
                                                          static_cast<double>(r.cycles)
                                                    : 0.0}});
    }
    return out;
}

nlohmann::json routers_json(const RunResult& r) {
    nlohmann::json out = nlohmann::json::array();
    for (std::size_t i = 0; i < r.router_counts.size(); ++i) {
        const RouterCounts& c = r.router_counts[i];
        out.push_back({{"router", i < r.router_names.size() ? r.router_names[i] : ""},
                       {"flits", c.flits},
                       {"heads", c.heads},
                       {"bubbles", c.bubbles},
                       {"token_grants", c.tokens.grants},
                       {"token_wait_cycles", c.tokens.wait_cycles},
                       {"active_cycles", c.active_cycles},
                       {"blocked_cycles", c.blocked_cycles ? nlohmann::json(*c.blocked_cycles)
                                                           : nlohmann::json(nullptr)}});
    }
    return out;
}
}  // namespace

nlohmann::json parameter_json(const ParameterDeclaration& d, const NetworkParams& p) {
    using Kind = ParameterDeclaration::Kind;
    const double v = d.get(p);
    switch (d.kind) {
        case Kind::Real:
            return v;
        case Kind::Whole:
        case Kind::Cycles:
            return static_cast<std::uint64_t>(v);
        case Kind::Flag:
            return v != 0;
        case Kind::Choice:
            return d.format(p);
    }
    return v;
}

nlohmann::json to_json(const RunResult& r, const NetworkParams& p) {
    nlohmann::json out{{"network", r.network},
                       {"nodes", r.nodes},
                       {"routers", r.routers},
                       {"rtl_routers", r.rtl_routers},
                       {"seed", r.seed},
                       {"parameters", params_json(p)},
                       {"cycles", r.cycles},
                       {"wall_seconds", r.wall_seconds},
                       {"router_cycles_per_second", r.router_cycles_per_second},
                       {"active_router_cycles", r.active_router_cycles},
                       {"messages_sent", r.messages_sent},
                       {"measured_multicasts", r.traffic.multicasts},
                       {"completed_multicasts", r.traffic.completed},
                       {"latency_cycles", dist_json(r.traffic.latency)},
                       {"latency_with_queueing_cycles", dist_json(r.traffic.latency_with_queueing)},
                       {"offered_flits_per_node_cycle", r.offered_flits_per_node_cycle},
                       {"accepted_flits_per_node_cycle", r.traffic.accepted_flits_per_node_cycle},
                       {"startups_total", r.startups_total},
                       {"startups_max_per_node", r.startups_max},
                       {"link_utilisation_mean", r.link_utilisation_mean},
                       {"link_utilisation_max", r.link_utilisation_max},
                       {"bubbles", r.bubbles},
                       {"network_metrics", r.network_metrics},
                       {"token_grants", r.token_grants},
                       {"token_wait_cycles", r.token_wait_cycles},
                       {"flits_injected", r.flits_injected},
                       {"flits_consumed", r.flits_consumed},
                       {"drained", r.drained},
                       {"saturated", r.saturated},
                       {"deadlock", r.deadlock},
                       {"deadlock_cycle", r.deadlock_cycle},
                       {"deadlock_report", r.deadlock_report},
                       {"problems", r.problems},
                       {"ok", r.ok()}};
    // Added keys (docs/results.md): throughput per destination and its window, per-link and
    // per-router counts.
    out["offered_destination_flits_per_node_cycle"] = r.offered_destination_flits_per_node_cycle;
    out["accepted_destination_flits_per_node_cycle"] = r.accepted_destination_flits_per_node_cycle;
    out["throughput_window"] = {{"cycles", r.throughput_window_cycles},
                                {"kind", r.throughput_whole_run ? "whole run" : "measured"}};
    out["per_link"] = links_json(r);
    out["per_router"] = routers_json(r);
    std::uint64_t blocked = 0;  // over the routers that count them (RTL routers do not)
    for (const RouterCounts& c : r.router_counts) blocked += c.blocked_cycles.value_or(0);
    out["blocked_cycles"] = blocked;
    if (!r.faults.empty()) out["faults"] = r.faults;  // only runs that inject faults have the key
    if (r.saturation) {
        const SaturationVerdict& v = *r.saturation;
        out["saturation"] = {{"saturated", v.saturated},
                             {"from_cycle", v.from},
                             {"to_cycle", v.to},
                             {"offered_flits_per_node_cycle", v.offered_per_node_cycle()},
                             {"accepted_flits_per_node_cycle", v.accepted_per_node_cycle()},
                             {"source_backlog_flits_from", v.backlog_from},
                             {"source_backlog_flits_to", v.backlog_to},
                             {"words", v.words()}};
    }
    return out;
}

void print_summary(std::ostream& os, const RunResult& r, const NetworkParams& p) {
    const double ns = p.clock_ns;
    fmt::print(os, "network      {} ({} nodes, {} routers)\n", r.network, r.nodes, r.routers);
    fmt::print(
        os,
        "parameters   clock {} ns, {} VC(s), buffers {} flits, t_node {}/{} (multidest), t_sw {}, "
        "t_phy {}, "
        "t_inj {}, t_cons {}, t_s {}, t_recv {} cycles; {} inj / {} cons channels; flit {} bits\n",
        ns, p.vcs, p.buffer_depth, p.t_node, p.t_node_multidest, p.t_sw, p.t_phy, p.t_inj, p.t_cons,
        p.t_startup, p.t_receive, p.injection_channels, p.consumption_channels, p.flit_width);
    fmt::print(os, "seed         {}\n", r.seed);
    fmt::print(os, "messages     {} sent, {} measured, {} completed\n", r.messages_sent,
               r.traffic.multicasts, r.traffic.completed);
    const auto& l = r.traffic.latency;
    fmt::print(
        os,
        "latency      mean {:.1f}  p50 {:.0f}  p99 {:.0f}  max {:.0f} cycles  (mean {:.1f} ns)\n",
        l.mean, l.p50, l.p99, l.max, l.mean * ns);
    const auto& q = r.traffic.latency_with_queueing;
    fmt::print(os, "  +queueing  mean {:.1f}  p99 {:.0f}  max {:.0f} cycles\n", q.mean, q.p99,
               q.max);
    fmt::print(os, "throughput   offered {:.4f}  accepted {:.4f} flits/node/cycle\n",
               r.offered_flits_per_node_cycle, r.traffic.accepted_flits_per_node_cycle);
    fmt::print(os,
               "  per dest.  offered {:.4f}  accepted {:.4f} payload flits/node/cycle ({}: "
               "docs/results.md)\n",
               r.offered_destination_flits_per_node_cycle,
               r.accepted_destination_flits_per_node_cycle,
               r.throughput_whole_run ? "whole run" : "measured window");
    fmt::print(os, "start-ups    {} total, {} max at one node\n", r.startups_total, r.startups_max);
    fmt::print(os, "links        utilisation mean {:.4f} max {:.4f} flits/cycle; {} bubbles\n",
               r.link_utilisation_mean, r.link_utilisation_max, r.bubbles);
    for (const auto& [name, value] : r.network_metrics.items())
        fmt::print(os, "metrics      {} {}\n", name, value.dump());
    if (r.token_grants)
        fmt::print(
            os, "tokens       {} tree operations waited {} cycles in all for their group's token\n",
            r.token_grants, r.token_wait_cycles);
    fmt::print(os,
               "simulated    {} cycles ({:.3f} us) in {:.3f} s wall: {:.3g} router-cycles/s ({} "
               "router evaluations)\n",
               r.cycles, r.cycles * ns / 1000.0, r.wall_seconds, r.router_cycles_per_second,
               r.active_router_cycles);
    for (const std::string& fault : r.faults) fmt::print(os, "fault        {}\n", fault);
    if (r.saturated)
        fmt::print(os,
                   "SATURATED    {}\n             (the run stopped at cycle {} with the sources' "
                   "queues not drained: docs/saturation.md)\n",
                   r.saturation->words(), r.cycles);
    if (r.deadlock)
        fmt::print(os, "DEADLOCK     at cycle {}\n{}", r.deadlock_cycle, r.deadlock_report);
    if (!r.problems.empty()) {
        fmt::print(os, "DELIVERY CHECK FAILED ({} problems):\n", r.problems.size());
        for (std::size_t i = 0; i < r.problems.size() && i < 20; ++i)
            fmt::print(os, "  {}\n", r.problems[i]);
    } else if (r.saturated) {
        fmt::print(os, "check        what was delivered came exactly once, intact and in order\n");
    } else if (!r.deadlock) {
        fmt::print(os, "check        every message delivered exactly once, intact and in order\n");
    }
}

}  // namespace wormcast::sim
