// Names and router requirements of the star multicast schemes (see StarScheme.hpp).
#include "topologies/star/StarScheme.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

namespace wormcast::star {

const char* to_string(StarScheme scheme) {
    switch (scheme) {
        case StarScheme::Unicast:
            return "unicast";
        case StarScheme::Hamiltonian:
            return "hamiltonian";
        case StarScheme::DualPath:
            return "dual-path";
        case StarScheme::Multipath:
            return "multipath";
        case StarScheme::TwoPhase:
            return "two-phase";
    }
    return "?";
}

const std::vector<StarScheme>& all_star_schemes() {
    static const std::vector<StarScheme> schemes{StarScheme::Unicast, StarScheme::Hamiltonian,
                                                 StarScheme::DualPath, StarScheme::Multipath,
                                                 StarScheme::TwoPhase};
    return schemes;
}

StarScheme parse_star_scheme(const std::string& text) {
    std::string name = text;
    std::transform(name.begin(), name.end(), name.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    for (StarScheme scheme : all_star_schemes())
        if (name == to_string(scheme)) return scheme;
    throw ConfigError(fmt::format(
        "algorithm: '{}' is not a star multicast scheme (unicast, hamiltonian, dual-path, "
        "multipath, two-phase)",
        text));
}

bool uses_path_worms(StarScheme scheme) {
    return scheme != StarScheme::Unicast;
}

PathWormRouting path_worm_routing(StarScheme scheme) {
    return scheme == StarScheme::Hamiltonian ? PathWormRouting::Hamiltonian
                                             : PathWormRouting::Shortcut;
}

unsigned minimum_consumption_channels(StarScheme scheme) {
    return uses_path_worms(scheme) ? 2 : 1;
}

void check_consumption_channels(StarScheme scheme, unsigned consumption_channels) {
    const unsigned needed = minimum_consumption_channels(scheme);
    if (consumption_channels < needed)
        throw ConfigError(fmt::format(
            "consumption_channels: the {} scheme sends path worms up the labels (high-channel "
            "network) and down (low-channel network); with {} consumption channel(s) per node a "
            "worm holding a node's channel can wait for one held by a worm of the other network "
            "that waits for it, a deadlock; it needs one per network, at least {} "
            "(docs/star.md)",
            to_string(scheme), consumption_channels, needed));
}

}  // namespace wormcast::star
