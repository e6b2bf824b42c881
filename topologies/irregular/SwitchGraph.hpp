// An irregular switch network (pure C++): switches of k ports, processors each hanging on one
// switch port, bidirectional switch-to-switch links. Libeskind-Hadas, Mazzoni & Rajagopalan §3.1.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "systemc/pure/Types.hpp"

namespace wormcast::irregular {

using SwitchId = std::uint32_t;
using ProcessorId = NodeId;

/// What one switch port is wired to.
struct PortEnd {
    enum class Kind : std::uint8_t { Free, Switch, Processor };
    Kind kind = Kind::Free;
    std::uint32_t id = 0;    ///< the switch or processor at the far end
    PortId remote_port = 0;  ///< the far switch's port (switch ends only)
};

/// A bidirectional switch-to-switch channel pair, with the port it uses at each end.
struct SwitchLink {
    SwitchId a = 0;
    PortId port_a = 0;
    SwitchId b = 0;
    PortId port_b = 0;
};

/// Where a processor hangs: its switch and the switch port of its bidirectional channel.
struct ProcessorAttachment {
    SwitchId switch_id = 0;
    PortId port = 0;
};

/// A link as a file or generator asks for it; a port left out is assigned (SwitchGraph).
struct LinkRequest {
    SwitchId a = 0;
    SwitchId b = 0;
    std::optional<PortId> port_a;
    std::optional<PortId> port_b;
};

/// A processor as a file asks for it; a port left out is assigned (SwitchGraph).
struct ProcessorRequest {
    SwitchId switch_id = 0;
    std::optional<PortId> port;
};

/// A lattice point (lattice networks only; used to draw them).
struct LatticePoint {
    std::int64_t x = 0;
    std::int64_t y = 0;
    bool operator==(const LatticePoint& o) const { return x == o.x && y == o.y; }
    bool operator<(const LatticePoint& o) const { return y != o.y ? y < o.y : x < o.x; }
};

/// Everything a network description gives, before validation and port assignment.
struct SwitchGraphSpec {
    std::string name;  ///< the topology string it came from (irregular:PATH, lattice:...)
    std::uint32_t switches = 0;
    unsigned ports = 8;  ///< k, ports of every switch (processor channels included)
    std::vector<LinkRequest> links;
    /// Which switch each processor hangs on; absent: processor i on switch i, one per switch.
    std::optional<std::vector<ProcessorRequest>> processors;
    SwitchId root = 0;                    ///< root of the up*/down* spanning tree
    std::vector<LatticePoint> positions;  ///< empty, or one per switch
};

/// A validated switch graph with every port assigned. Ports are assigned in three passes
/// (docs/irregular.md): (1) ports a link or processor names explicitly, in link order then
/// processor order; (2) processors without a port, in processor order, take the lowest free port
/// of their switch; (3) links without ports, in link order, take the lowest free port at end a,
/// then at end b. Construction throws ConfigError naming the link or processor and the reason: no
/// switch, an unknown switch id, a self-link, a duplicate link (either direction), a switch with
/// more links and processors than ports, a port out of range or used twice, no processor, a root
/// outside the switches, a disconnected graph (naming unreachable switches).
class SwitchGraph {
  public:
    static constexpr unsigned kDefaultPorts = 8;
    /// Most switches: routing keeps 2 * N^2 16-bit hop counts (UpDownPartition), 64 MiB here.
    static constexpr std::uint32_t kMaxSwitches = 4096;

    explicit SwitchGraph(const SwitchGraphSpec& spec);

    const std::string& name() const { return name_; }
    std::uint32_t switches() const { return static_cast<std::uint32_t>(port_table_.size()); }
    unsigned ports() const { return ports_; }
    std::uint32_t processors() const { return static_cast<std::uint32_t>(processors_.size()); }
    SwitchId root() const { return root_; }
    /// Links in the order given (lattice: sorted by (smaller id, larger id)).
    const std::vector<SwitchLink>& links() const { return links_; }
    const ProcessorAttachment& processor(ProcessorId p) const { return processors_.at(p); }
    /// Processors on switch s, ascending.
    const std::vector<ProcessorId>& processors_on(SwitchId s) const { return local_.at(s); }
    const PortEnd& port(SwitchId s, PortId p) const { return port_table_.at(s).at(p); }
    /// Switches linked to s, ascending, each with the port of s it is reached through.
    const std::vector<std::pair<SwitchId, PortId>>& neighbours(SwitchId s) const {
        return neighbours_.at(s);
    }
    /// The port of s that leads to switch t; throws ModelError if they are not linked.
    PortId port_towards(SwitchId s, SwitchId t) const;
    const std::vector<LatticePoint>& positions() const { return positions_; }

    /// The same graph with another root; throws ConfigError if it is not a switch.
    SwitchGraph with_root(SwitchId root) const;
    /// The spec that rebuilds this graph exactly (every port explicit).
    SwitchGraphSpec spec() const;

  private:
    std::string name_;
    unsigned ports_ = kDefaultPorts;
    SwitchId root_ = 0;
    std::vector<SwitchLink> links_;
    std::vector<ProcessorAttachment> processors_;
    std::vector<std::vector<ProcessorId>> local_;
    std::vector<std::vector<PortEnd>> port_table_;
    std::vector<std::vector<std::pair<SwitchId, PortId>>> neighbours_;
    std::vector<LatticePoint> positions_;
};

}  // namespace wormcast::irregular
