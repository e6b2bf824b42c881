// Side-by-side router bench (see RouterPair.hpp).
#include "testbenches/cosim/RouterPair.hpp"

#include <memory>

#include <fmt/format.h>
#include <systemc>

#include "systemc/Kernel.hpp"
#include "systemc/Router.hpp"
#include "testbenches/cosim/CreditSink.hpp"
#include "testbenches/cosim/LockStep.hpp"
#include "testbenches/cosim/WormSource.hpp"
#include "topologies/mesh/EcubeRouting.hpp"

namespace wormcast::cosim {

using namespace sc_core;

namespace {

/// Both routers, their stimulus and downstream models, and the per-cycle comparison.
class RouterPair : public sc_module {
  public:
    RouterPair(sc_module_name name, const PairSetup& setup) : sc_module(name), period_(5, SC_NS) {
        const RouterConfig& c = setup.config;
        reference_ = std::make_unique<Router>("systemc", c, setup.routing(), period_, nullptr);
        scoreboard_routing_ = setup.routing();
        header_format_ = c.header_format;
        rtl_ = setup.make_rtl(c, period_);
        if (setup.sources.size() != c.inputs)
            throw ConfigError(fmt::format("router pair: {} sources for {} inputs",
                                          setup.sources.size(), c.inputs));

        auto signals = [](const char* base, std::size_t n, auto tag) {
            using Signal = sc_signal<decltype(tag)>;
            return std::make_unique<sc_vector<Signal>>(base, n);
        };
        in_valid_ = signals("in_valid", c.inputs, bool{});
        in_flit_ = signals("in_flit", c.inputs, Flit{});
        ref_in_credit_ = signals("ref_in_credit", c.inputs, std::uint32_t{});
        rtl_in_credit_ = signals("rtl_in_credit", c.inputs, std::uint32_t{});
        ref_out_valid_ = signals("ref_out_valid", c.outputs, bool{});
        ref_out_flit_ = signals("ref_out_flit", c.outputs, Flit{});
        rtl_out_valid_ = signals("rtl_out_valid", c.outputs, bool{});
        rtl_out_flit_ = signals("rtl_out_flit", c.outputs, Flit{});
        out_credit_ = signals("out_credit", c.outputs, std::uint32_t{});

        for (PortId p = 0; p < c.inputs; ++p) {
            const WormSourceConfig& sc = setup.sources[p];
            sources_.push_back(
                std::make_unique<WormSource>(fmt::format("source{}", p).c_str(), sc, period_));
            sources_.back()->valid((*in_valid_)[p]);
            sources_.back()->flit((*in_flit_)[p]);
            sources_.back()->credit((*ref_in_credit_)[p]);
            reference_->bind_input(p, {&(*in_valid_)[p], &(*in_flit_)[p], &(*ref_in_credit_)[p]});
            rtl_->bind_input(p, {&(*in_valid_)[p], &(*in_flit_)[p], &(*rtl_in_credit_)[p]});
        }
        for (PortId q = 0; q < c.outputs; ++q) {
            sinks_.push_back(std::make_unique<CreditSink>(fmt::format("sink{}", q).c_str(), c.vcs,
                                                          c.buffer_depth, setup.drain,
                                                          setup.seed * 1000 + 500 + q, period_));
            sinks_.back()->valid((*ref_out_valid_)[q]);
            sinks_.back()->flit((*ref_out_flit_)[q]);
            sinks_.back()->credit((*out_credit_)[q]);
            reference_->bind_output(
                q, {&(*ref_out_valid_)[q], &(*ref_out_flit_)[q], &(*out_credit_)[q]});
            rtl_->bind_output(q, {&(*rtl_out_valid_)[q], &(*rtl_out_flit_)[q], &(*out_credit_)[q]});
        }
        SC_METHOD(compare);
    }

    const std::string& mismatch() const { return mismatch_; }
    std::vector<std::unique_ptr<WormSource>>& sources() { return sources_; }
    std::vector<std::unique_ptr<CreditSink>>& sinks() { return sinks_; }

    /// Scoreboard: the real flits the worms started so far must give on the outputs (every
    /// branch carries the header the routing function gives it and the whole payload).
    void expected_output(RouterPairResult& result) const {
        result.expected_out = result.split_worms = result.path_worms = result.tree_worms = 0;
        for (PortId p = 0; p < sources_.size(); ++p)
            for (const auto& worm : sources_[p]->started()) {
                const RouteDecision d = scoreboard_routing_->route(RouteQuery{p, 0, &worm.header});
                for (const auto& b : d.branches) {
                    const std::size_t header =
                        encode_header(b.rewritten ? *b.rewritten : worm.header, header_format_)
                            .size();
                    result.expected_out += header + worm.payload;
                }
                result.split_worms += d.branches.size() > 1 ? 1 : 0;
                result.path_worms += worm.header.kind == HeaderKind::DestList ? 1 : 0;
                result.tree_worms += worm.header.kind == HeaderKind::BitString ? 1 : 0;
            }
    }

  private:
    SC_HAS_PROCESS(RouterPair);

