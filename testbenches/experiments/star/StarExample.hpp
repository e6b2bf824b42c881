// Wang, Chu & Chen's worked 4-star multicast R = {2143; 3124, 1243, 1342, 4231} (§2.2.2, §3.2):
// every scheme's worms and the paper's two metrics beside the paper's numbers, and the
// dual-path high worm's discrepancy explained (docs/star.md §6).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "testbenches/sim/Experiment.hpp"
#include "topologies/star/StarPlan.hpp"

namespace wormcast::star_repro {

/// The example's source and destinations as the paper writes them.
extern const char* const kExampleSource;
extern const std::vector<std::string> kExampleDestinations;

/// One scheme of the example: wormcast's plan and the paper's numbers (none for unicast, which
/// the paper does not work out).
struct StarExampleRow {
    star::StarScheme scheme = star::StarScheme::Multipath;
    star::StarPlan plan;
    std::vector<std::uint32_t> paper_worm_channels;  ///< in worm order; empty: not in the paper
    std::optional<std::uint64_t> paper_total;
    std::optional<std::uint64_t> paper_max;
    /// The plan's worm channels, total and max equal the paper's (true where the paper is silent).
    bool matches_paper() const;
};
std::vector<StarExampleRow> star_example_rows();

/// The walk the paper's dual-path number (11 = 6 + 5) implies from 1342 to 4231: along the
/// Hamiltonian path to 2431, then the link to 4231 (labels). Definition 1 goes 1342 -> 2341
/// instead.
std::vector<NodeId> paper_dual_path_walk(const star::StarShape& shape);

int reproduce_star_example(const sim::ReproduceOptions& options);

}  // namespace wormcast::star_repro
