// Switch allocator construction (see SwitchAllocator.hpp).
#include "systemc/SwitchAllocator.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace wormcast {

SwitchAllocator::SwitchAllocator(PortId inputs, PortId outputs, unsigned vcs, bool wide,
                                 bool shortcut)
    : narrow_(!wide && inputs <= 64 && outputs <= 64),
      shortcut_(shortcut),
      multi_arbiter_(std::clamp<unsigned>(inputs, 1, PortSet::kCapacity)),
      chosen_vc_(inputs, RoundRobinArbiter::kNone),
      narrow_sets_(narrow_ ? inputs : 0, narrow_ ? outputs : 0),
      wide_sets_(narrow_ ? 0 : inputs, narrow_ ? 0 : outputs) {
    if (inputs > PortSet::kCapacity || outputs > PortSet::kCapacity)
        throw ConfigError(
            fmt::format("switch allocator supports at most {} ports per side", PortSet::kCapacity));
    input_arbiters_.reserve(inputs);
    for (PortId p = 0; p < inputs; ++p) input_arbiters_.emplace_back(vcs);
    output_arbiters_.reserve(outputs);
    for (PortId q = 0; q < outputs; ++q) output_arbiters_.emplace_back(inputs);
}

}  // namespace wormcast
