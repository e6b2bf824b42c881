// Randomly draining downstream buffer (see CreditSink.hpp).
#include "testbenches/cosim/CreditSink.hpp"

#include <fmt/format.h>

namespace wormcast::cosim {

using namespace sc_core;

CreditSink::CreditSink(sc_module_name name, unsigned vcs, unsigned depth, double drain,
                       std::uint64_t seed, sc_time period)
    : sc_module(name),
      valid("valid"),
      flit("flit"),
      credit("credit"),
      depth_(depth),
      drain_(drain),
      period_(period),
      rng_(seed),
      buffers_(vcs),
      open_worm_(vcs, 0) {
    SC_METHOD(cycle);
}

bool CreditSink::empty() const {
    for (const auto& b : buffers_)
        if (!b.empty()) return false;
    return true;
}

void CreditSink::cycle() {
    next_trigger(period_);
    const Cycle now = sc_time_stamp().value() / period_.value();
    if (valid.read()) {
        const Flit f = flit.read();
        ++received_;
        if (f.is_bubble()) ++bubbles_;
        if (f.vc >= buffers_.size() || buffers_[f.vc].size() >= depth_) {
            problems_.push_back(
                fmt::format("{} cycle {}: {} arrived without a credit", name(), now, to_string(f)));
        } else {
            MessageId& open = open_worm_[f.vc];
            if ((open == 0) != f.is_head() || (open != 0 && open != f.message))
                problems_.push_back(fmt::format("{} cycle {}: {} breaks the worm on VC {}", name(),
                                                now, to_string(f), static_cast<unsigned>(f.vc)));
            open = f.is_tail() ? 0 : f.message;
            buffers_[f.vc].push_back(f);
        }
    }
    // Free at most one slot per cycle, at random: back-pressure of varying strength.
    std::uint32_t freed = 0;
    std::uniform_real_distribution<double> chance(0.0, 1.0);
    if (chance(rng_) < drain_) {
        std::vector<unsigned> full;
        for (unsigned v = 0; v < buffers_.size(); ++v)
            if (!buffers_[v].empty()) full.push_back(v);
        if (!full.empty()) {
            const unsigned v = full[rng_() % full.size()];
            buffers_[v].pop_front();
            freed = 1u << v;
        }
    }
    if (freed != driven_) credit.write(freed);
    driven_ = freed;
}

}  // namespace wormcast::cosim
