// Human-readable renderings of a mesh multicast plan (pure C++): an indented send tree with the
// worms, a per-step table of e-cube paths, and Graphviz dot. Kesavan & Panda Figs. 1, 2, 7, 9, 13.
#pragma once

#include <string>

#include "topologies/mesh/MeshMulticastPlan.hpp"

namespace wormcast::mesh {

/// Header line, the tree of sends rooted at the source (each receiver's own sends nested below
/// it; worms list their destinations in visiting order), then one line per send with its path.
std::string render_plan_text(const MeshMulticastPlan& plan);

/// Graphviz digraph: one vertex per participating node (source filled, 2-D meshes pinned at their
/// coordinates for neato), solid edges for unicasts, a bold coloured edge chain per worm, every
/// edge labelled with its step (and worm level).
std::string render_plan_dot(const MeshMulticastPlan& plan);

}  // namespace wormcast::mesh
