// The recursive five-way grouping behind every diagonal pattern of Chen & Chen (pure C++): data
// aggregation (§3.1.1, Fig. 2), the prefix-sum stages (§3.1.2.1, Figs. 4-6), alignment and the
// dilated-diagonal broadcast (§3.2), generalised to any number of positions.
#pragma once

#include <cstdint>
#include <vector>

namespace wormcast::broadcast {

/// One member joining its collector at one level of the reduction.
struct ReductionEdge {
    std::uint32_t member = 0;
    /// The collector's position; `positions` stands for the next window's position 0 (on a
    /// cycle of `positions` that is position 0 itself).
    std::uint32_t collector = 0;
    std::int64_t offset = 0;  ///< member - collector (not reduced): where the member lies
    unsigned rank = 1;        ///< 1: a nearest member of its collector, 2: a second-nearest
};

/// Levels of the reduction of positions 0..positions-1 onto position 0, first level first.
/// Each level keeps every fifth still-active position as a collector (ranks 0, 5, 10, ... among
/// the active ones, with `positions` as a collector after the last), and every other active
/// position joins the collector nearest in rank (then in distance, then the lower one), so a
/// collector has at most one member at rank 1 and one at rank 2 on each side. With positions =
/// c * 5^k (c <= 4) this is the paper's pattern: members at +-g and +-2g, g = 5^(level-1).
/// ceil(log5 positions) levels; none for one position.
std::vector<std::vector<ReductionEdge>> five_ary_levels(std::uint32_t positions);

/// ceil(log_base(value)) for value >= 1 (0 for value 1).
unsigned ceil_log(unsigned base, std::uint64_t value);

}  // namespace wormcast::broadcast
