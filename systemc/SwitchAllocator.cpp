// Switch allocator construction (see SwitchAllocator.hpp).
#include "systemc/SwitchAllocator.hpp"

namespace wormcast {

SwitchAllocator::SwitchAllocator(PortId inputs, PortId outputs, unsigned vcs)
    : chosen_vc_(inputs, RoundRobinArbiter::kNone),
      chosen_outputs_(inputs, 0),
      output_requests_(outputs, 0) {
    if (inputs > 64 || outputs > 64)
        throw ConfigError("switch allocator supports at most 64 ports");
    input_arbiters_.reserve(inputs);
    for (PortId p = 0; p < inputs; ++p) input_arbiters_.emplace_back(vcs);
    output_arbiters_.reserve(outputs);
    for (PortId q = 0; q < outputs; ++q) output_arbiters_.emplace_back(inputs);
}

}  // namespace wormcast
