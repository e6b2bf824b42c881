// The five star-graph multicast schemes and what each needs from the routers (pure C++):
// unicast-based, Hamiltonian-path, dual-path (Wang, Chu & Chen §2.2.2), simple multipath
// (§3.2.1, Algorithm 1) and two-phase multipath (§3.2.2, Algorithm 2).
#pragma once

#include <string>
#include <vector>

#include "topologies/star/StarRouting.hpp"

namespace wormcast::star {

enum class StarScheme { Unicast, Hamiltonian, DualPath, Multipath, TwoPhase };

/// "unicast", "hamiltonian", "dual-path", "multipath", "two-phase".
const char* to_string(StarScheme scheme);
/// All five, in the order above.
const std::vector<StarScheme>& all_star_schemes();
/// Case-insensitive name as in to_string. Throws ConfigError naming `algorithm` and the choices.
StarScheme parse_star_scheme(const std::string& text);

/// Every scheme but unicast sends multidestination path worms (router.path_worms needed).
bool uses_path_worms(StarScheme scheme);
/// How the routers must route destination lists for the scheme's worms to take the paths of
/// its plan: along the Hamiltonian path for `hamiltonian`, by RF for the others.
PathWormRouting path_worm_routing(StarScheme scheme);
/// Fewest consumption channels per node with which the scheme cannot deadlock in wormcast's
/// routers (docs/star.md has the argument): 1 for unicast (a consumed unicast waits for
/// nothing), 2 for the path-worm schemes (their worms travel both ways, up the labels in the
/// high-channel network and down in the low one; one channel per network keeps each acyclic).
unsigned minimum_consumption_channels(StarScheme scheme);
/// Throws ConfigError naming `consumption_channels`, the scheme and the reason when
/// `consumption_channels` is below the minimum.
void check_consumption_channels(StarScheme scheme, unsigned consumption_channels);

}  // namespace wormcast::star
