// JSON of a multinode broadcast schedule (pure C++), the shape `wormcast plan` prints for the
// torus broadcast schemes: sources, steps of sends, start-ups, and for EDST the trees.
#pragma once

#include <nlohmann/json.hpp>

#include "topologies/broadcast/AtdSchedule.hpp"
#include "topologies/broadcast/BroadcastSchedule.hpp"

namespace wormcast::broadcast {

/// {"algorithm": "atd:h=5" | "edst" | "naive", "topology": "torus 10x10", "message_flits": m,
///  "part_flits": [...], "sources": ["x,y", ...],
///  "steps": [{"phase": ..., "level": l, "sends": [{"from": "x,y", "to": "x,y",
///             "messages": [indices into sources], "flits": f}, ...]}, ...],
///  "startups": steps, "flits": the steps' largest sends summed, "worms": sends in all steps,
///  and for EDST "trees": [{"root": "x,y", "parent": {"x,y": "x,y", ...}}, ...] (child ->
///  parent) and "part" in every send (the tree it uses)}.
nlohmann::json schedule_json(const BroadcastSchedule& schedule);

/// schedule_json plus the ATD bookkeeping: "ddn_loads_aggregated", "ddn_loads_tuned" ([k]) and
/// "collectors": [{"node", "ddn", "count", "prefix"}] for the DCN-diagonal nodes holding data.
nlohmann::json atd_json(const AtdPlan& plan);

/// "atd:h=5", "edst" or "naive".
std::string algorithm_name(const BroadcastSchedule& schedule);

}  // namespace wormcast::broadcast
