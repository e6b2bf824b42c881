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

Header WormSource::random_header() {
    std::uniform_real_distribution<double> chance(0.0, 1.0);
    const auto pick = [this](const std::vector<NodeId>& from) {
        return from.empty() ? static_cast<NodeId>(rng_() % config_.nodes)
                            : from[rng_() % from.size()];
    };
    const auto random_node = [&] { return pick(config_.destinations); };
    if (config_.tree_worms > 0.0 && chance(rng_) < config_.tree_worms) {
        const std::vector<NodeId>& from =
            !config_.near.empty() && chance(rng_) < 0.5 ? config_.near : config_.destinations;
        std::vector<NodeId> members;
        const std::uint32_t count =
            1 + static_cast<std::uint32_t>(rng_() % config_.max_destinations);
        for (std::uint32_t i = 0; i < count; ++i) members.push_back(pick(from));  // repeats merge
        return Header::bit_string(config_.nodes, members);
    }
    if (config_.path_worms <= 0.0 || chance(rng_) >= config_.path_worms)
        return Header::unicast(random_node());
    std::vector<NodeId> list{chance(rng_) < 0.5 ? config_.node : random_node()};
    const std::uint32_t count = 1 + static_cast<std::uint32_t>(rng_() % config_.max_destinations);
    while (list.size() < count) {
        const NodeId next = random_node();
        if (next != list.back()) list.push_back(next);
    }
    return Header::dest_list(std::move(list));
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
            if (credits_[v].available() && (worms_[v].active || !stopping_))
                candidates.push_back(v);
        if (!candidates.empty()) {
            const unsigned v = candidates[rng_() % candidates.size()];
            Worm& w = worms_[v];
            if (!w.active) {
                const Header header = random_header();
                w = Worm{true, next_message_++,
                         encode_header(header, HeaderFormat{config_.flit_width, config_.nodes}),
                         1 + static_cast<std::uint32_t>(rng_() % config_.max_payload), 0};
                started_.push_back({header, w.payload});
            }
            const std::uint32_t mask =
                config_.flit_width >= 32 ? ~0u : (1u << config_.flit_width) - 1;
            const auto header_flits = static_cast<std::uint32_t>(w.header.size());
            Flit f;
            f.vc = static_cast<VcId>(v);
            f.message = w.message;
            if (w.sent < header_flits) {
                f.kind = w.sent == 0 ? FlitKind::Head : FlitKind::Body;
                f.data = w.header[w.sent];
            } else {
                f.kind = w.sent + 1 == header_flits + w.payload ? FlitKind::Tail : FlitKind::Body;
                f.data = static_cast<std::uint32_t>(rng_()) & mask;
            }
            if (++w.sent == header_flits + w.payload) w.active = false;
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
