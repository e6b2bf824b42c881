// Output unit: credits, VC ownership, link pipeline (see OutputUnit.hpp).
#include "systemc/OutputUnit.hpp"

#include <fmt/format.h>

namespace wormcast {

OutputUnit::OutputUnit(unsigned vcs, unsigned downstream_depth, unsigned delay)
    : credits_(vcs, CreditCounter(downstream_depth)),
      owners_(vcs),
      pipeline_(ring_size(delay)),
      delay_(delay),
      ring_mask_(ring_size(delay) - 1) {
    if (delay == 0) throw ConfigError("output pipeline delay must be at least 1 cycle");
}

int OutputUnit::free_vc(std::uint32_t mask) const {
    for (unsigned v = 0; v < owners_.size(); ++v)
        if (((mask >> v) & 1U) && owners_[v].free()) return static_cast<int>(v);
    return -1;
}

void OutputUnit::send(const Flit& flit, Cycle now) {
    Slot& slot = pipeline_[(now + delay_ - 1) & ring_mask_];
    if (slot.valid) throw ModelError("output link register written twice in one cycle");
    slot.valid = true;
    slot.flit = flit;
    ++in_flight_;
    if (flit.is_bubble())
        ++stats.bubbles;
    else
        ++stats.flits;
}

bool OutputUnit::due(Cycle now, Flit& flit) {
    if (in_flight_ == 0) return false;
    Slot& slot = pipeline_[now & ring_mask_];
    if (!slot.valid) return false;
    flit = slot.flit;
    slot.valid = false;
    --in_flight_;
    return true;
}

}  // namespace wormcast