    /// In the middle of every cycle: what both routers drove in it must be equal.
    void compare() {
        if (!started_) {
            started_ = true;
            next_trigger(period_ / 2.0);
            return;
        }
        const Cycle cycle = cycle_++;
        for (std::size_t q = 0; q < ref_out_valid_->size(); ++q) {
            const bool rv = (*ref_out_valid_)[q].read(), tv = (*rtl_out_valid_)[q].read();
            const Flit rf = (*ref_out_flit_)[q].read(), tf = (*rtl_out_flit_)[q].read();
            if (rv != tv || rf != tf)
                return fail(fmt::format(
                    "first mismatch in cycle {} on output {}:\n  expected (SystemC) valid={} {}\n"
                    "  actual   (RTL)     valid={} {}",
                    cycle, q, rv ? 1 : 0, to_string(rf), tv ? 1 : 0, to_string(tf)));
        }
        for (std::size_t p = 0; p < ref_in_credit_->size(); ++p) {
            const std::uint32_t rc = (*ref_in_credit_)[p].read(), tc = (*rtl_in_credit_)[p].read();
            if (rc != tc)
                return fail(fmt::format(
                    "first mismatch in cycle {} on the credits of input {}:\n  expected (SystemC) "
                    "0x{:x}\n  actual   (RTL)     0x{:x}",
                    cycle, p, rc, tc));
        }
        next_trigger(period_);
    }

    void fail(std::string report) {
        mismatch_ = std::move(report);
        sc_stop();
    }

    sc_time period_;
    std::unique_ptr<Router> reference_;
    std::unique_ptr<RoutingFunction> scoreboard_routing_;
    HeaderFormat header_format_;
    std::unique_ptr<RouterModule> rtl_;
    std::unique_ptr<sc_vector<sc_signal<bool>>> in_valid_, ref_out_valid_, rtl_out_valid_;
    std::unique_ptr<sc_vector<sc_signal<Flit>>> in_flit_, ref_out_flit_, rtl_out_flit_;
    std::unique_ptr<sc_vector<sc_signal<std::uint32_t>>> ref_in_credit_, rtl_in_credit_,
        out_credit_;
    std::vector<std::unique_ptr<WormSource>> sources_;
    std::vector<std::unique_ptr<CreditSink>> sinks_;
    bool started_ = false;
    Cycle cycle_ = 0;
    std::string mismatch_;
};

}  // namespace

WormSourceConfig port_source(const RouterConfig& config, PortId p, double load,
                             std::uint64_t seed) {
    WormSourceConfig sc;
    sc.vcs = config.vcs;
    sc.buffer_depth = config.buffer_depth;
    sc.flit_width = config.header_format.flit_width;
    sc.nodes = config.header_format.nodes;
    sc.load = load;
    sc.first_message = 1 + p * 100000u;
    sc.seed = seed * 1000 + p;
    return sc;
}

RouterPairResult run_router_pair(const MeshRtlCase& model, const RouterPairOptions& options) {
    const NetworkParams& m = model.params;
    const mesh::MeshShape& shape = model.shape;
    PairSetup setup;
    RouterConfig& c = setup.config = RouterConfig(m);
    c.name = fmt::format("node{}", options.node);
    c.node = options.node;
    c.inputs = static_cast<PortId>(4 + m.injection_channels);
    c.outputs = static_cast<PortId>(4 + m.consumption_channels);
    for (PortId q = 0; q < c.outputs; ++q)
        c.output_link_latency.push_back(q < 4 ? m.t_phy : m.t_cons);
    for (PortId p = 0; p < c.inputs; ++p)
        c.input_credit_latency.push_back(p < 4 ? m.t_phy : m.t_inj);
    c.header_format = HeaderFormat{m.flit_width, shape.nodes()};
    const mesh::EcubeOptions routing{m.vcs, shape.torus, m.consumption_channels};  // datelines
    setup.routing = [shape, node = options.node, routing] {
        return std::make_unique<mesh::EcubeRouting>(shape, node, routing);
    };
    setup.make_rtl = [&model](const RouterConfig& config, sc_time period) {
        return make_mesh_rtl(model, config, period);
    };
    for (PortId p = 0; p < c.inputs; ++p) {
        WormSourceConfig sc = port_source(c, p, options.load, options.seed);
        sc.path_worms = m.path_worms ? options.path_worms : 0.0;
        sc.tree_worms = m.tree_worms ? options.tree_worms : 0.0;
        sc.node = options.node;
        setup.sources.push_back(sc);
    }
    setup.drain = options.drain;
    setup.seed = options.seed;
    setup.cycles = options.cycles;
    return run_pair(setup);
}

RouterPairResult run_pair(const PairSetup& setup) {
    fresh_kernel();
    auto* bench = new RouterPair("pair", setup);  // leaked with its kernel, as in run_lockstep
    const sc_time period(5, SC_NS);
    sc_start(period * static_cast<double>(setup.cycles));
    for (auto& s : bench->sources()) s->stop();
    RouterPairResult result;
    auto count = [&] {
        result.flits_in = result.flits_out = result.bubbles = 0;
        for (auto& s : bench->sources()) result.flits_in += s->flits_sent();
        for (auto& s : bench->sinks()) {
            result.flits_out += s->flits_received() - s->bubbles_received();
            result.bubbles += s->bubbles_received();
        }
        bench->expected_output(result);
        bool idle = result.flits_out == result.expected_out;
        for (auto& s : bench->sources()) idle = idle && s->idle();
        for (auto& s : bench->sinks()) idle = idle && s->empty();
        return idle;
    };
    for (int chunk = 0; chunk < 200 && bench->mismatch().empty() && !count(); ++chunk)
        sc_start(period * 50.0);
    result.drained = count();
    result.mismatch = bench->mismatch();
    result.cycles = sc_time_stamp().value() / period.value();
    for (auto& s : bench->sinks())
        for (const auto& p : s->problems()) result.problems.push_back(p);
    return result;
}

}  // namespace wormcast::cosim
