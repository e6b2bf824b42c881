// NIC firmware of the CMIN / UMIN software multicasts (pure C++): the source and every receiver
// split their chain and re-send unicasts. Varavithya & Mohapatra §1, §5.1 (refs [15], [16]).
#pragma once

#include <vector>

#include "systemc/pure/Firmware.hpp"
#include "topologies/min/ChainNote.hpp"
#include "topologies/min/SoftwareMinMulticast.hpp"

namespace wormcast::min {

/// start(): builds the address-ordered chain and returns the source's halving sends (steps 1..).
/// received(): a receiver runs the same halving on the sub-chain its ChainNote delegates.
/// Every send is a unicast header carrying a ChainNote; SendOrder::level is the step.
class MinSoftwareFirmware : public Firmware {
  public:
    /// Throws ConfigError if the algorithm does not fit the network kind.
    MinSoftwareFirmware(MinShape shape, SoftwareMinAlgorithm algorithm);

    std::vector<SendOrder> start(const MulticastRequest& request) override;
    std::vector<SendOrder> received(NodeId self, std::uint32_t multicast,
                                    const FirmwareNote* note) override;

  private:
    std::vector<SendOrder> sends_for(const std::vector<NodeId>& chain, std::uint32_t first_step,
                                     std::uint32_t length) const;

    MinShape shape_;
    SoftwareMinAlgorithm algorithm_;
};

}  // namespace wormcast::min
