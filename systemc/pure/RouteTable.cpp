// Route tables (see RouteTable.hpp); the packed layout is the one rtl/wc_route_table.sv reads.
#include "systemc/pure/RouteTable.hpp"

#include <algorithm>
#include <optional>

#include <fmt/format.h>

namespace wormcast {

namespace {

unsigned width_for(unsigned values) {
    unsigned bits = 1;
    while ((1u << bits) < values) ++bits;
    return bits;
}

std::vector<PortId> alternatives_of(const RouteBranch& b) {
    if (!b.alternative_order.empty()) return b.alternative_order;
    std::vector<PortId> out;
    b.alternatives.for_each([&out](unsigned q) { out.push_back(static_cast<PortId>(q)); });
    return out;
}

/// Bits written least-significant first into 32-bit words.
class TableBitWriter {
  public:
    void put(std::uint64_t value, unsigned bits) {
        for (unsigned i = 0; i < bits; ++i, ++at_) {
            if (at_ / 32 >= words_.size()) words_.push_back(0);
            if ((value >> i) & 1U) words_[at_ / 32] |= 1u << (at_ % 32);
        }
    }
    void skip_to(std::size_t bit) {
        while (at_ < bit) put(0, 1);
    }
    std::vector<std::uint32_t> words(std::size_t bits) {
        skip_to(bits);
        words_.resize((bits + 31) / 32);
        return words_;
    }

