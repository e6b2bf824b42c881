// Single-router testbench: per input port a source that sends a given flit sequence under
// credit flow control, per output port a sink that records every flit with its cycle and returns
// credits, optionally holding them back for a window (back-pressure). Used by the cycle-level
// router tests; the router under test is the real Router with a test routing function.
#pragma once

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include <systemc>

#include <fmt/format.h>

#include "systemc/ActivityMonitor.hpp"
#include "systemc/Router.hpp"
#include "systemc/Watchdog.hpp"
#include "systemc/pure/Header.hpp"

namespace wormcast::test {

/// Routes a bit-string header to output port a for every destination bit a (a tree worm), each
/// branch's header masked to its own bit; a unicast header to the output named by it. With
/// `rotate`, the branch list starts at the branch index equal to the input port (so two worms
/// from different inputs list the same outputs in different orders).
class BitPortRouting : public RoutingFunction {
  public:
    BitPortRouting(std::uint32_t outputs, bool rotate) : outputs_(outputs), rotate_(rotate) {}
    RouteDecision route(const RouteQuery& q) const override {
        RouteDecision d;
        if (q.header->kind == HeaderKind::Unicast) {
            d.branches.push_back(RouteBranch{
                static_cast<PortId>(q.header->destinations[0]), 1, std::nullopt, false, {}, {}});
            return d;
        }
        for (NodeId a : q.header->bit_members(outputs_)) {
            RouteBranch b;
            b.port = static_cast<PortId>(a);
            b.vc_mask = 1;
            b.rewritten = Header::bit_string(outputs_, {a});
            d.branches.push_back(b);
        }
        if (rotate_ && !d.branches.empty())
            std::rotate(d.branches.begin(), d.branches.begin() + q.in_port % d.branches.size(),
                        d.branches.end());
        return d;
    }

  private:
    std::uint32_t outputs_;
    bool rotate_;
};

struct Seen {
    Cycle cycle;
    Flit flit;
};

class RouterBench : public sc_core::sc_module {
  public:
    RouterBench(sc_core::sc_module_name name, RouterConfig config,
                std::unique_ptr<RoutingFunction> routing, unsigned watchdog_cycles = 0)
        : sc_module(name), clock_(5, sc_core::SC_NS), config_(config) {
        const PortId in = config.inputs, out = config.outputs;
        router = std::make_unique<Router>("dut", config, std::move(routing), clock_, &monitor);
        for (PortId p = 0; p < in; ++p) {
            in_valid_.emplace_back(std::make_unique<sc_core::sc_signal<bool>>(
                ("in_valid" + std::to_string(p)).c_str()));
            in_flit_.emplace_back(std::make_unique<sc_core::sc_signal<Flit>>(
                ("in_flit" + std::to_string(p)).c_str()));
            in_credit_.emplace_back(std::make_unique<sc_core::sc_signal<std::uint32_t>>(
                ("in_credit" + std::to_string(p)).c_str()));
            router->bind_input(
                p, {in_valid_.back().get(), in_flit_.back().get(), in_credit_.back().get()});
        }
        for (PortId q = 0; q < out; ++q) {
            out_valid_.emplace_back(std::make_unique<sc_core::sc_signal<bool>>(
                ("out_valid" + std::to_string(q)).c_str()));
            out_flit_.emplace_back(std::make_unique<sc_core::sc_signal<Flit>>(
                ("out_flit" + std::to_string(q)).c_str()));
            out_credit_.emplace_back(std::make_unique<sc_core::sc_signal<std::uint32_t>>(
                ("out_credit" + std::to_string(q)).c_str()));
            router->bind_output(
                q, {out_valid_.back().get(), out_flit_.back().get(), out_credit_.back().get()});
        }
        to_send.resize(in);
        start.assign(in, 1);
        sent.assign(in, 0);
        source_credits.assign(in, config.buffer_depth);
        seen.resize(out);
        hold_from.assign(out, ~Cycle{0});
        hold_until.assign(out, 0);
        owed.assign(out, 0);
        if (watchdog_cycles)
            watchdog =
                std::make_unique<Watchdog>("watchdog", &monitor, watchdog_cycles, clock_, [this] {
                    std::string s;
                    for (const auto& w : router->waits())
                        s += fmt::format("message {} at input {} is {}\n", w.message, w.in_port,
                                         to_string(w.state));
                    return s;
                });
        SC_METHOD(cycle);
    }

