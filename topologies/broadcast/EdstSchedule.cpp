// EDST multinode broadcast schedule (see EdstSchedule.hpp).
#include "topologies/broadcast/EdstSchedule.hpp"

#include <algorithm>

#include "topologies/broadcast/EdstTrees.hpp"
#include "topologies/broadcast/ScheduleBuilder.hpp"

namespace wormcast::broadcast {

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
    // Gather: a node with a source in its subtree sends in round 1 + the latest round of its
    // children that send (round 1 when none does).
    std::vector<std::vector<std::uint32_t>> gather_round(4, std::vector<std::uint32_t>(nodes, 0));
    std::vector<std::vector<std::uint32_t>> depths;
    std::uint32_t gather_rounds = 0, height = 0;
    for (std::uint32_t q = 0; q < 4; ++q) {
        const SpanningTree& tree = schedule.trees[q];
        depths.push_back(tree_depths(shape, tree));
        std::vector<NodeId> order(nodes);
        for (NodeId v = 0; v < nodes; ++v) order[v] = v;
        std::sort(order.begin(), order.end(),
                  [&](NodeId a, NodeId b) { return depths[q][a] > depths[q][b]; });
        std::vector<std::uint32_t> below(nodes, 0);  // latest sending child's round
        for (NodeId v : order) {
            height = std::max(height, depths[q][v]);
            if (v == tree.root || (!is_source[v] && below[v] == 0)) continue;
            gather_round[q][v] = below[v] + 1;
            below[tree.parent[v]] = std::max(below[tree.parent[v]], gather_round[q][v]);
            gather_rounds = std::max(gather_rounds, gather_round[q][v]);
        }
    }
    for (std::uint32_t round = 1; round <= gather_rounds; ++round) {
        std::vector<PlannedSend> sends;
        for (std::uint32_t q = 0; q < 4; ++q)
            for (NodeId v = 0; v < nodes; ++v)
                if (gather_round[q][v] == round)
                    sends.push_back({v, schedule.trees[q].parent[v], builder.held(v, q), q, false});
        builder.add_step("edst gather", round, std::move(sends));
    }
    for (std::uint32_t level = 1; level <= height; ++level) {
        std::vector<PlannedSend> sends;
        for (std::uint32_t q = 0; q < 4; ++q)
            for (NodeId v = 0; v < nodes; ++v)
                if (depths[q][v] == level) {
                    const NodeId parent = schedule.trees[q].parent[v];
                    sends.push_back({parent, v, builder.held(parent, q), q, false});
                }
        builder.add_step("edst broadcast", level, std::move(sends));
    }
    return schedule;
}

}  // namespace wormcast::broadcast
