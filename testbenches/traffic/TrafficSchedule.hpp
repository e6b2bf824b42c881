// Traffic schedules (pure C++): uniform-random unicast with Bernoulli or Poisson injection at an
// offered load, and fixed message lists read from a file. Seeded; one schedule per source node.
#pragma once

#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "systemc/pure/Types.hpp"

namespace wormcast {

struct ScheduledSend {
    Cycle at = 0;  ///< cycle the host submits it
    NodeId source = 0;
    std::vector<NodeId> destinations;
    std::uint32_t length = 1;  ///< payload flits
    bool measured = true;
};

enum class InjectionProcess { Bernoulli, Poisson };

struct UniformTraffic {
    double load = 0.01;             ///< offered flits/node/cycle (header + payload flits)
    std::uint32_t length = 50;      ///< payload flits per message
    std::uint32_t worm_flits = 51;  ///< header + payload flits, to turn load into messages
    InjectionProcess process = InjectionProcess::Bernoulli;
    Cycle warmup = 1000;
    Cycle measure = 10000;
    /// Fraction of the messages that are multicasts (0: unicast traffic only). A multicast has a
    /// number of destinations drawn uniformly from [multicast_min, multicast_max], distinct and
    /// never the source; the load still counts one worm of worm_flits per message.
    double multicast_ratio = 0;
    std::uint32_t multicast_min = 2;
    std::uint32_t multicast_max = 2;
};

/// All sends of a uniform-random run, every node its own generator seeded from (seed, node),
/// sorted by (cycle, source). Whether a message is a multicast, and its destinations, come from a
/// second generator per node, so the times and unicast destinations do not depend on
/// multicast_ratio being 0 or not.
std::vector<ScheduledSend> uniform_schedule(const UniformTraffic& traffic, std::uint32_t nodes,
                                            std::uint64_t seed);

/// A multinode broadcast: at cycle 0 every source (distinct, in the order given) sends one
/// message of `length` payload flits to every other node. Throws ConfigError for a source outside
/// the network, a repeated one, or none.
std::vector<ScheduledSend> broadcast_schedule(const std::vector<NodeId>& sources,
                                              std::uint32_t nodes, std::uint32_t length);

/// `count` distinct nodes of 0..nodes-1 drawn uniformly with a generator seeded from `seed`,
/// ascending. Throws ConfigError unless 1 <= count <= nodes.
std::vector<NodeId> random_nodes(std::uint32_t count, std::uint32_t nodes, std::uint64_t seed);

/// Read a message list: one message per line, "CYCLE SOURCE DEST[;DEST...] LENGTH", '#' comments.
/// Node addresses are parsed by `parse_node` (e.g. "3,4" on a mesh). Throws ConfigError with the
/// file name and line number on bad input.
std::vector<ScheduledSend> read_message_file(
    const std::string& path, const std::function<NodeId(const std::string&)>& parse_node);

}  // namespace wormcast
