// A fault injected on a router's link for testing the checkers (docs/faults.md).
#pragma once

#include "systemc/pure/Types.hpp"

namespace wormcast {

/// A fault injected on one of a router's links (scenario section `faults`, docs/faults.md): the
/// first tail flit leaving output `port` at or after `cycle` is dropped or has its lowest data bit
/// flipped, or one credit of the first returned on input `port` at or after `cycle` is lost.
struct LinkFault {
    enum class Kind { DropFlit, CorruptFlit, LoseCredit };
    Kind kind = Kind::DropFlit;
    PortId port = 0;
    Cycle cycle = 0;
    // Filled in when the fault hits.
    bool applied = false;
    Cycle applied_at = 0;
    MessageId message = 0;  ///< the flit's message (flit faults)
    VcId vc = 0;            ///< the flit's or the lost credit's VC
};

}  // namespace wormcast
