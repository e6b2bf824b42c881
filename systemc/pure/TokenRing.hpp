// Token ring shared by the switches of one ATBM group (Varavithya & Mohapatra §4; DESIGN.md §4.3):
// a switch about to perform a tree operation waits for the token, holds it, and releases it after
// B·(n−k) flits. Pure C++ and evaluated lazily, so an idle ring costs nothing; decisions depend
// only on requests made in earlier cycles, so the order in which switches ask does not matter.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "systemc/pure/Types.hpp"

namespace wormcast {

enum class TokenModel {
    Ring,     ///< the token circulates, one stop per `pass_cycles`
    Average,  ///< the paper's simulation assumption: a fixed wait of pass·g/2 (0 when g = 1)
};

struct TokenRingStats {
    std::uint64_t grants = 0;
    std::uint64_t wait_cycles = 0;
};

class TokenRing {
  public:
    TokenRing(unsigned stops, unsigned pass_cycles, TokenModel model);

    unsigned stops() const { return static_cast<unsigned>(pending_.size()); }
    unsigned pass_cycles() const { return pass_; }
    TokenModel model() const { return model_; }
    /// Stop `stop` wants the token from cycle `now` on (idempotent while it waits).
    void request(unsigned stop, Cycle now);
    /// True once the token is held by `stop` (grants take effect at the cycle the token arrives).
    bool held_by(unsigned stop, Cycle now);
    /// The holder gives the token back in cycle `now`; it travels on to the next stop.
    void release(unsigned stop, Cycle now);
    /// Cycles a request made at cycle `now` waits under the average model.
    unsigned average_wait() const;
    const TokenRingStats& stats(unsigned stop) const { return stats_[stop]; }
    std::optional<unsigned> holder() const { return holder_; }

  private:
    void advance(Cycle now);

    unsigned pass_;
    TokenModel model_;
    std::vector<std::optional<Cycle>> pending_;  ///< per stop: cycle its request was made
    std::vector<TokenRingStats> stats_;
    std::optional<unsigned> holder_;
    // Ring model: the token left stop `from_` at `since_` and moves one stop per pass_ cycles.
    unsigned from_ = 0;
    Cycle since_ = 0;
    // Average model: the earliest cycle the next grant may happen (after the last release).
    Cycle free_at_ = 0;
};

}  // namespace wormcast
