// The checks every broadcast schedule is held to (pure C++): the congestion checker (no two worms
// of a round on one directed channel or port, routes as the routers take them) and the replay
// (a send carries only what its sender holds; every node gets every message exactly once).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "systemc/pure/Types.hpp"
#include "topologies/broadcast/BroadcastSchedule.hpp"
#include "topologies/mesh/EcubeRouting.hpp"

namespace wormcast::broadcast {

/// A directed network channel: the output port `port` of router `node`.
struct Channel {
    NodeId node = 0;
    PortId port = 0;
    bool operator==(const Channel& o) const { return node == o.node && port == o.port; }
};

/// Follows a unicast worm through the torus by asking each router's own routing function (the
/// EcubeRouting the network builder gives it: dimension order, shorter way round, ties +).
class RouteTracer {
  public:
    explicit RouteTracer(const mesh::MeshShape& shape);
    /// The channels from `from` to `to` in order (empty when equal). Throws ModelError if the
    /// route does not end at `to`.
    std::vector<Channel> channels(NodeId from, NodeId to) const;
    const mesh::MeshShape& shape() const { return shape_; }

  private:
    mesh::MeshShape shape_;
    std::vector<mesh::EcubeRouting> routing_;
};

/// Every round in which two worms share a directed channel, or a node starts two worms in one
/// direction, receives two from one direction, or starts or receives more than one per direction
/// (4 + 4 in 2-D). At most `limit` problems; empty: conflict-free.
std::vector<std::string> check_congestion(const BroadcastSchedule& schedule,
                                          std::size_t limit = 20);

/// Replays the rounds. Problems: a malformed send (message index, part, flit count), a sender
/// without a message it sends, a node receiving a message part it holds or gets twice in a
/// round, a node missing a message part at the end. At most `limit`; empty: all delivered once.
std::vector<std::string> replay_schedule(const BroadcastSchedule& schedule, std::size_t limit = 20);

}  // namespace wormcast::broadcast
