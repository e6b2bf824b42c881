// Random worm stimulus for one router input (see WormSource.hpp).
#include "testbenches/cosim/WormSource.hpp"

namespace wormcast::cosim {

using namespace sc_core;

WormSource::WormSource(sc_module_name name, WormSourceConfig config, sc_time period)
    : sc_module(name),
      valid("valid"),
      flit("flit"),
      credit("credit"),
      config_(config),
      period_(period),
      rng_(config.seed),
      credits_(config.vcs, CreditCounter(config.buffer_depth)),
      worms_(config.vcs),
      next_message_(config.first_message) {
    SC_METHOD(cycle);
}

bool WormSource::idle() const {
    for (const auto& w : worms_)
        if (w.active) return false;
    return true;
}

void WormSource::cycle() {
    next_trigger(period_);
    for (std::uint32_t mask = credit.read(); mask; mask &= mask - 1)
        credits_[static_cast<unsigned>(__builtin_ctz(mask))].release();
    std::uniform_real_distribution<double> chance(0.0, 1.0);
    bool sent = false;
    if (chance(rng_) < config_.load) {
        // A random VC that has a credit and a worm under way, or room to start one.
        std::vector<unsigned> candidates;
        for (unsigned v = 0; v < config_.vcs; ++v)
            if (credits_[v].available() && (worms_[v].active || !stopping_)) candidates.push_back(v);
        if (!candidates.empty()) {
            const unsigned v = candidates[rng_() % candidates.size()];
            Worm& w = worms_[v];
            if (!w.active) {
                w = Worm{true, next_message_++, static_cast<std::uint32_t>(rng_() % config_.nodes),
                         1 + static_cast<std::uint32_t>(rng_() % config_.max_payload), 0};
            }
            const std::uint32_t mask = config_.flit_width >= 32 ? ~0u : (1u << config_.flit_width) - 1;
            Flit f;
            f.vc = static_cast<VcId>(v);
            f.message = w.message;
            if (w.sent == 0) {
                f.kind = FlitKind::Head;
                f.data = w.destination << 2;  // unicast header: kind code 0, then the destination
            } else {
                f.kind = w.sent == w.payload ? FlitKind::Tail : FlitKind::Body;
                f.data = static_cast<std::uint32_t>(rng_()) & mask;
            }
            if (++w.sent > w.payload) w.active = false;
            credits_[v].consume();
            flit.write(f);
            sent = true;
            ++flits_sent_;
        }
    }
    if (sent != driven_) valid.write(sent);
    driven_ = sent;
}

}  // namespace wormcast::cosim
