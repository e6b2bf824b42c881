// NIC firmware for the mesh multicast algorithms (see MeshMulticastFirmware.hpp).
// Kesavan & Panda §2-§4; issue 4, definition 5.
#include "topologies/mesh/MeshMulticastFirmware.hpp"

#include <limits>
#include <unordered_set>

#include <fmt/format.h>

namespace wormcast::mesh {

MeshMulticastFirmware::MeshMulticastFirmware(MeshMulticastConfig config)
    : config_(std::move(config)) {
    config_.validate();
}

std::vector<SendOrder> MeshMulticastFirmware::start(const MulticastRequest& request) {
    const std::uint32_t nodes = config_.shape.nodes();
    if (request.source >= nodes)
        throw ConfigError(fmt::format("multicast {}: source {} is outside the {} nodes of {}",
                                      request.multicast, request.source, nodes,
                                      config_.shape.name()));
    std::unordered_set<NodeId> seen;
    for (NodeId destination : request.destinations) {
        if (destination >= nodes)
            throw ConfigError(
                fmt::format("multicast {}: destination {} is outside the {} nodes of {}",
                            request.multicast, destination, nodes, config_.shape.name()));
        if (destination == request.source)
            throw ConfigError(fmt::format("multicast {}: the source {} is also a destination",
                                          request.multicast, config_.shape.format(destination)));
        if (!seen.insert(destination).second)
            throw ConfigError(fmt::format("multicast {}: destination {} is listed twice",
                                          request.multicast, config_.shape.format(destination)));
    }
    auto tree = std::make_shared<const MeshMulticastTree>(config_, request);
    const std::size_t last = tree->chain().size() - 1;
    return chain_holder_sends(tree, tree->source_index(), {0, last});
}

std::vector<SendOrder> MeshMulticastFirmware::received(NodeId self, std::uint32_t multicast,
                                                       const FirmwareNote* note) {
    if (note == nullptr) return {};
    const auto* mesh_note = dynamic_cast<const MeshMulticastNote*>(note);
    if (mesh_note == nullptr || !mesh_note->tree)
        throw ModelError(
            fmt::format("multicast {}: node {} got a note that is not a mesh "
                        "multicast note",
                        multicast, self));
    const auto& tree = mesh_note->tree;
    if (mesh_note->phase == MeshMulticastNote::Phase::Chain) {
        const std::size_t holder = mesh_note->holder;
        if (holder >= tree->chain().size() || tree->chain()[holder] != self ||
            !mesh_note->delegated.contains(holder))
            throw ModelError(fmt::format("multicast {}: chain note for index {} reached node {}",
                                         multicast, holder, self));
        return chain_holder_sends(tree, holder, mesh_note->delegated);
    }
    std::vector<SendOrder> sends;
    append_worms(tree, self, mesh_note->worm_level, sends);
    return sends;
}

std::vector<SendOrder> MeshMulticastFirmware::chain_holder_sends(
    const std::shared_ptr<const MeshMulticastTree>& tree, std::size_t holder,
    ChainRange owned) const {
    std::vector<SendOrder> sends;
    const std::vector<NodeId>& chain = tree->chain();
    for (const UmeshSplit& split : umesh_schedule(holder, owned)) {
        const NodeId receiver = chain[split.receiver];
        SendOrder order;
        order.header = Header::unicast(receiver);
        order.length = tree->length();
        order.level = 0;
        // A receiver that delegates nothing and leads no worm needs no note.
        if (split.delegated.size() > 1 || !tree->worms_led_by(receiver).empty()) {
            auto note = std::make_shared<MeshMulticastNote>();
            note->tree = tree;
            note->phase = MeshMulticastNote::Phase::Chain;
            note->holder = split.receiver;
            note->delegated = split.delegated;
            order.note = std::move(note);
        }
        sends.push_back(std::move(order));
    }
    append_worms(tree, chain[holder], std::numeric_limits<unsigned>::max(), sends);
    return sends;
}

void MeshMulticastFirmware::append_worms(const std::shared_ptr<const MeshMulticastTree>& tree,
                                         NodeId node, unsigned below_level,
                                         std::vector<SendOrder>& sends) const {
    for (const MeshWorm& worm : tree->worms_led_by(node)) {
        if (worm.level >= below_level) continue;
        SendOrder order;
        order.header = Header::dest_list(worm.destinations);
        order.length = tree->length();
        order.level = static_cast<int>(worm.level);
        bool someone_continues = false;
        for (NodeId destination : worm.destinations)
            someone_continues =
                someone_continues || tree->leads_worm_below(destination, worm.level);
        if (someone_continues) {
            auto note = std::make_shared<MeshMulticastNote>();
            note->tree = tree;
            note->phase = MeshMulticastNote::Phase::Worm;
            note->worm_level = worm.level;
            order.note = std::move(note);
        }
        sends.push_back(std::move(order));
    }
}

}  // namespace wormcast::mesh
