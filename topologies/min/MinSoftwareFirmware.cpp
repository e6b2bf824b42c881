// CMIN / UMIN firmware: halving sends with a delegated sub-chain per message (see
// MinSoftwareFirmware.hpp). Varavithya & Mohapatra §1: one start-up per unicast.
#include "topologies/min/MinSoftwareFirmware.hpp"

#include <memory>

#include <fmt/format.h>

namespace wormcast::min {

MinSoftwareFirmware::MinSoftwareFirmware(MinShape shape, SoftwareMinAlgorithm algorithm)
    : shape_(shape), algorithm_(algorithm) {
    shape_.validate();
    check_algorithm_fits(algorithm_, shape_);
}

std::vector<SendOrder> MinSoftwareFirmware::sends_for(const std::vector<NodeId>& chain,
                                                      std::uint32_t first_step,
                                                      std::uint32_t length) const {
    std::vector<SendOrder> orders;
    for (ChainDelegation& send : halving_sends(chain, first_step)) {
        auto note = std::make_shared<ChainNote>();
        note->step = send.step;
        note->length = length;
        note->chain = std::move(send.delegated);
        SendOrder order;
        order.header = Header::unicast(note->chain.front());
        order.length = length;
        order.level = static_cast<int>(send.step);
        order.note = std::move(note);
        orders.push_back(std::move(order));
    }
    return orders;
}

std::vector<SendOrder> MinSoftwareFirmware::start(const MulticastRequest& request) {
    if (request.length == 0)
        throw ConfigError(
            fmt::format("multicast {}: message length of 0 flits", request.multicast));
    return sends_for(address_ordered_chain(shape_, request.source, request.destinations), 1,
                     request.length);
}

std::vector<SendOrder> MinSoftwareFirmware::received(NodeId self, std::uint32_t multicast,
                                                     const FirmwareNote* note) {
    if (note == nullptr) return {};  // a plain unicast: nothing to forward
    const auto* chain_note = dynamic_cast<const ChainNote*>(note);
    if (chain_note == nullptr)
        throw ModelError(
            fmt::format("{} firmware at node {}: multicast {} arrived with a foreign note",
                        to_string(algorithm_), self, multicast));
    if (chain_note->chain.empty() || chain_note->chain.front() != self)
        throw ModelError(
            fmt::format("{} firmware at node {}: multicast {} delegates a chain headed "
                        "by another node",
                        to_string(algorithm_), self, multicast));
    return sends_for(chain_note->chain, chain_note->step + 1, chain_note->length);
}

}  // namespace wormcast::min
