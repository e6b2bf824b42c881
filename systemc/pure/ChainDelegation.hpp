// Unicast-based multicast over an ordered chain of nodes (pure C++): a holder owning a range of the
// chain repeatedly sends one unicast to a node of the range and delegates part of the range to it,
// until it owns only itself. Every family's software multicast is this loop with its own split
// rule (Kesavan & Panda's Umesh §2.2.1, the binomial CMIN/UMIN of Varavithya & Mohapatra §5.1).
#pragma once

#include <cstddef>
#include <functional>
#include <vector>

namespace wormcast {

/// Inclusive range [lo, hi] of chain indices.
struct ChainRange {
    std::size_t lo = 0;
    std::size_t hi = 0;

    std::size_t size() const { return hi - lo + 1; }
    bool contains(std::size_t index) const { return lo <= index && index <= hi; }
    bool operator==(const ChainRange& other) const { return lo == other.lo && hi == other.hi; }
    bool operator!=(const ChainRange& other) const { return !(*this == other); }
};

/// One send of a holder: the receiver (a chain index), the range it becomes responsible for, and
/// the range the holder keeps.
struct ChainSplit {
    std::size_t receiver = 0;
    ChainRange delegated;
    ChainRange kept;
};

/// A split rule: what the holder at `holder` does with the range it owns (size > 1, containing
/// the holder). The kept range must contain the holder and be smaller than `owned`.
using ChainSplitRule = std::function<ChainSplit(std::size_t holder, ChainRange owned)>;

/// The holder's sends in order: the rule applied until the holder keeps only itself. Throws
/// ModelError if the rule breaks its contract (which would loop or lose nodes).
std::vector<ChainSplit> chain_schedule(std::size_t holder, ChainRange owned,
                                       const ChainSplitRule& rule);

/// The holder at `owned.lo` keeps the first ceil(m/2) nodes and delegates the other floor(m/2) to
/// the first of them (binomial halving).
ChainSplit keep_larger_half(std::size_t holder, ChainRange owned);

}  // namespace wormcast
