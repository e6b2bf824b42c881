// Network builder for n-star graphs (DESIGN.md §1; Wang, Chu & Chen §2.1, Fig. 2): one router per
// node with n-1 network ports (port i-2 to g_i(p)) plus injection/consumption ports, routing by
// the Hamiltonian-path labels (StarRouting), optionally the NIC firmware of a multicast scheme.
#pragma once

#include "systemc/NetworkSpec.hpp"
#include "topologies/star/StarRouting.hpp"
#include "topologies/star/StarScheme.hpp"
#include "topologies/star/StarShape.hpp"

namespace wormcast::star {

/// Largest star the cycle-accurate network is built for (8! = 40,320 routers); S_9 is for the
/// pure commands only.
constexpr unsigned kMaxStarNetworkDimension = 8;

/// Build the description of an n-star network whose routers route destination lists as
/// `path_worms` says; node i's NIC attaches to router i (node id = label). The firmware is left
/// at the default (one unicast per destination). Throws ConfigError for n > 8 or bad parameters.
NetworkSpec build_star_network(const StarShape& shape, const NetworkParams& params,
                               PathWormRouting path_worms = PathWormRouting::Shortcut);

/// The network of `build_star_network` with the routing the scheme's worms need and every NIC
/// running StarMulticastFirmware for `scheme`. Throws ConfigError naming the parameter when the
/// routers lack path worms (`path_worms`) or the scheme needs more consumption channels.
NetworkSpec build_star_multicast_network(const StarShape& shape, const NetworkParams& params,
                                         StarScheme scheme);

}  // namespace wormcast::star
