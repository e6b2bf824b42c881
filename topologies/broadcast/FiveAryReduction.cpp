// Five-way recursive reduction of positions (see FiveAryReduction.hpp).
#include "topologies/broadcast/FiveAryReduction.hpp"

#include <tuple>

#include "systemc/pure/Types.hpp"

namespace wormcast::broadcast {

std::vector<std::vector<ReductionEdge>> five_ary_levels(std::uint32_t positions) {
    if (positions == 0) throw ConfigError("a reduction needs at least one position");
    std::vector<std::vector<ReductionEdge>> levels;
    std::vector<std::uint32_t> active(positions);
    for (std::uint32_t p = 0; p < positions; ++p) active[p] = p;
    while (active.size() > 1) {
        const std::size_t count = active.size();
        std::vector<ReductionEdge> level;
        std::vector<std::uint32_t> collectors;
        for (std::size_t i = 0; i < count; ++i) {
            if (i % 5 == 0) {
                collectors.push_back(active[i]);
                continue;
            }
            const std::size_t left = i - i % 5;
            const std::size_t right = std::min(left + 5, count);  // count: the closing position
            const std::uint32_t right_pos = right < count ? active[right] : positions;
            const auto by_left = std::make_tuple(i - left, active[i] - active[left]);
            const auto by_right = std::make_tuple(right - i, right_pos - active[i]);
            ReductionEdge e;
            e.member = active[i];
            if (by_left <= by_right) {
                e.collector = active[left];
                e.rank = static_cast<unsigned>(i - left);
            } else {
                e.collector = right_pos;
                e.rank = static_cast<unsigned>(right - i);
            }
            e.offset = static_cast<std::int64_t>(e.member) - static_cast<std::int64_t>(e.collector);
            level.push_back(e);
        }
        levels.push_back(std::move(level));
        active = std::move(collectors);
    }
    return levels;
}

unsigned ceil_log(unsigned base, std::uint64_t value) {
    unsigned k = 0;
    for (std::uint64_t power = 1; power < value; power *= base) ++k;
    return k;
}

}  // namespace wormcast::broadcast
