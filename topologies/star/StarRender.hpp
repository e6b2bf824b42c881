// Renderings of a star multicast plan (pure C++): the JSON of `plan --json` (issue 14), text
// with the Hamiltonian-path labels, and Graphviz dot. Nodes appear as digit strings.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "topologies/star/StarPlan.hpp"

namespace wormcast::star {

/// {"algorithm": A, "worms": [{"from": P, "dests": [P, ...], "path": [P, ...], "channels": c,
///  "phase": k}, ...], "total_channels": T, "max_distance": M}, nodes as digit strings.
nlohmann::ordered_json plan_to_json(const StarShape& shape, const StarPlan& plan);

/// A header line (scheme, source and destinations with labels), one block per worm (sender,
/// destinations in visiting order, path, channels, phase), then the two metrics.
std::string render_plan_text(const StarShape& shape, const StarPlan& plan);

/// Graphviz digraph: every node on a worm's path, labelled "digits\nl=label" (the source filled,
/// destinations double circles), one coloured edge chain per worm labelled "w<k> p<phase>".
std::string render_plan_dot(const StarShape& shape, const StarPlan& plan);

/// {"topology": "star:n=N", "nodes": N, "path": [P, ...]}: the Hamiltonian path in label order.
nlohmann::ordered_json hamiltonian_path_to_json(const StarShape& shape);

}  // namespace wormcast::star