    /// Sink q returns no credit in cycles [from, until); the ones it owes then follow one a cycle.
    void hold(PortId q, Cycle from, Cycle until) {
        hold_from[q] = from;
        hold_until[q] = until;
    }
    void trace(sc_core::sc_trace_file* tf) {
        for (std::size_t q = 0; q < out_valid_.size(); ++q) {
            sc_core::sc_trace(tf, *out_valid_[q], "out" + std::to_string(q) + ".valid");
            wormcast::sc_trace(tf, out_flit_[q]->read(), "out" + std::to_string(q) + ".flit");
        }
    }

    std::unique_ptr<Router> router;
    ActivityMonitor monitor;
    std::unique_ptr<Watchdog> watchdog;
    std::vector<std::vector<Flit>> to_send;  ///< per input port, sent in order from start[p]
    std::vector<Cycle> start;                ///< per input port: first cycle it may send
    std::vector<std::vector<Seen>> seen;     ///< per output port

  private:
    SC_HAS_PROCESS(RouterBench);
    void cycle() {
        const Cycle now = sc_core::sc_time_stamp().value() / clock_.value();
        for (std::size_t p = 0; p < to_send.size(); ++p) {
            source_credits[p] += static_cast<unsigned>(__builtin_popcount(in_credit_[p]->read()));
            if (now >= start[p] && sent[p] < to_send[p].size() && source_credits[p] > 0) {
                in_flit_[p]->write(to_send[p][sent[p]++]);
                in_valid_[p]->write(true);
                --source_credits[p];
                ++monitor.flits_in_network;
                monitor.moved(now);
            } else {
                in_valid_[p]->write(false);
            }
        }
        for (std::size_t q = 0; q < seen.size(); ++q) {
            if (out_valid_[q]->read()) {
                const Flit f = out_flit_[q]->read();
                seen[q].push_back({now, f});
                if (!f.is_bubble()) {
                    --monitor.flits_in_network;
                    monitor.moved(now);
                }
                ++owed[q];
            }
            // One credit per cycle (one VC), none while the sink holds back.
            const bool holding = now >= hold_from[q] && now < hold_until[q];
            std::uint32_t credit = 0;
            if (!holding && owed[q] > 0) {
                --owed[q];
                credit = 1;
            }
            out_credit_[q]->write(credit);
        }
        sc_core::next_trigger(clock_);
    }

    sc_core::sc_time clock_;
    RouterConfig config_;
    std::vector<std::unique_ptr<sc_core::sc_signal<bool>>> in_valid_, out_valid_;
    std::vector<std::unique_ptr<sc_core::sc_signal<Flit>>> in_flit_, out_flit_;
    std::vector<std::unique_ptr<sc_core::sc_signal<std::uint32_t>>> in_credit_, out_credit_;
    std::vector<std::size_t> sent;
    std::vector<unsigned> source_credits;
    std::vector<Cycle> hold_from, hold_until;
    std::vector<unsigned> owed;
};

/// A worm of `payload` flits with the given header, as a NIC would send it on VC 0.
inline std::vector<Flit> make_worm(MessageId id, const Header& header, const HeaderFormat& format,
                                   unsigned payload) {
    std::vector<Flit> flits;
    const auto words = encode_header(header, format);
    for (std::size_t i = 0; i < words.size(); ++i)
        flits.push_back(Flit{i == 0 ? FlitKind::Head : FlitKind::Body, 0, id, words[i]});
    for (unsigned i = 0; i < payload; ++i)
        flits.push_back(Flit{i + 1 == payload ? FlitKind::Tail : FlitKind::Body, 0, id, 1000 + i});
    return flits;
}

/// A plain config for a single-router bench.
inline RouterConfig bench_config(PortId inputs, PortId outputs, unsigned depth) {
    RouterConfig c;
    c.name = "dut";
    c.inputs = inputs;
    c.outputs = outputs;
    c.vcs = 1;
    c.buffer_depth = depth;
    c.t_node = 1;
    c.t_node_multidest = 1;
    c.t_sw = 1;
    c.output_link_latency.assign(outputs, 1);
    c.input_credit_latency.assign(inputs, 1);
    c.header_format = HeaderFormat{32, outputs};
    c.supports_tree_worms = true;
    c.supports_path_worms = true;
    return c;
}

}  // namespace wormcast::test
