// Traffic schedules (pure C++): uniform-random unicast with Bernoulli or Poisson injection at an
// offered load, and fixed message lists read from a file. Seeded; one schedule per source node.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
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

/// One node's sends in time order, made as the run reaches them.
class SendStream {
  public:
    virtual ~SendStream() = default;
    /// The next send, or nullopt after the last.
    virtual std::optional<ScheduledSend> next() = 0;
};

/// One node's uniform-random sends drawn one at a time: exactly that node's sends of
/// uniform_schedule() (which is made of these streams), in memory that does not grow with their
/// number (the node's generators, about 2.5 KB each). Throws ConfigError for traffic
/// uniform_schedule() refuses.
class UniformSendStream : public SendStream {
  public:
    UniformSendStream(const UniformTraffic& traffic, std::uint32_t nodes, NodeId source,
                      std::uint64_t seed);
    std::optional<ScheduledSend> next() override;

  private:
    UniformTraffic t_;
    std::uint32_t nodes_;
    NodeId source_;
    Cycle end_;
    std::mt19937_64 rng_;
    std::geometric_distribution<Cycle> failures_;
    std::optional<std::mt19937_64> multicast_rng_;  // made only for multicast traffic
    double time_ = 0.0;
    Cycle cycle_ = 0;
    bool first_ = true;
    bool ended_ = false;
};

/// The sends of a run, node by node: a list made in advance (any traffic), or uniform traffic
/// drawn as the run reaches each send. The same sends either way.
class SendPlan {
  public:
    SendPlan() = default;                        ///< no sends
    SendPlan(std::vector<ScheduledSend> sends);  // NOLINT(google-explicit-constructor): a list
    /// Uniform traffic (uniform_schedule's sends). Drawn during the run when a node expects more
    /// than kStreamFrom sends (its generator is then smaller than its list), else listed ahead.
    static SendPlan uniform(const UniformTraffic& traffic, std::uint32_t nodes, std::uint64_t seed);
    /// Sends drawn during the run by the streams `make` returns, one per node of `nodes`; none
    /// later than `last_send`.
    static SendPlan from_streams(std::uint32_t nodes, Cycle last_send,
                                 std::function<std::vector<std::unique_ptr<SendStream>>()> make);
    static constexpr double kStreamFrom = 32;
    /// The sends a node expects in a run of `traffic` (warm-up and measurement).
    static double sends_per_node(const UniformTraffic& traffic);
    /// Whether uniform() draws `traffic` during the run rather than listing it.
    static bool streams(const UniformTraffic& traffic) {
        return sends_per_node(traffic) > kStreamFrom;
    }
    /// Whether the sends are drawn during the run.
    bool streamed() const { return streamed_; }
    /// Every node's sends (a list's checked: sources and destinations inside the network).
    /// Consumes the plan.
    std::vector<std::unique_ptr<SendStream>> take_streams(std::uint32_t nodes);
    /// No send starts later than this (0 without sends).
    Cycle last_send() const { return last_send_; }

  private:
    bool streamed_ = false;
    std::vector<ScheduledSend> list_;
    std::function<std::vector<std::unique_ptr<SendStream>>()> make_streams_;
    std::uint32_t nodes_ = 0;
    Cycle last_send_ = 0;
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
