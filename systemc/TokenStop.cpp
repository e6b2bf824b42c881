// ATBM token-ring stop (see TokenStop.hpp).
#include "systemc/TokenStop.hpp"

namespace wormcast {

TokenStop::TokenStop(TokenRing* ring, unsigned stop, unsigned release_flits)
    : ring_(ring), stop_(stop), release_flits_(release_flits) {}

std::optional<unsigned> TokenStop::ring_holder() const {
    return ring_ ? ring_->holder() : std::nullopt;
}

std::optional<std::pair<PortId, VcId>> TokenStop::grant(Cycle now) {
    if (!ring_ || held_ || queue_.empty()) return std::nullopt;
    // The token may have arrived for an earlier request of ours; otherwise (re)state it.
    if (!ring_->held_by(stop_, now)) ring_->request(stop_, now);
    if (!ring_->held_by(stop_, now)) return std::nullopt;
    const auto front = queue_.front();
    queue_.pop_front();
    held_ = true;
    return front;
}

bool TokenStop::sent(bool tail, std::uint32_t forwarded, Cycle now) {
    if (!tail && (release_flits_ == 0 || forwarded < release_flits_)) return false;
    ring_->release(stop_, now);
    held_ = false;
    return true;
}

}  // namespace wormcast
