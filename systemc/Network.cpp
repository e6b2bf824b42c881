// Generic network top-level (see Network.hpp).
#include "systemc/Network.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "systemc/pure/UnicastFirmware.hpp"

namespace wormcast {

using namespace sc_core;

Network::Network(sc_module_name name, NetworkSpec spec, const NetworkParams& params)
    : sc_module(name),
      spec_name_(spec.name),
      params_(params),
      clock_(params.clock_ns, SC_NS),
      node_name_(spec.node_name),
      ticker_(std::make_unique<Ticker>("ticker", clock_)) {
    const std::uint32_t node_count = static_cast<std::uint32_t>(spec.nodes.size());
    const HeaderFormat format = params.header_format(node_count);
    format.validate();
    if (node_count > Flit::kMaxMessage) throw ConfigError("too many nodes for the message tag");

    // Routers.
    downstream_.resize(spec.routers.size());
    router_links_.resize(spec.routers.size());
    for (std::size_t r = 0; r < spec.routers.size(); ++r) {
        RouterSpec& rs = spec.routers[r];
        RouterConfig c(params);
        c.name = rs.name;
        c.node = static_cast<NodeId>(r);
        c.inputs = rs.inputs;
        c.outputs = rs.outputs;
        c.output_link_latency = rs.output_link_latency;
        c.input_credit_latency = rs.input_credit_latency;
        c.header_format = format;
        if (rs.token_ring) {
            token_rings_.push_back(rs.token_ring);
            c.token_ring = rs.token_ring.get();
            c.token_stop = rs.token_stop;
            c.token_release_flits = rs.token_release_flits;
        }
        auto drop_in =
            spec.router_factory ? spec.router_factory(c, params.clock_ns, &monitor_) : nullptr;
        if (drop_in &&
            (drop_in->config().inputs != rs.inputs || drop_in->config().outputs != rs.outputs))
            throw ConfigError(fmt::format(
                "{}: the stand-in router has other port counts than the spec", rs.name));
        if (drop_in) {
            routers_.push_back(nullptr);
            modules_.push_back(std::move(drop_in));
        } else {
            auto router = std::make_unique<Router>(rs.name.c_str(), c, std::move(rs.routing),
                                                   clock_, &monitor_, ticker_.get());
            routers_.push_back(router.get());
            modules_.push_back(std::move(router));
        }
        downstream_[r].assign(rs.outputs, Endpoint{});
    }
    std::vector<std::vector<bool>> in_bound(spec.routers.size()), out_bound(spec.routers.size());
    for (std::size_t r = 0; r < spec.routers.size(); ++r) {
        in_bound[r].assign(spec.routers[r].inputs, false);
        out_bound[r].assign(spec.routers[r].outputs, false);
    }
    auto bind_out = [&](std::size_t r, PortId q, LinkWires& w) {
        if (q >= out_bound[r].size() || out_bound[r][q])
            throw ConfigError(
                fmt::format("{}: output {} bound twice or missing", spec.routers[r].name, q));
        out_bound[r][q] = true;
        modules_[r]->bind_output(q, w.sending_end());
        router_links_[r].push_back(&w);
    };
    auto bind_in = [&](std::size_t r, PortId p, LinkWires& w) {
        if (p >= in_bound[r].size() || in_bound[r][p])
            throw ConfigError(
                fmt::format("{}: input {} bound twice or missing", spec.routers[r].name, p));
        in_bound[r][p] = true;
        modules_[r]->bind_input(p, w.receiving_end());
        router_links_[r].push_back(&w);
    };
    for (const auto& l : spec.links) {
        auto w = std::make_unique<LinkWires>(
            fmt::format("{}_o{}__{}_i{}", spec.routers[l.from_router].name, l.from_port,
                        spec.routers[l.to_router].name, l.to_port));
        w->name = fmt::format("{}.out{} -> {}.in{}", spec.routers[l.from_router].name, l.from_port,
                              spec.routers[l.to_router].name, l.to_port);
        bind_out(l.from_router, l.from_port, *w);
        bind_in(l.to_router, l.to_port, *w);
        downstream_[l.from_router][l.from_port] =
            Endpoint{static_cast<int>(l.to_router), l.to_port};
        network_outputs_.emplace_back(l.from_router, l.from_port);
        wires_.push_back(std::move(w));
    }

    // NICs.
    for (NodeId n = 0; n < node_count; ++n) {
        const NodeSpec& ns = spec.nodes[n];
        NicConfig c;
        c.node = n;
        c.nodes = node_count;
        c.injection_channels = static_cast<unsigned>(ns.injection_ports.size());
        c.consumption_channels = static_cast<unsigned>(ns.consumption_ports.size());
        c.vcs = params.vcs;
        c.buffer_depth = params.buffer_depth;
        c.t_startup = params.t_startup;
        c.t_receive = params.t_receive;
        c.t_inj = params.t_inj;
        c.t_cons = params.t_cons;
        c.header_format = format;
        c.always_clocked = params.always_clocked;
        c.injection_channel = ns.injection_channel;
        auto firmware = spec.firmware ? spec.firmware(n) : std::make_unique<UnicastFirmware>();
        const std::string nic_name = fmt::format("nic{}", n);
        nics_.push_back(std::make_unique<Nic>(nic_name.c_str(), c, std::move(firmware), clock_,
                                              &ledger_, &monitor_, ticker_.get()));
        Nic& nic = *nics_.back();
        for (std::size_t i = 0; i < ns.injection_ports.size(); ++i) {
            auto w = std::make_unique<LinkWires>(fmt::format("nic{}_inj{}", n, i));
            w->name = fmt::format("node {} injection {}", node_name(n), i);
            nic.bind_injection(static_cast<unsigned>(i), w->sending_end());
            bind_in(ns.router, ns.injection_ports[i], *w);
            wires_.push_back(std::move(w));
        }
        for (std::size_t c2 = 0; c2 < ns.consumption_ports.size(); ++c2) {
            auto w = std::make_unique<LinkWires>(fmt::format("nic{}_cons{}", n, c2));
            w->name = fmt::format("node {} consumption {}", node_name(n), c2);
            nic.bind_consumption(static_cast<unsigned>(c2), w->receiving_end());
            bind_out(ns.exit_router >= 0 ? static_cast<std::size_t>(ns.exit_router) : ns.router,
                     ns.consumption_ports[c2], *w);
            wires_.push_back(std::move(w));
        }
    }

    // Unused ports (mesh edges) are tied off: never valid, never a credit.
    for (std::size_t r = 0; r < routers_.size(); ++r) {
        for (PortId p = 0; p < in_bound[r].size(); ++p)
            if (!in_bound[r][p]) {
                auto w =
                    std::make_unique<LinkWires>(fmt::format("{}_tie_i{}", spec.routers[r].name, p));
                bind_in(r, p, *w);
                router_links_[r].pop_back();
                wires_.push_back(std::move(w));
            }
        for (PortId q = 0; q < out_bound[r].size(); ++q)
            if (!out_bound[r][q]) {
                auto w =
                    std::make_unique<LinkWires>(fmt::format("{}_tie_o{}", spec.routers[r].name, q));
                bind_out(r, q, *w);
                router_links_[r].pop_back();
                wires_.push_back(std::move(w));
            }
    }
    watchdog_ = std::make_unique<Watchdog>("watchdog", &monitor_, params.watchdog_cycles, clock_,
                                           [this] { return describe_waits(); });
}

void Network::set_message_trace(MessageTraceLog* log) {
    for (Router* r : routers_)
        if (r) r->set_message_trace(log);
}

void Network::trace_links(sc_trace_file* tf, const std::vector<std::size_t>& chosen) {
    std::set<const LinkWires*> done;
    auto trace_wires = [&](const LinkWires* w) {
        if (!done.insert(w).second) return;
        const std::string base = w->valid.name();
        const std::string stem = base.substr(0, base.size() - 6);  // drop "_valid"
        sc_core::sc_trace(tf, w->valid, stem + ".valid");
        wormcast::sc_trace(tf, w->flit.read(), stem + ".flit");
        // The packed word as well, for the GTKWave translate filter (waves/README.md).
        auto probe = std::make_unique<PackedFlitProbe>(sc_core::sc_gen_unique_name("wave_probe"),
                                                       params_.flit_width);
        probe->flit(const_cast<LinkWires*>(w)->flit);
        probe->trace(tf, stem + ".flit.packed");
        probes_.push_back(std::move(probe));
        sc_core::sc_trace(tf, w->credit, stem + ".credit");
    };
    if (chosen.empty()) {
        for (const auto& w : wires_) trace_wires(w.get());
        return;
    }
    for (std::size_t r : chosen) {
        if (r >= routers_.size())
            throw ConfigError(fmt::format("trace: router {} does not exist", r));
        for (const LinkWires* w : router_links_[r]) trace_wires(w);
    }
}

Router& Network::router(std::size_t r) {
    if (!routers_.at(r))
        throw ModelError(
            fmt::format("{} is a stand-in, not a SystemC Router", modules_[r]->name()));
    return *routers_[r];
}

const RouterConfig& Network::router_config(std::size_t r) const {
    return modules_[r]->config();
}

const OutputStats& Network::output_stats(std::size_t r, PortId q) const {
    return modules_[r]->output_stats(q);
}

std::vector<std::uint64_t> Network::link_flits() const {
    std::vector<std::uint64_t> out;
    out.reserve(network_outputs_.size());
    for (const auto& [r, q] : network_outputs_) out.push_back(output_stats(r, q).flits);
    return out;
}

std::uint64_t Network::bubbles() const {
    std::uint64_t b = 0;
    for (std::size_t r = 0; r < routers_.size(); ++r)
        for (PortId q = 0; q < router_config(r).outputs; ++q) b += output_stats(r, q).bubbles;
    return b;
}

TokenRingStats Network::token_stats() const {
    TokenRingStats total;
    for (std::size_t r = 0; r < routers_.size(); ++r) {
        const TokenRingStats stop = token_stats(r);
        total.grants += stop.grants;
        total.wait_cycles += stop.wait_cycles;
    }
    return total;
}

TokenRingStats Network::token_stats(std::size_t r) const {
    const RouterConfig& c = router_config(r);
    if (!c.token_ring) return {};
    return modules_[r]->token_stats().value_or(c.token_ring->stats(c.token_stop));
}

RouterCounts Network::router_counts(std::size_t r, Cycle cycles) const {
    RouterCounts counts;
    const RouterConfig& c = router_config(r);
    for (PortId q = 0; q < c.outputs; ++q) {
        counts.flits += output_stats(r, q).flits;
        counts.bubbles += output_stats(r, q).bubbles;
        counts.heads += output_stats(r, q).heads;
    }
    counts.tokens = token_stats(r);
    counts.active_cycles = modules_[r]->active_cycles();
    counts.blocked_cycles = modules_[r]->blocked_cycles(cycles);
    return counts;
}

std::uint64_t Network::active_router_cycles() const {
    std::uint64_t a = 0;
    for (std::size_t r = 0; r < routers_.size(); ++r) a += modules_[r]->active_cycles();
    return a;
}

/// An input VC of a router, a node of the wait-for graph.
struct Network::Channel {
    std::size_t router;
    PortId port;
    VcId vc;
    bool operator<(const Channel& o) const {
        return std::tie(router, port, vc) < std::tie(o.router, o.port, o.vc);
    }
    bool operator==(const Channel& o) const {
        return router == o.router && port == o.port && vc == o.vc;
    }
};

/// Who waits on whom: every blocked input VC, what it wants (the channels holding it, each with
/// the reason in words), and the first cycle found by depth-first search (empty if none).
struct Network::WaitGraph {
    std::map<Channel, VcWait> waits;
    std::map<Channel, std::vector<std::pair<Channel, std::string>>> edges;
    std::vector<std::pair<Channel, std::string>> cycle;
};

Network::WaitGraph Network::wait_graph() const {
    WaitGraph g;
    auto& waits = g.waits;
    auto& edges = g.edges;
    for (std::size_t r = 0; r < routers_.size(); ++r) {
        if (!routers_[r]) continue;  // a stand-in (RTL) does not explain its waits
        for (auto& w : routers_[r]->waits()) {
            const Channel here{r, w.in_port, w.vc};
            for (const auto& want : w.wants) {
                if (want.out_vc >= 0 && want.credit_blocked) {
                    const Endpoint& d = downstream_[r][want.port];
                    if (d.router >= 0)
                        edges[here].push_back(
                            {Channel{static_cast<std::size_t>(d.router), d.port,
                                     static_cast<VcId>(want.out_vc)},
                             fmt::format("no credit on {}.out{} vc{}", routers_[r]->config().name,
                                         want.port, want.out_vc)});
                }
                for (const auto& [op, ov] : want.owners)
                    edges[here].push_back(
                        {Channel{r, static_cast<PortId>(op), static_cast<VcId>(ov)},
                         fmt::format("{}.out{} is taken", routers_[r]->config().name, want.port)});
            }
            // A worm streaming with nothing buffered waits for its own upstream: the input that
            // owns the output VC feeding this one (a tree worm's stem held back by another branch).
            if (w.state == VcState::Active && w.buffered == 0)
                for (std::size_t u = 0; u < downstream_.size(); ++u)
                    for (PortId q = 0; q < downstream_[u].size(); ++q) {
                        const Endpoint& d = downstream_[u][q];
                        if (d.router != static_cast<int>(r) || d.port != w.in_port || !routers_[u])
                            continue;
                        const auto& owner = routers_[u]->output(q).owner(w.vc);
                        if (!owner.free())
                            edges[here].push_back(
                                {Channel{u, static_cast<PortId>(owner.in_port),
                                         static_cast<VcId>(owner.in_vc)},
                                 fmt::format("flits from {}.out{} vc{}", routers_[u]->config().name,
                                             q, static_cast<unsigned>(w.vc))});
                    }
            waits.emplace(here, std::move(w));
        }
    }
    // Depth-first search for a cycle in the wait-for graph.
    std::map<Channel, int> colour;  // 0 new, 1 on stack, 2 done
    std::vector<std::pair<Channel, std::string>> stack;
    auto& cycle = g.cycle;
    std::function<bool(const Channel&)> dfs = [&](const Channel& c) -> bool {
        colour[c] = 1;
        for (const auto& [next, why] : edges[c]) {
            if (!waits.count(next)) continue;
            stack.push_back({c, why});
            if (colour[next] == 1) {
                // A named copy: lambdas capture structured bindings only from C++20 (clang 14).
                const Channel target = next;
                auto it = std::find_if(stack.begin(), stack.end(),
                                       [&](const auto& e) { return e.first == target; });
                cycle.assign(it, stack.end());
                return true;
            }
            if (colour[next] == 0 && dfs(next)) return true;
            stack.pop_back();
        }
        colour[c] = 2;
        return false;
    };
    for (const auto& [c, w] : waits)
        if (colour[c] == 0 && dfs(c)) break;
    return g;
}

bool Network::has_wait_cycle() const {
    return !wait_graph().cycle.empty();
}

std::string Network::describe_waits() const {
    WaitGraph g = wait_graph();
    const auto& waits = g.waits;
    auto& edges = g.edges;
    const auto& cycle = g.cycle;
    auto describe = [&](const Channel& c) {
        const VcWait& w = waits.at(c);
        return fmt::format("message {} holds {}.in{} vc{} ({}, {} flits buffered)", w.message,
                           routers_[c.router]->config().name, c.port, static_cast<unsigned>(c.vc),
                           to_string(w.state), w.buffered);
    };
    std::ostringstream os;
    if (!cycle.empty()) {
        os << "wait-for cycle of " << cycle.size() << " channels:\n";
        for (const auto& [c, why] : cycle)
            os << "  " << describe(c) << "\n    waits: " << why << "\n";
        os << "  (back to the first)\n";
    } else {
        os << "no wait-for cycle found; blocked channels:\n";
        int shown = 0;
        for (const auto& [c, w] : waits) {
            if (++shown > 30) break;
            os << "  " << describe(c) << "\n";
            for (const auto& [next, why] : edges[c]) os << "    waits: " << why << "\n";
        }
    }
    return os.str();
}

std::string Network::waits_dot() const {
    const WaitGraph g = wait_graph();
    const auto& waits = g.waits;
    const auto& edges = g.edges;
    const auto& cycle = g.cycle;
    std::ostringstream os;
    auto id = [](const Channel& c) {
        return fmt::format("c{}_{}_{}", c.router, c.port, static_cast<unsigned>(c.vc));
    };
    auto quote = [](const std::string& text) {
        std::string q;
        for (char ch : text) {
            if (ch == '"' || ch == '\\') q += '\\';
            q += ch;
        }
        return q;
    };
    std::set<std::pair<std::string, std::string>> on_cycle;
    for (std::size_t i = 0; i < cycle.size(); ++i)
        on_cycle.insert({id(cycle[i].first), id(cycle[(i + 1) % cycle.size()].first)});
    // A readable picture: the cycle alone when there is one (the other blocked channels are
    // in the report in words), else the first blocked channels.
    std::set<Channel> drawn;
    for (const auto& [c, why] : cycle) drawn.insert(c);
    for (const auto& [c, w] : waits)
        if (cycle.empty() && drawn.size() < 60) drawn.insert(c);
    os << "digraph waits {\n"
       << (cycle.empty() ? "  rankdir=LR;\n" : "  layout=circo;\n")
       << "  node [shape=box, fontname=\"monospace\"];\n";
    os << fmt::format(
        "  label=\"{}, {} blocked channels in all\";\n",
        cycle.empty()
            ? fmt::format("no wait-for cycle found: {} blocked channels drawn", drawn.size())
            : fmt::format("wait-for cycle of {} channels", cycle.size()),
        waits.size());
    for (const auto& [c, w] : waits) {
        if (!drawn.count(c)) continue;
        const Channel channel = c;  // captured below: a structured binding cannot be (clang 14)
        const bool in_cycle = std::any_of(cycle.begin(), cycle.end(),
                                          [&](const auto& e) { return e.first == channel; });
        os << fmt::format(
            "  {} [label=\"message {}\\nholds {}.in{} vc{}\\n{}, {} flits buffered\"{}];\n", id(c),
            w.message, quote(routers_[c.router]->config().name), c.port,
            static_cast<unsigned>(c.vc), to_string(w.state), w.buffered,
            in_cycle ? ", color=red, penwidth=2" : "");
    }
    for (const auto& [c, list] : edges)
        for (const auto& [next, why] : list) {
            if (!drawn.count(c) || !drawn.count(next)) continue;
            const bool red = on_cycle.count({id(c), id(next)}) != 0;
            os << fmt::format("  {} -> {} [label=\"wants: {}\"{}];\n", id(c), id(next), quote(why),
                              red ? ", color=red, fontcolor=red, penwidth=2" : "");
        }
    os << "}\n";
    return os.str();
}

}  // namespace wormcast
