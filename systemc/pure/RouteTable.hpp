// Route tables (pure C++): one router's routing function written as the table that the
// table-driven RTL route unit (rtl/wc_route_table.sv) reads, so that a topology family
// co-simulates by supplying tables instead of route RTL of its own (docs/architecture.md, "How a
// family gets RTL routers"). TableRouting routes from a table exactly as the RTL does; tests hold
// it against the family's routing function.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "systemc/pure/Routing.hpp"
#include "systemc/pure/Types.hpp"

namespace wormcast {

/// What a table is compiled for: the router's ports and VCs and the header address space.
struct RouteTableShape {
    PortId inputs = 1;
    PortId outputs = 1;
    unsigned vcs = 1;
    std::uint32_t nodes = 2;  ///< HeaderFormat::nodes
    bool path_worms = false;  ///< destination-list headers are routed
    bool tree_worms = false;  ///< bit-string headers are routed
};

/// Where the headers of one (input class, key) go.
struct RouteTableEntry {
    bool valid = false;  ///< false: the router cannot route such a header (an RTL error)
    bool local = false;  ///< the output delivers here (a destination list pops its first entry)
    bool split = false;  ///< bit-string key: the worm splits per destination (split_port)
    PortId port = 0;
    std::uint32_t vc_mask = 0;
    /// Adaptive routing: the other outputs the branch may take, in the order tried
    /// (RouteBranch::alternative_order); the RTL holds as many as it was built for.
    std::vector<PortId> alternatives;

    bool operator==(const RouteTableEntry& o) const {
        return valid == o.valid && local == o.local && split == o.split && port == o.port &&
               vc_mask == o.vc_mask && alternatives == o.alternatives;
    }
    bool operator!=(const RouteTableEntry& o) const { return !(*this == o); }
};

/// One router's table. Keys 0..nodes-1 are destinations (unicast headers, the next destination
/// of a list); key nodes + g is bit-string group g: a bit-string header is looked up under the
/// first group that holds all its destinations. Rows are input classes: every input VC has one
/// class for unicast and bit-string headers and one for destination lists (equal rows share a
/// class, so most routers need few).
struct RouteTable {
    RouteTableShape shape;
    std::vector<std::vector<NodeId>> groups;
    std::vector<unsigned> unicast_class;             ///< per input VC r = port * vcs + vc
    std::vector<unsigned> list_class;                ///< per input VC
    std::vector<std::vector<RouteTableEntry>> rows;  ///< [class][key]
    /// Per destination: the output a splitting bit-string sends it to (-1: none).
    std::vector<int> split_port;
    /// Per output port: the VCs a split branch on it may take.
    std::vector<std::uint32_t> split_vc_mask;

    std::uint32_t keys() const { return shape.nodes + static_cast<std::uint32_t>(groups.size()); }
    unsigned classes() const { return static_cast<unsigned>(rows.size()); }
    /// Some entry lists adaptive alternatives.
    bool adaptive() const { return max_alternatives() > 0; }
    /// A row destination lists are routed by (with path worms) lists alternatives, which the
    /// RTL does not take for them.
    bool list_alternatives() const;
    /// The most alternatives an entry lists.
    unsigned max_alternatives() const;
    const RouteTableEntry& entry(unsigned cls, std::uint32_t key) const;

    /// Bits of wc_route_table's table_i for a unit built with `classes` rows, `groups` groups
    /// and `alts` alternatives an entry.
    static std::size_t packed_bits(const RouteTableShape& shape, unsigned classes, unsigned groups,
                                   unsigned alts = 0);
    /// The table as wc_route_table's table_i, 32-bit words, least-significant first; `classes`,
    /// `groups` and `alts` are the sizes the RTL was built with (unused rows, groups and
    /// alternative slots are zero). ConfigError when the table is larger, or lists alternatives
    /// for destination lists (the RTL routes lists without them).
    std::vector<std::uint32_t> pack(unsigned classes, unsigned groups, unsigned alts = 0) const;
};

/// Compiles the table of a router from its routing function by asking it, from every input VC,
/// where a unicast to every node, a one-entry destination list to every node and a bit-string
/// naming every group's destinations go. `groups` must be such that the routing function
/// routes every bit-string alike whose first holding group is the same (one output, header
/// unchanged, or a split per destination); a header the function refuses gets an invalid
/// entry. ConfigError (naming `router`) for a decision a table cannot hold.
RouteTable compile_route_table(const RoutingFunction& routing, const RouteTableShape& shape,
                               const std::vector<std::vector<NodeId>>& groups,
                               const std::string& router);

/// Routes from a table exactly as rtl/wc_route_table.sv does (ModelError where the RTL raises
/// its error flag): the reference the tests hold against the family's routing function.
class TableRouting : public RoutingFunction {
  public:
    explicit TableRouting(RouteTable table) : table_(std::move(table)) {}
    RouteDecision route(const RouteQuery& query) const override;
    const RouteTable& table() const { return table_; }

  private:
    RouteTable table_;
};

}  // namespace wormcast
