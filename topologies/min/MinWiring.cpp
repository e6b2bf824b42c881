// Wiring of the baseline UNI-MIN and the butterfly BI-MIN (see MinWiring.hpp).
// Varavithya & Mohapatra §2 (Fig. 2) with the exact link formulas of the definitions.
#include "topologies/min/MinWiring.hpp"

#include <fmt/format.h>

namespace wormcast::min {

std::string to_string(SwitchId id) {
    return fmt::format("(stage {}, row {})", id.stage, id.row);
}

bool PortEndpoint::operator==(const PortEndpoint& other) const {
    if (kind != other.kind) return false;
    switch (kind) {
        case Kind::Switch:
            return switch_id == other.switch_id && port == other.port;
        case Kind::Node:
            return node == other.node;
        case Kind::Open:
            return true;
    }
    return false;
}

std::string to_string(const PortEndpoint& endpoint) {
    switch (endpoint.kind) {
        case PortEndpoint::Kind::Switch:
            return fmt::format("switch {} port {}", to_string(endpoint.switch_id), endpoint.port);
        case PortEndpoint::Kind::Node:
            return fmt::format("node {}", endpoint.node);
        case PortEndpoint::Kind::Open:
            return "open";
    }
    return "?";
}

MinWiring::MinWiring(MinShape shape) : shape_(shape) {
    shape_.validate();
}

PortEndpoint MinWiring::node_entry(NodeId node) const {
    shape_.check_node(node, "node_entry");
    return PortEndpoint::at_switch(SwitchId{0, node / shape_.radix},
                                   static_cast<PortId>(node % shape_.radix));
}

PortEndpoint MinWiring::node_exit(NodeId node) const {
    shape_.check_node(node, "node_exit");
    const std::uint32_t last_stage = bidirectional() ? 0 : shape_.stages - 1;
    return PortEndpoint::at_switch(SwitchId{last_stage, node / shape_.radix},
                                   static_cast<PortId>(node % shape_.radix));
}

void MinWiring::check_switch_port(SwitchId id, PortId port) const {
    if (id.stage >= shape_.stages || id.row >= shape_.rows() || port >= switch_ports())
        throw ModelError(fmt::format("{}: no port {} at switch {} (ports 0..{})", shape_.name(),
                                     port, to_string(id), switch_ports() - 1));
}

PortEndpoint MinWiring::output_target(SwitchId id, PortId port) const {
    check_switch_port(id, port);
    return bidirectional() ? bi_link_end(id, port) : uni_output_target(id, port);
}

PortEndpoint MinWiring::input_source(SwitchId id, PortId port) const {
    check_switch_port(id, port);
    return bidirectional() ? bi_link_end(id, port) : uni_input_source(id, port);
}

PortEndpoint MinWiring::uni_output_target(SwitchId id, PortId port) const {
    const std::uint32_t b = shape_.radix;
    const std::uint32_t n = shape_.stages;
    if (id.stage == n - 1) return PortEndpoint::at_node(id.row * b + port);
    // Link number L = i*b+k: keep the top j digits, rotate the low m = n-j digits right by one.
    const std::uint32_t link = id.row * b + port;
    const std::uint32_t low_span = shape_.power(n - id.stage);
    const std::uint32_t top = link / low_span;
    const std::uint32_t low = link % low_span;
    const std::uint32_t rotated = low / b + (low % b) * (low_span / b);
    const std::uint32_t next_link = top * low_span + rotated;
    return PortEndpoint::at_switch(SwitchId{id.stage + 1, next_link / b},
                                   static_cast<PortId>(next_link % b));
}

PortEndpoint MinWiring::uni_input_source(SwitchId id, PortId port) const {
    const std::uint32_t b = shape_.radix;
    const std::uint32_t n = shape_.stages;
    if (id.stage == 0) return PortEndpoint::at_node(id.row * b + port);
    // Undo the right rotation of the previous stage's link: rotate the low digits left by one.
    const std::uint32_t previous_stage = id.stage - 1;
    const std::uint32_t next_link = id.row * b + port;
    const std::uint32_t low_span = shape_.power(n - previous_stage);
    const std::uint32_t top = next_link / low_span;
    const std::uint32_t rotated = next_link % low_span;
    const std::uint32_t low = (rotated % (low_span / b)) * b + rotated / (low_span / b);
    const std::uint32_t link = top * low_span + low;
    return PortEndpoint::at_switch(SwitchId{previous_stage, link / b},
                                   static_cast<PortId>(link % b));
}

PortEndpoint MinWiring::bi_link_end(SwitchId id, PortId port) const {
    const std::uint32_t b = shape_.radix;
    if (port < b) {
        // Left port p: a node at stage 0, else right port b + digit_{j-1}(i) of the switch one
        // stage down whose row is i with digit j-1 set to p.
        if (id.stage == 0) return PortEndpoint::at_node(id.row * b + port);
        const std::uint32_t lower_digit = id.stage - 1;
        const SwitchId lower{lower_digit, shape_.with_digit(id.row, lower_digit, port)};
        return PortEndpoint::at_switch(lower,
                                       static_cast<PortId>(b + shape_.digit(id.row, lower_digit)));
    }
    // Right port b+k of (i, j), j < n-1: left port digit_j(i) of (i with digit j set to k, j+1).
    if (id.stage + 1 >= shape_.stages) return PortEndpoint::open();
    const std::uint32_t k = port - b;
    const SwitchId upper{id.stage + 1, shape_.with_digit(id.row, id.stage, k)};
    return PortEndpoint::at_switch(upper, static_cast<PortId>(shape_.digit(id.row, id.stage)));
}

std::vector<MinLink> MinWiring::links() const {
    std::vector<MinLink> result;
    for (const SwitchId id : switch_ids())
        for (PortId p = 0; p < switch_ports(); ++p) {
            const PortEndpoint end = output_target(id, p);
            if (end.is_switch()) result.push_back(MinLink{id, p, end.switch_id, end.port});
        }
    return result;
}

std::vector<SwitchId> MinWiring::switch_ids() const {
    std::vector<SwitchId> ids;
    ids.reserve(shape_.switches());
    for (std::uint32_t j = 0; j < shape_.stages; ++j)
        for (std::uint32_t i = 0; i < shape_.rows(); ++i) ids.push_back(SwitchId{j, i});
    return ids;
}

}  // namespace wormcast::min
