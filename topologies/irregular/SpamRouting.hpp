// SPAM routing as pure functions (pure C++): the three unicast rules of §3.1 keyed by the class of
// the input channel, the selection function, and one routing step of a tree worm (§3.2): to the
// LCA with the unicast rules, then down-tree only. Libeskind-Hadas, Mazzoni & Rajagopalan §3.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "topologies/irregular/UpDownPartition.hpp"

namespace wormcast::irregular {

/// A vertex of the network graph: a switch or a processor.
struct Vertex {
    enum class Kind : std::uint8_t { Switch, Processor };
    Kind kind = Kind::Switch;
    std::uint32_t id = 0;

    static Vertex of_switch(SwitchId s) { return Vertex{Kind::Switch, s}; }
    static Vertex of_processor(ProcessorId p) { return Vertex{Kind::Processor, p}; }
    bool is_processor() const { return kind == Kind::Processor; }
    bool operator==(const Vertex& o) const { return kind == o.kind && id == o.id; }
    bool operator!=(const Vertex& o) const { return !(*this == o); }
    /// Switches before processors, then by id (the selection's tie order).
    bool operator<(const Vertex& o) const { return kind != o.kind ? kind < o.kind : id < o.id; }
};

/// "s3" for a switch, "P3" for a processor.
std::string to_string(const Vertex& v);

/// One output a worm may take at a switch.
struct Hop {
    PortId port = 0;                          ///< output port of the switch
    Vertex to;                                ///< far end of the channel
    ChannelClass channel = ChannelClass::Up;  ///< class of the channel taken
    unsigned remaining = 0;                   ///< fewest legal hops from the far end on
};

/// How the network picks among allowed outputs: `adaptive` (default) takes the first free one in
/// the selection order, `static` always the first.
enum class Selection { Adaptive, Static };
const char* to_string(Selection s);  ///< "adaptive", "static"
/// "adaptive" or "static"; ConfigError naming `what` otherwise.
Selection parse_selection(const std::string& text, const std::string& what);

/// Where a tree worm may split: SPAM splits only at and below the LCA (§3.2); the naive scheme
/// splits wherever the destinations' own unicast routes diverge (not deadlock-free).
enum class TreeSplit { AtLca, BeforeLca };

/// One branch of a routing step: the outputs it may take, best first (one for a fixed branch),
/// and the destinations it carries, ascending.
struct WormBranch {
    std::vector<Hop> choices;
    std::vector<ProcessorId> destinations;
};

class SpamRouting {
  public:
    explicit SpamRouting(std::shared_ptr<const UpDownPartition> partition);

    const UpDownPartition& partition() const { return *partition_; }
    const std::shared_ptr<const UpDownPartition>& partition_ptr() const { return partition_; }
    const SwitchGraph& graph() const { return partition_->graph(); }

    /// Class of the channel entering switch `at` through `in_port`: up from a processor, else the
    /// class of the neighbour's channel. ModelError for an unused port.
    ChannelClass arrival_class(SwitchId at, PortId in_port) const;

    /// Fewest legal hops from switch `at`, having arrived on `arrived`, to `target` (a switch, or
    /// a processor: one more hop than to its switch); UpDownPartition::kUnreachable if none.
    unsigned remaining(SwitchId at, ChannelClass arrived, Vertex target) const;

    /// The outputs SPAM's unicast rules (§3.1) allow a header heading for `target` that entered
    /// switch `at` on a channel of class `arrived`:
    ///  1. entered on up: any up channel;
    ///  2. entered on up or down-cross: a down-cross channel whose far end is an extended
    ///     ancestor of the target;
    ///  3. always: a down-tree channel whose far end is an ancestor of the target (a processor
    ///     is an ancestor of itself only).
    /// Sorted by the selection order: fewest remaining legal hops from the far end, then switches
    /// before processors, then smaller id. Empty when `at` is the target switch or the worm
    /// arrived illegally.
    std::vector<Hop> allowed(SwitchId at, ChannelClass arrived, Vertex target) const;

    /// The least common ancestor of the destinations (§3.2): the processor itself for one
    /// destination, else the switch that is the spanning-tree LCA of their switches. ModelError
    /// for none.
    Vertex lca(const std::vector<ProcessorId>& destinations) const;
    /// The switch of lca(): for one destination its switch.
    SwitchId lca_switch(const std::vector<ProcessorId>& destinations) const;

    /// One routing step of a worm carrying `destinations` (ascending, distinct; one for a
    /// unicast) at switch `at`, entered on `arrived`.
    /// AtLca (SPAM): at the LCA switch the worm splits into the children whose subtree holds a
    /// destination (ascending id), then one branch per destination processor on this switch
    /// (ascending); elsewhere one branch with allowed(at, arrived, lca()) as its choices, except
    /// that a worm at its destination's switch takes only the delivery channel (rule 1 would
    /// also allow an up channel, but a detour must come back to the same channel).
    /// BeforeLca (naive): each destination takes the first of its own allowed() outputs, and the
    /// destinations taking the same output share a branch (ascending port); every branch fixed.
    /// ModelError if a destination is unknown or has no legal output from here.
    std::vector<WormBranch> route(SwitchId at, ChannelClass arrived,
                                  const std::vector<ProcessorId>& destinations,
                                  TreeSplit split) const;

  private:
    Hop hop(SwitchId at, PortId port, Vertex target) const;
    std::shared_ptr<const UpDownPartition> partition_;
};

/// The partition of `graph` (rooted at graph.root()) and SPAM on it: what a network, a plan or a
/// firmware of this graph shares.
std::shared_ptr<const SpamRouting> make_spam_routing(SwitchGraph graph);

}  // namespace wormcast::irregular
