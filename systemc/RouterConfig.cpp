// RouterConfig from the network parameters, and its validation (see RouterConfig.hpp).
#include "systemc/RouterConfig.hpp"

#include <fmt/format.h>

#include "systemc/Flit.hpp"

namespace wormcast {

RouterConfig::RouterConfig(const NetworkParams& params)
    : vcs(params.vcs),
      buffer_depth(params.buffer_depth),
      t_node(params.t_node),
      t_node_multidest(params.t_node_multidest),
      route_timing(params.route_timing),
      t_sw(params.t_sw),
      supports_path_worms(params.path_worms),
      supports_tree_worms(params.tree_worms),
      always_clocked(params.always_clocked),
      atomic_ocrq(params.atomic_ocrq) {}

void RouterConfig::validate() const {
    auto fail = [&](const std::string& what) {
        throw ConfigError(fmt::format("{}: {}", name, what));
    };
    if (inputs == 0 || inputs > kMaxPorts)
        fail(fmt::format("inputs = {} is not in 1..{}", inputs, kMaxPorts));
    if (outputs == 0 || outputs > kMaxPorts)
        fail(fmt::format("outputs = {} is not in 1..{}", outputs, kMaxPorts));
    if (vcs == 0 || vcs > Flit::kMaxVcs)
        fail(fmt::format("vcs = {} is not in 1..{}", vcs, Flit::kMaxVcs));
    if (buffer_depth == 0) fail("buffer_depth must be at least 1 flit");
    if (t_node == 0 || t_node_multidest == 0) fail("routing delay t_node must be at least 1 cycle");
    if (t_sw == 0) fail("switch traversal t_sw must be at least 1 cycle");
    if (output_link_latency.size() != outputs)
        fail("one output link latency per output port is needed");
    if (input_credit_latency.size() != inputs) fail("one credit latency per input port is needed");
    for (unsigned l : output_link_latency)
        if (l == 0) fail("link latency must be at least 1 cycle");
    for (unsigned l : input_credit_latency)
        if (l == 0) fail("credit latency must be at least 1 cycle");
    header_format.validate();
}

}  // namespace wormcast
