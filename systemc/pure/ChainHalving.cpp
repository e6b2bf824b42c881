// Recursive-halving software multicast: schedule and firmware (see ChainHalving.hpp).
// One start-up per unicast; each receiver continues on the sub-chain delegated to it.
#include "systemc/pure/ChainHalving.hpp"

#include <algorithm>
#include <deque>
#include <map>
#include <memory>
#include <set>
#include <tuple>

#include <fmt/format.h>

#include "systemc/pure/ChainDelegation.hpp"

namespace wormcast {

std::vector<ChainDelegation> halving_sends(const std::vector<NodeId>& chain,
                                           std::uint32_t first_step) {
    std::vector<ChainDelegation> sends;
    if (chain.empty()) return sends;
    std::uint32_t step = first_step;
    for (const ChainSplit& split :
         chain_schedule(0, ChainRange{0, chain.size() - 1}, keep_larger_half))
        sends.push_back(ChainDelegation{
            step++, std::vector<NodeId>(
                        chain.begin() + static_cast<std::ptrdiff_t>(split.delegated.lo),
                        chain.begin() + static_cast<std::ptrdiff_t>(split.delegated.hi) + 1)});
    return sends;
}

std::vector<ChainSend> halving_schedule(const std::vector<NodeId>& chain) {
    // Holders in the order they become informed; each runs the same split rule on its sub-chain.
    struct Holder {
        std::vector<NodeId> chain;
        std::uint32_t first_step;
    };
    std::vector<ChainSend> sends;
    if (chain.empty()) return sends;
    std::deque<Holder> holders{Holder{chain, 1}};
    std::map<NodeId, std::size_t> position;
    for (std::size_t i = 0; i < chain.size(); ++i) position[chain[i]] = i;
    while (!holders.empty()) {
        const Holder holder = std::move(holders.front());
        holders.pop_front();
        for (ChainDelegation& send : halving_sends(holder.chain, holder.first_step)) {
            sends.push_back(ChainSend{send.step, holder.chain.front(), send.delegated.front()});
            holders.push_back(Holder{std::move(send.delegated), send.step + 1});
        }
    }
    std::sort(sends.begin(), sends.end(), [&](const ChainSend& a, const ChainSend& b) {
        return std::make_tuple(a.step, position[a.from]) <
               std::make_tuple(b.step, position[b.from]);
    });
    return sends;
}

ChainHalvingFirmware::ChainHalvingFirmware(std::string name, ChainOrder order)
    : name_(std::move(name)), order_(std::move(order)) {
    if (!order_) throw ConfigError(fmt::format("{} firmware: no chain order given", name_));
}

std::vector<SendOrder> ChainHalvingFirmware::sends_for(const std::vector<NodeId>& chain,
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

std::vector<SendOrder> ChainHalvingFirmware::start(const MulticastRequest& request) {
    if (request.length == 0)
        throw ConfigError(
            fmt::format("multicast {}: message length of 0 flits", request.multicast));
    const std::vector<NodeId> chain = order_(request);
    const std::multiset<NodeId> wanted(request.destinations.begin(), request.destinations.end());
    if (chain.empty() || chain.front() != request.source ||
        std::multiset<NodeId>(chain.begin() + 1, chain.end()) != wanted)
        throw ConfigError(fmt::format(
            "{} firmware: multicast {}: the chain does not start at the source {} and hold "
            "each destination once",
            name_, request.multicast, request.source));
    return sends_for(chain, 1, request.length);
}

std::vector<SendOrder> ChainHalvingFirmware::received(NodeId self, std::uint32_t multicast,
                                                      const FirmwareNote* note) {
    if (note == nullptr) return {};  // a plain unicast: nothing to forward
    const auto* chain_note = dynamic_cast<const ChainNote*>(note);
    if (chain_note == nullptr)
        throw ModelError(
            fmt::format("{} firmware at node {}: multicast {} arrived with a foreign note", name_,
                        self, multicast));
    if (chain_note->chain.empty() || chain_note->chain.front() != self)
        throw ModelError(
            fmt::format("{} firmware at node {}: multicast {} delegates a chain headed "
                        "by another node",
                        name_, self, multicast));
    return sends_for(chain_note->chain, chain_note->step + 1, chain_note->length);
}

}  // namespace wormcast
