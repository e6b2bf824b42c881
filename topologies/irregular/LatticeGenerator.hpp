// The seeded random lattice networks of Libeskind-Hadas, Mazzoni & Rajagopalan §4 (pure C++):
// switches at points of an integer lattice, linked only to lattice neighbours, one processor each.
#pragma once

#include <cstdint>
#include <string>

#include "topologies/irregular/SwitchGraph.hpp"

namespace wormcast::irregular {

/// `lattice:switches=N,seed=K[,links=F]`.
struct LatticeParams {
    std::uint32_t switches = 0;
    std::uint64_t seed = 0;
    /// Fraction of the lattice-adjacent pairs that get a link (0..1); the growth links that keep
    /// the network connected are always among them.
    double links = 1.0;
};

/// Parses "lattice:switches=N,seed=K[,links=F]" (keys in any order, each once). ConfigError
/// naming the key and the reason: unknown key, missing switches or seed, a value that is not a
/// number, switches outside 1..SwitchGraph::kMaxSwitches, links outside 0..1.
LatticeParams parse_lattice(const std::string& text);
/// The canonical string: links appears only when it is not 1.
std::string lattice_name(const LatticeParams& params);

/// The network, exactly as docs/irregular.md ("The lattice generator") specifies, so another tool
/// can rebuild it from N, K and F: a random connected set of N lattice points grown from (0, 0)
/// with std::mt19937_64 seeded with K, switch ids shuffled, every growth link kept plus a seeded
/// random choice of the other adjacent pairs up to round(F * pairs); processor i on switch i.
SwitchGraphSpec generate_lattice(const LatticeParams& params,
                                 unsigned ports = SwitchGraph::kDefaultPorts);

}  // namespace wormcast::irregular
