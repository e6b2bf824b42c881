// A picture of a run (`wormcast run --heatmap FILE.png|.svg`): every router-to-router link
// coloured by its utilisation and every router by one of its counts, in the family's natural
// layout (Topology::router_position: a mesh's grid, a MIN's stages) or, where the family has
// none, one Graphviz's neato finds; colour scales with their units in a legend.
#pragma once

#include <string>
#include <vector>

#include "testbenches/sim/Runner.hpp"
#include "topologies/TopologyFamily.hpp"

namespace wormcast::sim {

/// The per-router counts a heat map can colour routers by (RunResult::router_counts).
const std::vector<std::string>& heatmap_router_counts();

/// ConfigError naming `option` unless `count` is one of heatmap_router_counts().
void check_heatmap_router_count(const std::string& count, const std::string& option);

/// The heat map as Graphviz DOT for neato: links coloured (and widened) by flits per cycle, the
/// two directions of a pair of routers drawn as one edge coloured by the busier; routers filled by
/// `router_count`; `title` on top.
std::string heatmap_dot(const RunResult& result, const Topology& topology,
                        const std::string& router_count, const std::string& title);

}  // namespace wormcast::sim
