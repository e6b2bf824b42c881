// Leader sets and worms of HL, SQHL and SCHL (see LeaderHierarchy.hpp).
// Kesavan & Panda §2.2.2, §4.1.1 (Fig. 8), §4.2.1 (Fig. 12); issue 4, definition 4.
#include "topologies/mesh/LeaderHierarchy.hpp"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "topologies/mesh/DimensionOrderedChain.hpp"

namespace wormcast::mesh {

namespace {

enum class LeaderEnd { Lowest, Highest };

/// A group of `line` (sorted by ascending coordinate r) from index first to last, led by one end.
LeaderGroup make_group(unsigned dimension, const std::vector<NodeId>& line, std::size_t first,
                       std::size_t last, LeaderEnd end, NodeId source) {
    LeaderGroup group;
    group.dimension = dimension;
    group.members.assign(line.begin() + static_cast<std::ptrdiff_t>(first),
                         line.begin() + static_cast<std::ptrdiff_t>(last) + 1);
    group.leader = end == LeaderEnd::Lowest ? group.members.front() : group.members.back();
    std::vector<NodeId> visiting = group.members;
    if (end == LeaderEnd::Highest) std::reverse(visiting.begin(), visiting.end());
    for (NodeId member : visiting)
        if (member != group.leader && member != source) group.worm.push_back(member);
    return group;
}

}  // namespace

LeaderHierarchy::LeaderHierarchy(const MeshShape& shape, LeaderScheme scheme, NodeId source,
                                 const std::vector<NodeId>& destinations)
    : scheme_(scheme), source_(source) {
    const Coord source_coord = shape.coord(source);
    leaders_.push_back(dimension_ordered_chain(shape, source, destinations));
    for (unsigned r = 0; r < shape.dimensions(); ++r) {
        // Lines along dimension r: nodes equal in every coordinate except r.
        std::map<Coord, std::vector<NodeId>> lines;
        for (NodeId node : leaders_.back()) {
            Coord key = shape.coord(node);
            key[r] = 0;
            lines[key].push_back(node);
        }
        std::vector<LeaderGroup> level_groups;
        for (auto& entry : lines) {
            std::vector<NodeId>& line = entry.second;
            std::sort(line.begin(), line.end(),
                      [&](NodeId a, NodeId b) { return shape.coord(a)[r] < shape.coord(b)[r]; });
            const std::size_t last = line.size() - 1;
            const std::uint32_t s_r = source_coord[r];
            switch (scheme) {
                case LeaderScheme::Hl:
                    level_groups.push_back(make_group(r, line, 0, last, LeaderEnd::Lowest, source));
                    break;
                case LeaderScheme::Sqhl: {
                    // Fig. 8 in 0-based coordinates: the source's half of dimension r.
                    const bool low_half = s_r + 1 <= shape.radix[r] / 2;
                    level_groups.push_back(
                        make_group(r, line, 0, last,
                                   low_half ? LeaderEnd::Lowest : LeaderEnd::Highest, source));
                    break;
                }
                case LeaderScheme::Schl: {
                    // Fig. 12: g1 = {t_r <= s_r} led by its highest, g2 = {t_r > s_r} by its
                    // lowest.
                    std::size_t g1_size = 0;
                    while (g1_size < line.size() && shape.coord(line[g1_size])[r] <= s_r) ++g1_size;
                    if (g1_size > 0)
                        level_groups.push_back(
                            make_group(r, line, 0, g1_size - 1, LeaderEnd::Highest, source));
                    if (g1_size < line.size())
                        level_groups.push_back(
                            make_group(r, line, g1_size, last, LeaderEnd::Lowest, source));
                    break;
                }
            }
        }
        std::vector<NodeId> next_leaders;
        for (const LeaderGroup& group : level_groups) next_leaders.push_back(group.leader);
        leaders_.push_back(sort_in_dimension_order(shape, std::move(next_leaders)));
        groups_.push_back(std::move(level_groups));
    }
}

const std::vector<NodeId>& LeaderHierarchy::leaders(unsigned level) const {
    if (level >= leaders_.size())
        throw ModelError(
            fmt::format("leader hierarchy: level {} is not in 0..{}", level, levels()));
    return leaders_[level];
}

const std::vector<LeaderGroup>& LeaderHierarchy::groups(unsigned level) const {
    if (level < 1 || level > groups_.size())
        throw ModelError(
            fmt::format("leader hierarchy: level {} is not in 1..{}", level, levels()));
    return groups_[level - 1];
}

}  // namespace wormcast::mesh
