// Switching activity of the RTL routers over a run (see RtlActivity.hpp).
#include "systemc/rtl/RtlActivity.hpp"

#include <cmath>

#include <fmt/format.h>
#include <sysc/kernel/sc_dynamic_processes.h>  // sc_spawn (<systemc> leaves it out by default)
#include <verilated.h>
#include <verilated_vcd_c.h>

#include "systemc/RtlRouter.hpp"

namespace wormcast::rtl {

namespace {
/// Every level of each model: its ports, units, FIFOs and arbiters.
constexpr int kActivityTraceLevels = 99;
}  // namespace

/// Verilator's VCD output, read as it is written instead of going to a file.
class RtlActivity::Stream : public VerilatedVcdFile {
  public:
    bool open(const std::string&) override { return true; }
    void close() override {}
    ssize_t write(const char* text, ssize_t size) override {
        toggles.feed(text, static_cast<std::size_t>(size));
        return size;
    }
    VcdToggles toggles;
};

RtlActivity::RtlActivity(Network& network, sc_core::sc_time period)
    : network_(network), period_(period), stream_(std::make_unique<Stream>()) {
    for (std::size_t r = 0; r < network.routers(); ++r)
        if (network.is_drop_in(r) && dynamic_cast<RtlRouterBase*>(&network.module(r)))
            routers_.push_back(r);
    if (routers_.empty())
        throw ConfigError("power from RTL activity: the network has no RTL router (network.rtl)");
    Verilated::traceEverOn(true);
    trace_ = new VerilatedVcdC(stream_.get());
    for (std::size_t r : routers_)
        dynamic_cast<RtlRouterBase&>(network.module(r)).trace_model(trace_, kActivityTraceLevels);
    trace_->open("wormcast-activity");  // a name for Verilator; nothing is written to it
    // One sample a cycle, a quarter period after the rising edge: the registers have settled and
    // the falling edge (half a period in) is not reached, so each bit is read once a cycle.
    sc_core::sc_spawn([this] { sample_loop(); }, "wormcast_activity_sampler");
}

RtlActivity::~RtlActivity() {
    closed_ = true;
    if (trace_) {
        trace_->close();
        delete trace_;
    }
}

void RtlActivity::sample_loop() {
    // The next quarter period after a rising edge (edges at every multiple of half a period, the
    // rising ones at multiples of the period).
    const double period = period_.to_seconds();
    const double now = sc_core::sc_time_stamp().to_seconds();
    const double cycle = std::floor(now / period);
    double at = (cycle + 0.25) * period;
    if (at < now) at += period;
    sc_core::wait(sc_core::sc_time(at - now, sc_core::SC_SEC));
    while (!closed_) {
        trace_->dump(cycles_);
        ++cycles_;
        sc_core::wait(period_);
    }
}

std::vector<RouterActivity> RtlActivity::collect() {
    if (closed_) throw ModelError("RtlActivity::collect called twice");
    closed_ = true;
    trace_->flush();
    VcdToggles& toggles = stream_->toggles;
    toggles.finish(cycles_);
    // A variable's scope starts with its model's SystemC name ("net.r1_0.rtl"), then the top
    // module's scope ("wc_router"); what follows is the path inside the router, as the
    // flattened netlist names it.
    std::map<std::string, std::size_t> by_model;
    std::vector<RouterActivity> out;
    for (std::size_t r : routers_) {
        auto& router = dynamic_cast<RtlRouterBase&>(network_.module(r));
        by_model[std::string(router.name()) + ".rtl"] = out.size();
        out.push_back({r, router.rtl_key(), {}});
    }
    for (const auto& v : toggles.variables()) {
        // The model whose name is the longest key not after the scope, if it starts the scope.
        auto found = by_model.upper_bound(v.scope);
        if (found == by_model.begin()) continue;
        --found;
        const std::string& model = found->first;
        if (v.scope.compare(0, model.size(), model) != 0 || v.scope.size() <= model.size() ||
            v.scope[model.size()] != '.')
            continue;  // not a model's, or the model's own scope (its SystemC ports)
        std::string inside = v.scope.substr(model.size() + 1);  // "wc_router.g_in[0]..."
        const std::size_t top_end = inside.find('.');
        inside = top_end == std::string::npos ? std::string() : inside.substr(top_end + 1);
        RouterActivity& router = out[found->second];
        for (int b = 0; b < v.width; ++b) {
            const std::string name = (inside.empty() ? "" : inside + ".") + v.bit_name(b);
            BitActivity& bit = router.bits[name];  // aliases carry the same value: keep one
            bit.toggles = v.toggles[b];
            bit.high_cycles = v.high_time[b];
        }
    }
    return out;
}

}  // namespace wormcast::rtl
