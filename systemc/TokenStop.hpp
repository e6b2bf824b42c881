// ATBM token-ring stop of one switch: the SystemC mirror of rtl/wc_token_stop.sv (Varavithya &
// Mohapatra §4). A worm whose route has several branches (a tree operation) joins the stop's queue
// instead of entering the OCRQs; the queue is served in arrival order (same cycle: input-VC order,
// the order the Router routes in). While worms wait and the switch does not hold the token, the
// stop asks its group's ring (systemc/pure/TokenRing) for it; the front worm takes the token in
// the cycle it is granted. The holder gives it back after `release_flits` real flits of its worm
// (0: at the tail), or at its tail. Without a ring the stop is off and nothing waits.
#pragma once

#include <cstdint>
#include <deque>
#include <optional>
#include <utility>

#include "systemc/pure/TokenRing.hpp"
#include "systemc/pure/Types.hpp"

namespace wormcast {

class TokenStop {
  public:
    /// `ring` null: no token serialises this switch's tree operations.
    TokenStop(TokenRing* ring, unsigned stop, unsigned release_flits);

    bool enabled() const { return ring_ != nullptr; }
    unsigned stop() const { return stop_; }
    /// The stop on the ring that holds the token now, if any (for message traces).
    std::optional<unsigned> ring_holder() const;

    /// tree_i: the worm at input VC (port, vc) has a route of several branches: it waits for the
    /// token (in the order of the calls).
    void join(PortId port, VcId vc) { queue_.emplace_back(port, vc); }
    /// grant_o for cycle `now`: the input VC whose worm takes the token in this cycle (it then
    /// enters its OCRQs), or none. Asks the ring while worms wait and the token is elsewhere.
    std::optional<std::pair<PortId, VcId>> grant(Cycle now);
    /// real_i/tail_i of the holder: its worm sent a real flit in cycle `now`, the `forwarded`-th
    /// since its route was taken. True when this releases the token (it travels on from `now`).
    bool sent(bool tail, std::uint32_t forwarded, Cycle now);

  private:
    TokenRing* ring_;
    unsigned stop_;
    unsigned release_flits_;
    std::deque<std::pair<PortId, VcId>> queue_;  ///< worms waiting for the token
    bool held_ = false;
};

}  // namespace wormcast
