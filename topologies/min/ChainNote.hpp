// The note a CMIN/UMIN unicast carries to its receiver (pure C++): the sub-chain the receiver is
// now responsible for. Varavithya & Mohapatra §1 (software multicast, refs [15], [16]).
#pragma once

#include <cstdint>
#include <vector>

#include "systemc/pure/Firmware.hpp"

namespace wormcast::min {

struct ChainNote : FirmwareNote {
    std::vector<NodeId> chain;  ///< receiver first, then the nodes it must still reach
    std::uint32_t step = 0;     ///< step of the message carrying this note (receiver goes on at step+1)
    std::uint32_t length = 1;   ///< payload flits of every message of the multicast
};

}  // namespace wormcast::min
