// Multiple-multicast workloads on a mesh (pure C++): complete and random overlap of the
// source-destination sets, seeded. Kesavan & Panda §2.3 and §5 (issue 4, item 4).
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "systemc/pure/Firmware.hpp"

namespace wormcast::mesh {

/// S concurrent multicasts, each with |Φ| = set_size (the source and set_size - 1 destinations).
/// Multicast ids are 0 ... S-1; sources are distinct. Throws ConfigError if S or set_size is 0,
/// set_size > nodes, or S > nodes.
///
/// Complete overlap: Φ = set_size random distinct nodes. S <= set_size: S distinct sources drawn
/// from Φ, each multicasting to Φ \ {s}. S > set_size ("as close to identical as possible"): every
/// node of Φ is a source to Φ \ {s}, and S - set_size further distinct sources outside Φ each
/// multicast to Φ minus one node of Φ drawn at random, so every destination set is a subset of Φ.
std::vector<MulticastRequest> complete_overlap_workload(std::uint32_t nodes, std::uint32_t sources,
                                                        std::uint32_t set_size,
                                                        std::mt19937_64& rng,
                                                        std::uint32_t length = 1);

/// Random overlap: S distinct random sources, each with its own set_size - 1 random distinct
/// destinations (source excluded).
std::vector<MulticastRequest> random_overlap_workload(std::uint32_t nodes, std::uint32_t sources,
                                                      std::uint32_t set_size, std::mt19937_64& rng,
                                                      std::uint32_t length = 1);

}  // namespace wormcast::mesh
