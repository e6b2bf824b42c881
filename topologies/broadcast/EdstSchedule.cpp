// EDST multinode broadcast schedule (see EdstSchedule.hpp).
#include "topologies/broadcast/EdstSchedule.hpp"

#include <algorithm>

#include "topologies/broadcast/EdstTrees.hpp"
#include "topologies/broadcast/ScheduleBuilder.hpp"

namespace wormcast::broadcast {

namespace {

/// The gather round of every node of `tree` (0: it does not send): a node with a source in its
/// subtree sends in round 1 + the latest round of its children that send, round 1 when none does.
std::vector<std::uint32_t> gather_rounds(const SpanningTree& tree,
                                         const std::vector<std::uint32_t>& depth,
                                         const std::vector<bool>& is_source) {
    const auto nodes = static_cast<std::uint32_t>(tree.parent.size());
    std::vector<NodeId> deepest_first(nodes);
    for (NodeId v = 0; v < nodes; ++v) deepest_first[v] = v;
    std::sort(deepest_first.begin(), deepest_first.end(),
              [&](NodeId a, NodeId b) { return depth[a] > depth[b]; });
    std::vector<std::uint32_t> round(nodes, 0), latest_child(nodes, 0);
    for (NodeId v : deepest_first) {
        if (v == tree.root || (!is_source[v] && latest_child[v] == 0)) continue;
        round[v] = latest_child[v] + 1;
        latest_child[tree.parent[v]] = std::max(latest_child[tree.parent[v]], round[v]);
    }
    return round;
}

}  // namespace

BroadcastSchedule build_edst(const BroadcastConfig& config) {
    BroadcastConfig edst = config;
    edst.scheme = BroadcastScheme::Edst;
    edst.validate();
    const mesh::MeshShape& shape = edst.shape;
    const std::uint32_t nodes = shape.nodes();
    BroadcastSchedule schedule;
    schedule.shape = shape;
    schedule.scheme = BroadcastScheme::Edst;
    schedule.sources = edst.sources;
    schedule.message_flits = edst.message_flits;
    schedule.part_flits.clear();
    for (std::uint32_t q = 0; q < 4; ++q)
        schedule.part_flits.push_back(edst.message_flits / 4 + (q < edst.message_flits % 4));
    schedule.trees = edst_trees(shape);
    ScheduleBuilder builder(schedule);

    std::vector<bool> is_source(nodes, false);
    for (NodeId s : edst.sources) is_source[s] = true;
    std::vector<std::vector<std::uint32_t>> depth, gather;
    std::uint32_t gather_end = 0, height = 0;
    for (const SpanningTree& tree : schedule.trees) {
        depth.push_back(tree_depths(shape, tree));
        gather.push_back(gather_rounds(tree, depth.back(), is_source));
        height = std::max(height, *std::max_element(depth.back().begin(), depth.back().end()));
        gather_end =
            std::max(gather_end, *std::max_element(gather.back().begin(), gather.back().end()));
    }
    // All four trees gather at once (their reversed channels are disjoint too), then broadcast.
    for (std::uint32_t round = 1; round <= gather_end; ++round) {
        std::vector<PlannedSend> sends;
        for (std::uint32_t q = 0; q < 4; ++q)
            for (NodeId v = 0; v < nodes; ++v)
                if (gather[q][v] == round)
                    sends.push_back({v, schedule.trees[q].parent[v], builder.held(v, q), q, false});
        builder.add_step("edst gather", round, std::move(sends));
    }
    for (std::uint32_t level = 1; level <= height; ++level) {
        std::vector<PlannedSend> sends;
        for (std::uint32_t q = 0; q < 4; ++q)
            for (NodeId v = 0; v < nodes; ++v)
                if (depth[q][v] == level) {
                    const NodeId parent = schedule.trees[q].parent[v];
                    sends.push_back({parent, v, builder.held(parent, q), q, false});
                }
        builder.add_step("edst broadcast", level, std::move(sends));
    }
    return schedule;
}

}  // namespace wormcast::broadcast
