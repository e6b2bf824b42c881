// Network builder for multistage networks (Varavithya & Mohapatra §2): one switch per (row, stage)
// of a UNI-MIN or BI-MIN, links from the wiring, a node's NIC on its entry and exit ports,
// destination-tag / turnaround routing with bit-string tree worms.
#pragma once

#include "systemc/NetworkSpec.hpp"
#include "topologies/min/MinShape.hpp"

namespace wormcast::min {

/// How tree operations are serialised (ATBM, §4): not at all (may deadlock), or by one token
/// ring per switch group of Fig. 9 with the ring or the average token model.
struct AtbmOptions {
    bool tokens = true;
    TokenModel model = TokenModel::Ring;
    unsigned token_pass_cycles = 1;  ///< token passing time per hop
};

/// Router index of each switch is stage * rows + row.
NetworkSpec build_min_network(const MinShape& shape, const NetworkParams& params,
                              const AtbmOptions& atbm = {});

}  // namespace wormcast::min
