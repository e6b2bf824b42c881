// Human-readable renderings of a multinode broadcast schedule (pure C++): a text listing of the
// rounds, and one SVG picture per round (the torus, the DDN/DCN shading, the round's worms along
// their routes), since the paper's figures of these patterns are lost.
#pragma once

#include <cstddef>
#include <string>

#include "topologies/broadcast/BroadcastSchedule.hpp"

namespace wormcast::broadcast {

/// Header line, then per round its phase, worm count and largest worm, and one line per worm
/// "x,y -> x,y  [messages]  f flits" (part/tree for EDST, "control" for a prefix-sum value);
/// the totals last.
std::string render_schedule_text(const BroadcastSchedule& schedule);

/// An SVG picture of round `step` (0-based): the torus as the paper's matrix P_{i,j} (x = i,
/// dimension 0, downwards; y = j to the right, so its rows and columns are the paper's), sources
/// ringed, ATD's DDN nodes and lines tinted by k and DCN blocks outlined, and each worm as an arrow
/// along its dimension-ordered route (wrap-around hops leave the picture and come back on the other
/// side). Data worms solid (coloured by tree for EDST), control worms dashed. Throws ConfigError
/// for a step out of range.
std::string render_step_svg(const BroadcastSchedule& schedule, std::size_t step);

/// The whole schedule as Graphviz DOT (`plan --dot`): the torus's nodes on their grid (neato
/// positions), sources filled, and each worm an edge from sender to receiver labelled with its
/// round, coloured by round.
std::string render_schedule_dot(const BroadcastSchedule& schedule);

}  // namespace wormcast::broadcast
