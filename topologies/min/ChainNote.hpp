// The note a CMIN/UMIN unicast carries to its receiver (pure C++): the sub-chain the receiver is
// now responsible for. Varavithya & Mohapatra §1 (software multicast, refs [15], [16]).
#pragma once

#include <cstdint>
#include <vector>

#include "systemc/pure/Firmware.hpp"

namespace wormcast::min {

struct ChainNote : FirmwareNote {
    /// The receiver first, then the nodes it must still reach.
    std::vector<NodeId> chain;
    /// Step of the message carrying this note; the receiver's first send is at step + 1.
    std::uint32_t step = 0;
    /// Payload flits of every message of the multicast.
    std::uint32_t length = 1;
};

}  // namespace wormcast::min
