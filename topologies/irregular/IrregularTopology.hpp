// Irregular network descriptions (pure C++): the wormcast topology file (YAML), BookSim2's anynet
// file, the lattice generator, and the topology strings naming them. docs/irregular.md.
#pragma once

#include <optional>
#include <string>

#include "topologies/irregular/SwitchGraph.hpp"

namespace wormcast::irregular {

/// Settings given beside a topology string (scenario keys); when set they replace what the file
/// or generator says.
struct TopologyOverrides {
    std::optional<unsigned> ports;
    std::optional<SwitchId> root;
};

/// True for "irregular:...", "anynet:..." and "lattice:..." (the family's topology strings).
bool is_irregular_topology(const std::string& text);

/// `irregular:PATH` (wormcast file), `anynet:PATH` (BookSim2 file) or
/// `lattice:switches=N,seed=K[,links=F]`. ConfigError naming the file, line or key and the reason
/// (including every refusal of SwitchGraph).
SwitchGraph parse_irregular_topology(const std::string& text,
                                     const TopologyOverrides& overrides = {});

/// The wormcast topology file (docs/irregular.md): a YAML map with `switches` (required),
/// `ports` (default 8), `links` (required: [a, b] or [a, port_a, b, port_b] each), `processors`
/// (each a switch or [switch, port]; default processor i on switch i), `root` (default 0) and
/// `positions` ([x, y] per switch, optional). Other keys are refused. `name` labels messages.
SwitchGraphSpec read_wormcast_topology(const std::string& yaml, const std::string& name);
/// The file text of a graph, every port explicit, so that reading it gives the same graph.
std::string write_wormcast_topology(const SwitchGraph& graph);
/// Writes write_wormcast_topology() to `path`; ConfigError if it cannot.
void save_wormcast_topology(const SwitchGraph& graph, const std::string& path);

/// BookSim2's anynet file (docs/irregular.md): lines of `router R` or `node N` followed by
/// `router R2` / `node N2` pairs, each pair connected to the line's first element. Repeated
/// mentions of one router pair are one link (as BookSim2 reads them); ports are numbered as
/// BookSim2 does (a router's nodes first, ascending, then its neighbour routers, ascending);
/// processor ids are node ids. Refused: an unknown word, a missing or non-numeric id, a node on
/// two routers, a node linked to a node, a router linked to itself, ids that are not 0..n-1
/// without gaps. `ports` is k (8 unless overridden).
SwitchGraphSpec read_anynet(const std::string& text, const std::string& name,
                            unsigned ports = SwitchGraph::kDefaultPorts);

}  // namespace wormcast::irregular
