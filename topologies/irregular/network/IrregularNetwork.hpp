// Network builder for irregular switch networks (Libeskind-Hadas, Mazzoni & Rajagopalan §3, §4):
// one router per switch, links from the switch graph, a processor's NIC on its switch port.
#pragma once

#include <memory>

#include "systemc/NetworkSpec.hpp"
#include "topologies/irregular/IrregularMulticast.hpp"
#include "topologies/irregular/SpamRouting.hpp"

namespace wormcast::irregular {

struct IrregularNetworkOptions {
    IrregularMulticast multicast = IrregularMulticast::Spam;
    Selection selection = Selection::Adaptive;
};

/// Router r is switch r ("s<r>"), with graph.ports() inputs and outputs: port p of the router is
/// port p of the switch (unused ports tied off). Graph link i becomes NetworkSpec links 2i
/// (a -> b) and 2i + 1 (b -> a), t_phy each (links_leaving). Processor i is node i: its NIC
/// injects into and consumes from its switch port (t_inj, t_cons). Every switch routes with
/// SpamSwitchRouting (split at the LCA, or before it for naive-tree). The NICs run
/// make_irregular_firmware(options.multicast). ConfigError if params do not fit the scheme
/// (check_irregular_multicast).
NetworkSpec build_irregular_network(std::shared_ptr<const SpamRouting> routing,
                                    const NetworkParams& params,
                                    const IrregularNetworkOptions& options = {});

}  // namespace wormcast::irregular
