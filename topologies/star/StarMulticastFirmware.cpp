// NIC firmware for the star multicast schemes (see StarMulticastFirmware.hpp).
#include "topologies/star/StarMulticastFirmware.hpp"

#include <unordered_set>

#include <fmt/format.h>

namespace wormcast::star {

StarMulticastFirmware::StarMulticastFirmware(StarShape shape, StarScheme scheme)
    : shape_(std::move(shape)), scheme_(scheme) {}

std::vector<SendOrder> StarMulticastFirmware::start(const MulticastRequest& request) {
    const std::uint32_t nodes = shape_.nodes();
    if (request.source >= nodes)
        throw ConfigError(fmt::format("multicast {}: source {} is outside the {} nodes of the {}",
                                      request.multicast, request.source, nodes, shape_.name()));
    std::unordered_set<NodeId> seen;
    for (NodeId destination : request.destinations) {
        if (destination >= nodes)
            throw ConfigError(
                fmt::format("multicast {}: destination {} is outside the {} nodes of the {}",
                            request.multicast, destination, nodes, shape_.name()));
        if (destination == request.source)
            throw ConfigError(fmt::format("multicast {}: the source {} is also a destination",
                                          request.multicast, shape_.format(destination)));
        if (!seen.insert(destination).second)
            throw ConfigError(fmt::format("multicast {}: destination {} is listed twice",
                                          request.multicast, shape_.format(destination)));
    }
    auto plan = std::make_shared<const StarPlan>(
        plan_star_multicast(shape_, scheme_, request.source, request.destinations));
    return sends_of(plan, request.source, request.length);
}

std::vector<SendOrder> StarMulticastFirmware::received(NodeId self, std::uint32_t multicast,
                                                       const FirmwareNote* note) {
    if (note == nullptr) return {};
    const auto* star_note = dynamic_cast<const StarMulticastNote*>(note);
    if (star_note == nullptr || !star_note->plan)
        throw ModelError(fmt::format(
            "multicast {}: node {} got a note that is not a star multicast note", multicast, self));
    // The NIC keeps the note alive while it calls us; the orders share the plan.
    return sends_of(star_note->plan, self, star_note->length);
}

std::vector<SendOrder> StarMulticastFirmware::sends_of(const std::shared_ptr<const StarPlan>& plan,
                                                       NodeId node, std::uint32_t length) const {
    std::vector<SendOrder> sends;
    std::unordered_set<NodeId> senders;
    for (const StarWorm& worm : plan->worms) senders.insert(worm.from);
    for (std::size_t w : plan->worms_from(node)) {
        const StarWorm& worm = plan->worms[w];
        SendOrder order;
        order.header = plan->scheme == StarScheme::Unicast ? Header::unicast(worm.dests.front())
                                                           : Header::dest_list(worm.dests);
        order.length = length;
        order.level = static_cast<int>(worm.phase);
        bool someone_sends = false;
        for (NodeId d : worm.dests) someone_sends = someone_sends || senders.count(d) > 0;
        if (someone_sends) {
            auto note = std::make_shared<StarMulticastNote>();
            note->plan = plan;
            note->length = length;
            order.note = std::move(note);
        }
        sends.push_back(std::move(order));
    }
    return sends;
}

}  // namespace wormcast::star
