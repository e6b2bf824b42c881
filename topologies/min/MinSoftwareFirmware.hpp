// NIC firmware of the CMIN / UMIN software multicasts (pure C++): the source and every receiver
// split their chain and re-send unicasts. Varavithya & Mohapatra §1, §5.1 (refs [15], [16]).
#pragma once

#include "systemc/pure/ChainHalving.hpp"
#include "topologies/min/SoftwareMinMulticast.hpp"

namespace wormcast::min {

/// The shared halving firmware (systemc/pure/ChainHalving.hpp) on the address-ordered chain:
/// start() returns the source's halving sends (steps 1..), received() continues on the sub-chain
/// a ChainNote delegates. Every send is a unicast header carrying a ChainNote; SendOrder::level is
/// the step.
class MinSoftwareFirmware : public ChainHalvingFirmware {
  public:
    /// Throws ConfigError if the algorithm does not fit the network kind.
    MinSoftwareFirmware(MinShape shape, SoftwareMinAlgorithm algorithm);
};

}  // namespace wormcast::min