  private:
    std::vector<std::uint32_t> words_;
    std::size_t at_ = 0;
};

}  // namespace

bool RouteTable::list_alternatives() const {
    if (!shape.path_worms) return false;
    for (unsigned c : list_class)
        for (const auto& e : rows.at(c))
            if (!e.alternatives.empty()) return true;
    return false;
}

unsigned RouteTable::max_alternatives() const {
    std::size_t most = 0;
    for (const auto& row : rows)
        for (const auto& e : row) most = std::max(most, e.alternatives.size());
    return static_cast<unsigned>(most);
}

const RouteTableEntry& RouteTable::entry(unsigned cls, std::uint32_t key) const {
    static const RouteTableEntry invalid;
    if (cls >= rows.size() || key >= rows[cls].size()) return invalid;
    return rows[cls][key];
}

std::size_t RouteTable::packed_bits(const RouteTableShape& s, unsigned classes, unsigned groups,
                                    unsigned alts) {
    const std::size_t cls_w = width_for(classes);
    const std::size_t out_w = width_for(s.outputs);
    const std::size_t keys = s.nodes + groups;
    return std::size_t{s.inputs} * s.vcs * 2 * cls_w +
           classes * keys * (3 + s.vcs + out_w + alts * (1 + out_w)) +
           std::size_t{groups} * s.nodes + s.nodes * (1 + out_w) + std::size_t{s.outputs} * s.vcs;
}

std::vector<std::uint32_t> RouteTable::pack(unsigned built_classes, unsigned built_groups,
                                            unsigned built_alts) const {
    if (classes() > built_classes)
        throw ConfigError(fmt::format("route table: {} input classes, the RTL holds {}", classes(),
                                      built_classes));
    if (groups.size() > built_groups)
        throw ConfigError(fmt::format("route table: {} bit-string groups, the RTL holds {}",
                                      groups.size(), built_groups));
    if (max_alternatives() > built_alts)
        throw ConfigError(fmt::format(
            "route table: {} adaptive alternatives an entry, the RTL holds {} (use a static "
            "selection or build the RTL with more)",
            max_alternatives(), built_alts));
    if (list_alternatives())
        throw ConfigError(
            "route table: adaptive alternatives for destination lists, which the RTL routes "
            "without them");
    const unsigned cls_w = width_for(built_classes);
    const unsigned out_w = width_for(shape.outputs);
    const std::uint32_t built_keys = shape.nodes + built_groups;
    TableBitWriter w;
    for (std::size_t r = 0; r < unicast_class.size(); ++r) {
        w.put(unicast_class[r], cls_w);
        w.put(list_class[r], cls_w);
    }
    for (unsigned c = 0; c < built_classes; ++c)
        for (std::uint32_t k = 0; k < built_keys; ++k) {
            // Keys of the built groups beyond this table's are zero (invalid).
            const std::uint32_t key = k < shape.nodes                   ? k
                                      : k - shape.nodes < groups.size() ? k
                                                                        : keys();
            const RouteTableEntry& e = entry(c, key);
            w.put(e.valid, 1);
            w.put(e.local, 1);
            w.put(e.split, 1);
            w.put(e.vc_mask, shape.vcs);
            w.put(e.port, out_w);
            for (unsigned a = 0; a < built_alts; ++a) {
                const bool has = a < e.alternatives.size();
                w.put(has, 1);
                w.put(has ? e.alternatives[a] : 0, out_w);
            }
        }
    for (unsigned g = 0; g < built_groups; ++g) {
        std::vector<bool> member(shape.nodes, false);
        if (g < groups.size())
            for (NodeId d : groups[g]) member.at(d) = true;
        for (std::uint32_t d = 0; d < shape.nodes; ++d) w.put(member[d], 1);
    }
    for (std::uint32_t d = 0; d < shape.nodes; ++d) {
        w.put(split_port[d] >= 0, 1);
        w.put(split_port[d] >= 0 ? static_cast<unsigned>(split_port[d]) : 0, out_w);
    }
    for (PortId q = 0; q < shape.outputs; ++q) w.put(split_vc_mask[q], shape.vcs);
    return w.words(packed_bits(shape, built_classes, built_groups, built_alts));
}

RouteTable compile_route_table(const RoutingFunction& routing, const RouteTableShape& shape,
                               const std::vector<std::vector<NodeId>>& groups,
                               const std::string& router) {
    RouteTable t;
    t.shape = shape;
    t.groups = groups;
    for (const auto& g : groups)
        for (NodeId d : g)
            if (d >= shape.nodes)
                throw ConfigError(fmt::format("{}: route table group names node {} of {}", router,
                                              d, shape.nodes));
    t.split_port.assign(shape.nodes, -1);
    t.split_vc_mask.assign(shape.outputs, 0);
    const std::uint32_t keys = t.keys();

    auto ask = [&](PortId p, VcId v, const Header& h) -> std::optional<RouteDecision> {
        try {
            return routing.route(RouteQuery{p, v, &h});
        } catch (const ModelError&) {
            return std::nullopt;
        } catch (const ConfigError&) {
            return std::nullopt;
        }
    };
    // One output with the header unchanged.
    auto single = [&](const RouteDecision& d, const Header& h, const std::string& what) {
        RouteTableEntry e;
        if (d.branches.size() != 1 || (d.branches[0].rewritten && *d.branches[0].rewritten != h))
            throw ConfigError(fmt::format(
                "{}: {} goes to {} outputs or rewrites its header, which a route table cannot "
                "hold",
                router, what, d.branches.size()));
        const RouteBranch& b = d.branches[0];
        e.valid = true;
        e.local = b.consume;
        e.port = b.port;
        e.vc_mask = b.vc_mask;
        e.alternatives = alternatives_of(b);
        return e;
    };
    auto class_of = [&t](const std::vector<RouteTableEntry>& row) {
        const auto it = std::find(t.rows.begin(), t.rows.end(), row);
        if (it != t.rows.end()) return static_cast<unsigned>(it - t.rows.begin());
        t.rows.push_back(row);
        return static_cast<unsigned>(t.rows.size() - 1);
    };

    for (PortId p = 0; p < shape.inputs; ++p)
        for (VcId v = 0; v < shape.vcs; ++v) {
            std::vector<RouteTableEntry> row(keys);
            for (NodeId d = 0; d < shape.nodes; ++d) {
                const Header h = Header::unicast(d);
                if (const auto decision = ask(p, v, h))
                    row[d] = single(*decision, h, fmt::format("a unicast to {}", d));
            }
            for (std::size_t g = 0; shape.tree_worms && g < groups.size(); ++g) {
                if (groups[g].empty()) continue;
                const Header h = Header::bit_string(shape.nodes, groups[g]);
                const auto decision = ask(p, v, h);
                if (!decision) continue;
                RouteTableEntry& e = row[shape.nodes + g];
                const bool one_way =
                    decision->branches.size() == 1 &&
                    (!decision->branches[0].rewritten || *decision->branches[0].rewritten == h);
                if (one_way) {
                    e = single(*decision, h, fmt::format("bit-string group {}", g));
                    continue;
                }
                e.valid = true;
                e.split = true;
                for (const RouteBranch& b : decision->branches) {
                    if (b.alternatives.any())
                        throw ConfigError(fmt::format(
                            "{}: a split branch of bit-string group {} is adaptive, which a route "
                            "table cannot hold",
                            router, g));
                    const std::vector<NodeId> dests =
                        b.rewritten ? b.rewritten->bit_members(shape.nodes) : groups[g];
                    for (NodeId d : dests) {
                        if (t.split_port[d] >= 0 && t.split_port[d] != static_cast<int>(b.port))
                            throw ConfigError(fmt::format(
                                "{}: bit-strings split node {} to output {} and to output {}; a "
                                "route table has one split output per node",
                                router, d, t.split_port[d], b.port));
                        t.split_port[d] = b.port;
                    }
                    if (t.split_vc_mask[b.port] != 0 && t.split_vc_mask[b.port] != b.vc_mask)
                        throw ConfigError(fmt::format(
                            "{}: split branches on output {} take different VCs", router, b.port));
                    t.split_vc_mask[b.port] = b.vc_mask;
                }
            }
            t.unicast_class.push_back(class_of(row));
            if (!shape.path_worms) {
                t.list_class.push_back(t.unicast_class.back());
                continue;
            }
            std::vector<RouteTableEntry> list_row(keys);
            for (NodeId d = 0; d < shape.nodes; ++d) {
                const Header h = Header::dest_list({d});
                if (const auto decision = ask(p, v, h))
                    list_row[d] =
                        single(*decision, h, fmt::format("a destination list headed by {}", d));
            }
            t.list_class.push_back(class_of(list_row));
        }
    return t;
}

RouteDecision TableRouting::route(const RouteQuery& query) const {
    const Header& h = *query.header;
    const RouteTableShape& s = table_.shape;
    const std::size_t r = std::size_t{query.in_port} * s.vcs + query.in_vc;
    if (r >= table_.unicast_class.size())
        throw ModelError(
            fmt::format("route table: no input VC {} of port {}", query.in_vc, query.in_port));
    auto entry = [&](unsigned cls, NodeId key) -> const RouteTableEntry& {
        const RouteTableEntry& e = table_.entry(cls, key);
        if (!e.valid)
            throw ModelError(
                fmt::format("route table: no route for key {} from port {}", key, query.in_port));
        return e;
    };
    auto branch = [](const RouteTableEntry& e) {
        RouteBranch b;
        b.port = e.port;
        b.vc_mask = e.vc_mask;
        b.consume = e.local;
        for (PortId q : e.alternatives) b.alternatives.set(q);
        b.alternative_order = e.alternatives;
        return b;
    };
    RouteDecision d;
    switch (h.kind) {
        case HeaderKind::Unicast: {
            const NodeId dest = h.destinations.empty() ? s.nodes : h.destinations.front();
            d.branches.push_back(
                branch(entry(table_.unicast_class[r], dest < s.nodes ? dest : table_.keys())));
            return d;
        }
        case HeaderKind::DestList: {
            if (!s.path_worms || h.destinations.empty())
                throw ModelError("route table: destination lists are not routed here");
            const unsigned cls = table_.list_class[r];
            const NodeId d0 = h.destinations[0];
            const RouteTableEntry& e0 = entry(cls, d0 < s.nodes ? d0 : table_.keys());
            if (!e0.local || h.destinations.size() == 1) {
                d.branches.push_back(branch(e0));
                return d;
            }
            const NodeId d1 = h.destinations[1];
            const RouteTableEntry& e1 = entry(cls, d1 < s.nodes ? d1 : table_.keys());
            if (e1.local) throw ModelError("route table: a list names this node twice in a row");
            const Header popped =
                Header::dest_list({h.destinations.begin() + 1, h.destinations.end()});
            RouteBranch local = branch(e0), forward = branch(e1);
            local.rewritten = popped;
            forward.rewritten = popped;
            d.branches.push_back(std::move(local));
            d.branches.push_back(std::move(forward));
            return d;
        }
        case HeaderKind::BitString: {
            if (!s.tree_worms) throw ModelError("route table: bit-strings are not routed here");
            const std::vector<NodeId> dests = h.bit_members(s.nodes);
            if (dests.empty()) throw ModelError("route table: a bit-string naming no node");
            std::size_t g = 0;
            for (; g < table_.groups.size(); ++g) {
                std::vector<bool> member(s.nodes, false);
                for (NodeId m : table_.groups[g]) member[m] = true;
                if (std::all_of(dests.begin(), dests.end(), [&](NodeId x) { return member[x]; }))
                    break;
            }
            if (g == table_.groups.size())
                throw ModelError("route table: no bit-string group holds the destinations");
            const RouteTableEntry& e =
                entry(table_.unicast_class[r], s.nodes + static_cast<NodeId>(g));
            if (!e.split) {
                d.branches.push_back(branch(e));
                return d;
            }
            for (PortId q = 0; q < s.outputs; ++q) {
                std::vector<NodeId> part;
                for (NodeId x : dests) {
                    if (table_.split_port[x] < 0)
                        throw ModelError(
                            fmt::format("route table: node {} has no split output", x));
                    if (table_.split_port[x] == static_cast<int>(q)) part.push_back(x);
                }
                if (part.empty()) continue;
                RouteBranch b;
                b.port = q;
                b.vc_mask = table_.split_vc_mask[q];
                if (part.size() != dests.size()) b.rewritten = Header::bit_string(s.nodes, part);
                d.branches.push_back(std::move(b));
            }
            return d;
        }
    }
    throw ModelError("route table: unknown header kind");
}

}  // namespace wormcast
