// Network builder for multistage networks (Varavithya & Mohapatra §2): one switch per (row, stage)
// of a UNI-MIN or BI-MIN, links from the wiring, a node's NIC on its entry and exit ports,
// destination-tag / turnaround routing with bit-string tree worms.
#pragma once

#include "systemc/NetworkSpec.hpp"
#include "topologies/min/MinShape.hpp"

namespace wormcast::min {

/// Router index of each switch is stage * rows + row.
NetworkSpec build_min_network(const MinShape& shape, const NetworkParams& params);

}  // namespace wormcast::min
