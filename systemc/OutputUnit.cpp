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

void OutputUnit::written_twice() {
    throw ModelError("output link register written twice in one cycle");
}

}  // namespace wormcast
