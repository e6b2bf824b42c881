// Descriptions of irregular networks and their multicast plans (pure C++): the JSON shapes other
// tools compare against, text, and Graphviz DOT. Libeskind-Hadas, Mazzoni & Rajagopalan Fig. 1.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "topologies/irregular/IrregularPlan.hpp"

namespace wormcast::irregular {

/// {"switches": N, "root": r, "levels": [level of switch 0, ...], "parent": [parent of switch 0,
/// ..., null for the root], "channels": [[from, to, "up"|"down-cross"|"down-tree"], ...]}: every
/// switch-to-switch channel, by `from` ascending, then `to` ascending (both directions of a link).
nlohmann::ordered_json topology_json(const UpDownPartition& partition);

/// {"lca": L, "route_to_lca": [S, s1, ..., L], "down_tree": [{"switch": w, "outputs": [child
/// switch ids, then "P<i>" for processors]}, ...], "channels_used": C} (SpamPlan).
nlohmann::ordered_json spam_plan_json(const SpamPlan& plan);

/// {"chain": [source, ...], "phases": [{"phase": 1, "sends": [{"from": a, "to": b, "route":
/// [switch ids]}, ...]}, ...], "startups": number of sends} (BinomialPlan; processors by number).
nlohmann::ordered_json binomial_plan_json(const BinomialPlan& plan);

/// Root, depth, the switches of each level, and one line per switch: level, parent, processors,
/// and each neighbour with the class of the channel towards it.
std::string topology_text(const UpDownPartition& partition);
/// The source, destinations, route to the LCA and the down-tree, one switch a line.
std::string spam_plan_text(const SpamPlan& plan);
/// The chain, then each phase's unicasts with their routes.
std::string binomial_plan_text(const BinomialPlan& plan);

/// Graphviz graph of the switches (lattice networks pinned at their lattice points for neato):
/// spanning-tree links solid, cross links dashed, the root doubled.
std::string topology_dot(const UpDownPartition& partition);
/// topology_dot with the worm drawn over it: the source and destination processors, the route
/// to the LCA and the down-tree as bold red arrows, the LCA filled.
std::string spam_plan_dot(const UpDownPartition& partition, const SpamPlan& plan);
/// topology_dot with every unicast of the binomial plan as an arrow chain labelled with its phase.
std::string binomial_plan_dot(const UpDownPartition& partition, const BinomialPlan& plan);
/// A worm's walk (the naive tree) over the network, as spam_plan_dot draws SPAM's.
std::string walk_plan_dot(const UpDownPartition& partition, const WormWalk& walk,
                          ProcessorId source);

}  // namespace wormcast::irregular
