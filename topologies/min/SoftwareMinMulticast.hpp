// Unicast-based (software) multicast on MINs, the baselines ATBM is compared with (pure C++):
// CMIN on UNI-MINs, UMIN on BI-MINs. Varavithya & Mohapatra §1, §5.1 (refs [15], [16]).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "systemc/pure/ChainHalving.hpp"
#include "topologies/min/MinWiring.hpp"

namespace wormcast::min {

/// CMIN (Chiang & Ni, ref. [16]) for UNI-MINs, UMIN (Xu, Gui & Ni, ref. [15]) for BI-MINs. The
/// published constructions were not available to us; both run the same recursive-halving tree
/// over the address-ordered chain (see docs/min.md and address_ordered_chain / halving_sends).
enum class SoftwareMinAlgorithm { Cmin, Umin };

const char* to_string(SoftwareMinAlgorithm algorithm);  ///< "cmin", "umin"
/// "cmin" or "umin" (case-insensitive). Throws ConfigError.
SoftwareMinAlgorithm parse_software_min_algorithm(const std::string& text);
/// Throws ConfigError unless CMIN runs on a UNI-MIN and UMIN on a BI-MIN.
void check_algorithm_fits(SoftwareMinAlgorithm algorithm, const MinShape& shape);

/// The source followed by the destinations in ascending (address - source) mod N: the address
/// order rotated to start at the source. Destinations are validated as for plan_atbm.
std::vector<NodeId> address_ordered_chain(const MinShape& shape, NodeId source,
                                          const std::vector<NodeId>& destinations);

/// One unicast of the multicast (systemc/pure/ChainHalving.hpp; halving_sends is shared too).
using UnicastSend = ChainSend;

struct SoftwareMulticastPlan {
    SoftwareMinAlgorithm algorithm = SoftwareMinAlgorithm::Cmin;
    std::vector<NodeId> chain;       ///< address-ordered chain, source first
    std::vector<UnicastSend> sends;  ///< by step, then by sender's chain position
    std::uint32_t steps = 0;         ///< ceil(log2(d+1))
};

/// Every unicast of the multicast, obtained by running halving_sends at the source and at every
/// receiver on its delegated sub-chain (what the firmware does message by message).
SoftwareMulticastPlan plan_software_multicast(const MinShape& shape, SoftwareMinAlgorithm algorithm,
                                              NodeId source,
                                              const std::vector<NodeId>& destinations);

/// Channels (switch output ports, node delivery included) used by more than one unicast of the
/// same step, routing every unicast with the switches' routing functions (BI: lowest right port
/// forward). 0 means the plan is step-wise contention-free.
std::uint32_t step_channel_conflicts(const MinWiring& wiring, const SoftwareMulticastPlan& plan);

}  // namespace wormcast::min
