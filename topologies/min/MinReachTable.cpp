// Reach blocks of every downward switch port (see MinReachTable.hpp).
// Varavithya & Mohapatra §4.2: "routing tables in each switch, set at start-up".
#include "topologies/min/MinReachTable.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace wormcast::min {

MinReachTable::MinReachTable(const MinWiring& wiring) : shape_(wiring.shape()) {
    const std::uint32_t b = shape_.radix;
    const std::uint32_t n = shape_.stages;
    table_.resize(std::size_t{n} * shape_.rows());
    // UNI: stage n-1 feeds nodes, so fill from the last stage down. BI: left ports of stage 0
    // feed nodes and backward channels go down a stage, so fill from stage 0 up.
    for (std::uint32_t step = 0; step < n; ++step) {
        const std::uint32_t stage = wiring.bidirectional() ? step : n - 1 - step;
        for (std::uint32_t row = 0; row < shape_.rows(); ++row) {
            const SwitchId id{stage, row};
            std::vector<PortEndpoint> ends;
            for (PortId p = 0; p < b; ++p) ends.push_back(wiring.output_target(id, p));
            table_[index(id)] = unite(id, ends);
        }
    }
}

SwitchReach MinReachTable::unite(SwitchId id, const std::vector<PortEndpoint>& ends) const {
    SwitchReach reach;
    reach.id = id;
    for (std::size_t p = 0; p < ends.size(); ++p) {
        if (ends[p].is_node()) {
            reach.port.push_back(NodeRange{ends[p].node, ends[p].node + 1});
        } else if (ends[p].is_switch()) {
            // The worm continues on the next switch's downward ports: all of them can be used.
            reach.port.push_back(table_[index(ends[p].switch_id)].all);
        } else {
            throw ModelError(fmt::format("{}: downward port {} of switch {} is open", shape_.name(),
                                         p, to_string(id)));
        }
    }
    std::vector<NodeRange> sorted = reach.port;
    std::sort(sorted.begin(), sorted.end(),
              [](const NodeRange& a, const NodeRange& b) { return a.first < b.first; });
    for (std::size_t p = 1; p < sorted.size(); ++p)
        if (sorted[p].first != sorted[p - 1].last)
            throw ModelError(
                fmt::format("{}: the ports of switch {} do not reach one block of distinct nodes",
                            shape_.name(), to_string(id)));
    reach.all = NodeRange{sorted.front().first, sorted.back().last};
    return reach;
}

RouteDecision split_bit_string(const Header& bit_string, const SwitchReach& reach,
                               std::uint32_t vc_mask) {
    RouteDecision decision;
    for (PortId p = 0; p < reach.port.size(); ++p) {
        if (!names_any_in(bit_string, reach.port[p])) continue;
        RouteBranch out;
        out.port = p;
        out.vc_mask = vc_mask;
        Header masked = masked_to(bit_string, reach.port[p]);
        if (masked != bit_string) out.rewritten = std::move(masked);
        decision.branches.push_back(std::move(out));
    }
    return decision;
}

const SwitchReach& MinReachTable::at(SwitchId id) const {
    if (id.stage >= shape_.stages || id.row >= shape_.rows())
        throw ModelError(fmt::format("{}: no switch {}", shape_.name(), to_string(id)));
    return table_[index(id)];
}

NodeRange MinReachTable::port_reach(SwitchId id, PortId port) const {
    const SwitchReach& reach = at(id);
    if (port >= reach.port.size())
        throw ModelError(fmt::format("{}: port {} of switch {} is not a downward port",
                                     shape_.name(), port, to_string(id)));
    return reach.port[port];
}

}  // namespace wormcast::min
