// Consumption-channel ports of a MIN's exit switches (see ConsumptionChannels.hpp).
// Varavithya & Mohapatra §3 (Fig. 7(b)) and §5.3.4: one physical link per channel.
#include "topologies/min/ConsumptionChannels.hpp"

#include <fmt/format.h>

namespace wormcast::min {

ConsumptionChannels::ConsumptionChannels(const MinShape& shape, std::uint32_t channels)
    : shape_(shape), channels_(channels) {
    shape_.validate();
    if (channels != 1 && channels != shape_.radix)
        throw ConfigError(
            fmt::format("consumption channels: {} is neither 1 nor b = {} for {} (the paper's "
                        "one- and b-channel models)",
                        channels, shape_.radix, shape_.name()));
}

bool ConsumptionChannels::is_exit_switch(SwitchId id) const {
    return id.stage == (shape_.kind == MinKind::Bidirectional ? 0 : shape_.stages - 1);
}

PortId ConsumptionChannels::outputs(SwitchId id) const {
    const PortId own = shape_.switch_ports();
    if (!is_exit_switch(id) || channels_ == 1) return own;
    return static_cast<PortId>(own + (channels_ - 1) * shape_.radix);
}

PortId ConsumptionChannels::channel_port(PortId node_port, std::uint32_t channel) const {
    if (node_port >= shape_.radix || channel >= channels_)
        throw ModelError(fmt::format("{}: no consumption channel {} on node port {}", shape_.name(),
                                     channel, node_port));
    if (channel == 0) return node_port;
    // UNI: channel c of node port k is c*b + k. BI: after the 2b ports, (c-1)*b + k.
    const std::uint32_t first_extra = shape_.kind == MinKind::Bidirectional ? 2 * shape_.radix : 0;
    const std::uint32_t skipped = shape_.kind == MinKind::Bidirectional ? channel - 1 : channel;
    return static_cast<PortId>(first_extra + skipped * shape_.radix + node_port);
}

PortId ConsumptionChannels::port(NodeId node, std::uint32_t channel) const {
    shape_.check_node(node, "consumption channel node");
    return channel_port(static_cast<PortId>(node % shape_.radix), channel);
}

PortId ConsumptionChannels::delivery_port(PortId node_port, PortId in_port) const {
    return channel_port(node_port, channel_for(in_port));
}

}  // namespace wormcast::min
