// Token ring (see TokenRing.hpp).
#include "systemc/pure/TokenRing.hpp"

#include <fmt/format.h>

namespace wormcast {

TokenRing::TokenRing(unsigned stops, unsigned pass_cycles, TokenModel model)
    : pass_(pass_cycles), model_(model), pending_(stops), stats_(stops) {
    if (stops == 0) throw ConfigError("a token ring needs at least one stop");
    if (model == TokenModel::Ring && pass_cycles == 0)
        throw ConfigError("token passing time must be at least 1 cycle in the ring model");
}

unsigned TokenRing::average_wait() const {
    return stops() > 1 ? pass_ * stops() / 2 : 0;
}

void TokenRing::request(unsigned stop, Cycle now) {
    if (stop >= stops()) throw ModelError(fmt::format("token ring: stop {} of {}", stop, stops()));
    if (holder_ == stop) throw ModelError("token ring: the holder asked for the token again");
    if (!pending_[stop]) pending_[stop] = now;
}

void TokenRing::advance(Cycle now) {
    if (holder_) return;
    if (model_ == TokenModel::Average) {
        // Oldest request first (ties: lowest stop), granted pass·g/2 cycles after it was made.
        std::optional<unsigned> first;
        for (unsigned s = 0; s < stops(); ++s)
            if (pending_[s] && (!first || *pending_[s] < *pending_[*first])) first = s;
        if (!first) return;
        const Cycle at = std::max(*pending_[*first] + average_wait(), free_at_);
        if (at > now) return;
        holder_ = *first;
        stats_[*first].grants++;
        stats_[*first].wait_cycles += at - *pending_[*first];
        pending_[*first].reset();
        return;
    }
    // Ring: walk the token over the arrival instants up to `now`; a stop takes it on arrival if
    // it asked in an earlier cycle.
    Cycle earliest = ~Cycle{0};
    for (const auto& p : pending_)
        if (p) earliest = std::min(earliest, *p);
    if (earliest == ~Cycle{0}) return;
    const unsigned g = stops();
    // Arrival k (k >= 1) reaches stop (from_ + k) % g at cycle since_ + k·pass_. Arrivals before
    // earliest+1 cannot grant; from there every stop is reached within g arrivals.
    Cycle k = 1;
    if (earliest + 1 > since_ + pass_) k = (earliest + 1 - since_ + pass_ - 1) / pass_;
    for (Cycle last = k + g; k <= last; ++k) {
        const Cycle at = since_ + k * pass_;
        if (at > now) return;
        const unsigned stop = static_cast<unsigned>((from_ + k) % g);
        if (pending_[stop] && *pending_[stop] < at) {
            holder_ = stop;
            stats_[stop].grants++;
            stats_[stop].wait_cycles += at - *pending_[stop];
            pending_[stop].reset();
            return;
        }
    }
}

bool TokenRing::held_by(unsigned stop, Cycle now) {
    advance(now);
    return holder_ == stop;
}

void TokenRing::release(unsigned stop, Cycle now) {
    if (holder_ != stop)
        throw ModelError(
            fmt::format("token ring: stop {} released a token it does not hold", stop));
    holder_.reset();
    from_ = stop;
    since_ = now;
    free_at_ = now + 1;
}

}  // namespace wormcast
