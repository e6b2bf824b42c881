// One router's figures over a run (Network::router_counts): what the results JSON lists per
// router and a heat map can colour it by.
#pragma once

#include <cstdint>
#include <optional>

#include "systemc/pure/TokenRing.hpp"

namespace wormcast {

struct RouterCounts {
    std::uint64_t flits = 0;          ///< flits sent on its outputs (bubbles excluded)
    std::uint64_t bubbles = 0;        ///< bubble flits sent
    std::uint64_t heads = 0;          ///< of the flits sent, worms' heads
    TokenRingStats tokens;            ///< its ATBM token stop's grants and waits (none: no ring)
    std::uint64_t active_cycles = 0;  ///< cycles it was evaluated
    /// Cycles in which a routed worm could not advance (RouterModule::blocked_cycles); none for a
    /// module that does not count them (a verilated RTL router).
    std::optional<std::uint64_t> blocked_cycles;
};

}  // namespace wormcast
