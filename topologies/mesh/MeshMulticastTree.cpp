// The source's decision for one mesh multicast (see MeshMulticastTree.hpp).
// Kesavan & Panda §3.1 (Fig. 4) and §4 (Figs. 8, 12); issue 4, definitions 1-4.
#include "topologies/mesh/MeshMulticastTree.hpp"

#include <algorithm>

#include "topologies/mesh/DimensionOrderedChain.hpp"

namespace wormcast::mesh {

namespace {

LeaderScheme leader_scheme(MeshMulticastAlgorithm algorithm) {
    switch (algorithm) {
        case MeshMulticastAlgorithm::Sqhl:
            return LeaderScheme::Sqhl;
        case MeshMulticastAlgorithm::Schl:
            return LeaderScheme::Schl;
        default:
            return LeaderScheme::Hl;
    }
}

const std::vector<MeshWorm> kNoWorms;

}  // namespace

MeshMulticastTree::MeshMulticastTree(const MeshMulticastConfig& config,
                                     const MulticastRequest& request)
    : algorithm_(config.algorithm), source_(request.source), length_(request.length) {
    const MeshShape& shape = config.shape;
    bool rotate = algorithm_ == MeshMulticastAlgorithm::SpUmesh;
    if (!uses_multidestination_worms(algorithm_)) {
        chain_ = dimension_ordered_chain(shape, source_, request.destinations);
    } else {
        const LeaderHierarchy hierarchy(shape, leader_scheme(algorithm_), source_,
                                        request.destinations);
        const unsigned n = hierarchy.levels();
        chain_ = dimension_ordered_chain(shape, source_, hierarchy.leaders(n));
        rotate = config.leader_phase == LeaderPhase::SpUmesh;
        // Level n first, so that every leader's list runs from level n down to 1.
        for (unsigned level = n; level >= 1; --level)
            for (const LeaderGroup& group : hierarchy.groups(level))
                if (!group.worm.empty()) worms_[group.leader].push_back({level, group.worm});
    }
    if (rotate) chain_ = rotate_to_front(std::move(chain_), source_);
    source_index_ =
        static_cast<std::size_t>(std::find(chain_.begin(), chain_.end(), source_) - chain_.begin());
}

const std::vector<MeshWorm>& MeshMulticastTree::worms_led_by(NodeId node) const {
    const auto found = worms_.find(node);
    return found == worms_.end() ? kNoWorms : found->second;
}

bool MeshMulticastTree::leads_worm_below(NodeId node, unsigned level) const {
    for (const MeshWorm& worm : worms_led_by(node))
        if (worm.level < level) return true;
    return false;
}

}  // namespace wormcast::mesh
