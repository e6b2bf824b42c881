// Leader sets L_0 ... L_n and the multidestination worms of HL, SQHL and SCHL (pure C++).
// Kesavan & Panda §2.2.2 (HL, after Panda et al.), §4.1 Fig. 8 (SQHL), §4.2 Fig. 12 (SCHL).
#pragma once

#include <vector>

#include "systemc/pure/Types.hpp"
#include "topologies/mesh/MeshShape.hpp"

namespace wormcast::mesh {

enum class LeaderScheme { Hl, Sqhl, Schl };

/// One group of a level: nodes on one line along dimension `dimension`, covered by one worm.
struct LeaderGroup {
    unsigned dimension = 0;       ///< r: members differ only in coordinate r
    NodeId leader = kNoNode;      ///< member that sends the worm; it joins L_{r+1}
    std::vector<NodeId> members;  ///< every member, leader included, by ascending coordinate r
    std::vector<NodeId> worm;     ///< the level-(r+1) worm: members other than the leader and
                                  ///< the source, in visiting order from the leader (may be empty)
};

/// The leader hierarchy of one multicast. L_0 = destinations ∪ {source}. For r = 0 ... n-1,
/// L_r is split into lines along dimension r; each line gives one group (HL: led by its lowest
/// node; SQHL: lowest if s_r <= floor(k_r/2)-1, else highest) or up to two (SCHL: {t_r <= s_r}
/// led by its highest node, {t_r > s_r} led by its lowest). L_{r+1} is the set of leaders.
class LeaderHierarchy {
  public:
    LeaderHierarchy(const MeshShape& shape, LeaderScheme scheme, NodeId source,
                    const std::vector<NodeId>& destinations);

    /// n, the number of grouping levels (one per dimension).
    unsigned levels() const { return static_cast<unsigned>(groups_.size()); }
    /// L_level for level 0 ... n, in dimension order.
    const std::vector<NodeId>& leaders(unsigned level) const;
    /// Groups formed at `level` (1 ... n) out of L_{level-1}; their worms are level-`level` worms.
    const std::vector<LeaderGroup>& groups(unsigned level) const;
    NodeId source() const { return source_; }
    LeaderScheme scheme() const { return scheme_; }

  private:
    LeaderScheme scheme_;
    NodeId source_;
    std::vector<std::vector<NodeId>> leaders_;      ///< [0 ... n]
    std::vector<std::vector<LeaderGroup>> groups_;  ///< [0 ... n-1] holds levels 1 ... n
};

}  // namespace wormcast::mesh
