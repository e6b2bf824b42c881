// Unicast-based (software) multicast by recursive halving of a destination chain (pure C++): the
// binomial scheme, ceil(log2(d+1)) start-up phases (McKinley et al., ref. [10] of Libeskind-Hadas
// et al.).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "systemc/pure/Firmware.hpp"

namespace wormcast {

/// One unicast of a holder: at `step` it sends to delegated.front(), which becomes responsible
/// for the rest of `delegated`.
struct ChainDelegation {
    std::uint32_t step = 0;
    std::vector<NodeId> delegated;
};

/// Recursive halving by the holder chain.front() of `chain`, its first send at `first_step`:
/// while it owns m > 1 nodes it keeps the first ceil(m/2) and sends to the first node of the
/// remaining floor(m/2), delegating them. ceil(log2 m) sends.
std::vector<ChainDelegation> halving_sends(const std::vector<NodeId>& chain,
                                           std::uint32_t first_step);

/// One unicast of a whole halving multicast.
struct ChainSend {
    std::uint32_t step = 0;  ///< 1 = the source's first send
    NodeId from = kNoNode;
    NodeId to = kNoNode;
};

/// Every unicast of the multicast on `chain` (source first), obtained by running halving_sends at
/// the source and at every receiver on its delegated sub-chain (what the firmware does message by
/// message); sorted by step, then by the sender's position in the chain.
std::vector<ChainSend> halving_schedule(const std::vector<NodeId>& chain);

/// The note a halving unicast carries to its receiver: the sub-chain it is now responsible for.
struct ChainNote : FirmwareNote {
    /// The receiver first, then the nodes it must still reach.
    std::vector<NodeId> chain;
    /// Step of the message carrying this note; the receiver's first send is at step + 1.
    std::uint32_t step = 0;
    /// Payload flits of every message of the multicast.
    std::uint32_t length = 1;
};

/// NIC firmware of a halving multicast: start() orders the chain (a topology's choice: source
/// first, then every destination once) and returns the source's halving sends (steps 1..);
/// received() runs the same halving on the sub-chain the ChainNote delegates. Every send is a
/// unicast header carrying a ChainNote; SendOrder::level is the step.
class ChainHalvingFirmware : public Firmware {
  public:
    /// The chain of a request: request.source first, then each destination once.
    using ChainOrder = std::function<std::vector<NodeId>(const MulticastRequest&)>;

    /// `name` prefixes error messages (e.g. "cmin", "binomial").
    ChainHalvingFirmware(std::string name, ChainOrder order);

    /// Throws ConfigError for a zero-length message or a chain that does not start at the source
    /// or does not hold every destination exactly once.
    std::vector<SendOrder> start(const MulticastRequest& request) override;
    /// A null note means nothing to do. Throws ModelError for a foreign note or one whose chain
    /// is not headed by `self`.
    std::vector<SendOrder> received(NodeId self, std::uint32_t multicast,
                                    const FirmwareNote* note) override;

  private:
    std::vector<SendOrder> sends_for(const std::vector<NodeId>& chain, std::uint32_t first_step,
                                     std::uint32_t length) const;

    std::string name_;
    ChainOrder order_;
};

}  // namespace wormcast
