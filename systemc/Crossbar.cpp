// Crossbar (see Crossbar.hpp).
#include "systemc/Crossbar.hpp"

#include <fmt/format.h>

namespace wormcast {

void Crossbar::transfer(const Flit& flit, PortId port, OutputUnit& output, Cycle now) {
    if (port >= outputs_) throw ModelError(fmt::format("crossbar: output {} does not exist", port));
    if (used_.test(port))
        throw ModelError(fmt::format("crossbar: output {} driven twice in cycle {}", port, now));
    used_.set(port);
    output.send(flit, now);
}

}  // namespace wormcast
