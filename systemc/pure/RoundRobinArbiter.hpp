// Round-robin arbiter over up to PortSet::kCapacity requesters (pure C++), as used by the switch
// allocator. pick() returns the first requester at or after the rotating priority pointer; the
// grant moves it.
#pragma once

#include <cstdint>

#include "systemc/pure/PortSet.hpp"
#include "systemc/pure/Types.hpp"

namespace wormcast {

class RoundRobinArbiter {
  public:
    static constexpr int kNone = -1;
    static constexpr unsigned kMaxRequesters = PortSet::kCapacity;

    explicit RoundRobinArbiter(unsigned requesters = 1) : size_(requesters) {
        if (requesters == 0 || requesters > kMaxRequesters)
            throw ConfigError("round-robin arbiter needs 1..256 requesters");
    }

    unsigned size() const { return size_; }
    unsigned priority() const { return next_; }

    /// The requester that would be granted for this request mask (requesters 0..63), without
    /// updating state.
    int pick(std::uint64_t requests) const {
        if (size_ > 64) return pick(PortSet::from_word(requests));
        if (size_ < 64) requests &= (std::uint64_t{1} << size_) - 1;
        if (requests == 0) return kNone;
        // Rotate so the priority holder sits at bit 0, find the lowest set bit, rotate back.
        const std::uint64_t rotated =
            next_ == 0 ? requests : ((requests >> next_) | (requests << (size_ - next_)));
        const std::uint64_t mask = size_ < 64 ? (std::uint64_t{1} << size_) - 1 : ~std::uint64_t{0};
        const unsigned at = static_cast<unsigned>(__builtin_ctzll(rotated & mask)) + next_;
        return static_cast<int>(at >= size_ ? at - size_ : at);  // both below size_: no division
    }

    /// The same for any number of requesters: the first member at or after the priority pointer,
    /// wrapping round below size().
    int pick(const PortSet& requests) const {
        const unsigned at_or_after = requests.first_from(next_);
        if (at_or_after < size_) return static_cast<int>(at_or_after);
        const unsigned wrapped = requests.first();
        return wrapped < next_ ? static_cast<int>(wrapped) : kNone;
    }

    /// Record a grant: the granted requester gets lowest priority next time.
    void grant(int winner) {
        if (winner < 0 || static_cast<unsigned>(winner) >= size_)
            throw ModelError("arbiter grant to a requester that does not exist");
        const unsigned after = static_cast<unsigned>(winner) + 1;
        next_ = after == size_ ? 0 : after;
    }

    /// pick() and grant() in one step.
    int arbitrate(std::uint64_t requests) {
        const int winner = pick(requests);
        if (winner != kNone) grant(winner);
        return winner;
    }
    int arbitrate(const PortSet& requests) {
        const int winner = pick(requests);
        if (winner != kNone) grant(winner);
        return winner;
    }

    void reset() { next_ = 0; }

  private:
    unsigned size_;
    unsigned next_ = 0;
};

}  // namespace wormcast
