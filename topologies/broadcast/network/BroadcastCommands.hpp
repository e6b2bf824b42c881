// The multinode broadcast schemes of 2-D tori behind the family seam: what the mesh/torus family
// hands `wormcast plan` (options, text, JSON, one SVG per step) and `wormcast run` (collective
// nic.multicast schemes) for atd:h=H, edst and naive.
#pragma once

#include <string>
#include <vector>

#include "topologies/TopologyFamily.hpp"
#include "topologies/mesh/MeshShape.hpp"

namespace wormcast::broadcast {

/// The plan options of the broadcast algorithms: --sources, --random-sources, --seed,
/// --message-flits, --svg-dir.
const std::vector<CommandOption>& broadcast_plan_options();

/// Whether a plan's --algorithm names a broadcast scheme ("atd..." , "edst", "naive"); the text
/// after "atd" is checked by the plan itself.
bool is_broadcast_algorithm(const std::string& algorithm);

/// `wormcast plan` of a multinode broadcast on `shape` (a 2-D torus). The sources come from
/// --sources "x,y;x,y" or --random-sources S (--seed K, default 1); the JSON is schedule_json
/// (atd_json for ATD); with --svg-dir DIR one picture per step, DIR/step-001.svg, ... Throws
/// ConfigError naming the option and the reason.
PlanOutput broadcast_plan(const mesh::MeshShape& shape, const PlanRequest& request);

/// The collective schemes nic.multicast offers on `shape`: atd:h=H for every H dividing n (square
/// tori), edst and naive; none unless `shape` is a 2-D torus with radices >= 3. Each plans a run
/// whose requests are one message per source to every other node, all of one length (traffic.kind:
/// broadcast), and cuts the messages into the scheme's parts (EDST: four multicasts per source).
std::vector<MulticastScheme> broadcast_schemes(const mesh::MeshShape& shape);

}  // namespace wormcast::broadcast
