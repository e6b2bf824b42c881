// Credit counter for one output virtual channel (pure C++): credit-based flow control.
// Holds the number of free slots in the downstream buffer; overflow and underflow are model errors.
#pragma once

#include <cstdint>

#include "systemc/pure/Types.hpp"

namespace wormcast {

class CreditCounter {
  public:
    explicit CreditCounter(std::uint32_t depth = 1) : depth_(depth), credits_(depth) {
        if (depth == 0) throw ConfigError("credit counter depth must be at least 1");
    }

    std::uint32_t depth() const { return depth_; }
    std::uint32_t credits() const { return credits_; }
    bool available() const { return credits_ > 0; }
    bool full() const { return credits_ == depth_; }

    /// A flit is sent downstream: one slot is taken.
    void consume() {
        if (credits_ == 0) throw ModelError("flit sent without a credit");
        --credits_;
    }
    /// The downstream buffer freed one slot.
    void release() {
        if (credits_ == depth_) throw ModelError("credit overflow: more credits than buffer slots");
        ++credits_;
    }
    void reset() { credits_ = depth_; }

  private:
    std::uint32_t depth_;
    std::uint32_t credits_;
};

}  // namespace wormcast
