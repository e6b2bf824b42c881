// Crossbar (see Crossbar.hpp).
#include "systemc/Crossbar.hpp"

#include <fmt/format.h>

namespace wormcast {

void Crossbar::refuse(PortId port, Cycle now) const {
    if (port >= outputs_) throw ModelError(fmt::format("crossbar: output {} does not exist", port));
    throw ModelError(fmt::format("crossbar: output {} driven twice in cycle {}", port, now));
}

}  // namespace wormcast
