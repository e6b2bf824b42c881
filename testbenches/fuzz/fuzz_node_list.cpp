// libFuzzer target: node and router addresses and the node lists of `wormcast plan` on a network
// of each family. Input: byte 0 picks the network, byte 1 the algorithm (one of its schemes),
// then lines: the source, the destinations, and any number of "--option=value" plan options.
#include <cstddef>
#include <cstdint>
#include <string>

#include <fmt/format.h>

#include "testbenches/fuzz/FuzzSupport.hpp"
#include "topologies/TopologyFamily.hpp"

using namespace wormcast;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 2) return 0;
    static std::vector<std::unique_ptr<Topology>> topologies;
    if (topologies.empty())
        for (const auto& name : fuzz::sample_topologies())
            topologies.push_back(parse_topology(name, "sample"));
    const Topology& topology = *topologies[data[0] % topologies.size()];
    const auto lines =
        fuzz::split_lines(std::string(reinterpret_cast<const char*>(data) + 2, size - 2));
    PlanRequest request;
    request.source = lines[0];
    if (lines.size() > 1) request.destinations = lines[1];
    for (std::size_t i = 2; i < lines.size(); ++i) {
        const std::size_t eq = lines[i].find('=');
        request.options[lines[i].substr(0, eq)] =
            eq == std::string::npos ? "true" : lines[i].substr(eq + 1);
    }
    fuzz::refuse_only_with_config_errors([&] {
        const NodeId node = topology.parse_node(lines[0], "--source");
        if (node >= topology.nodes()) fuzz::finding(fmt::format("accepted node {}", node));
    });
    fuzz::refuse_only_with_config_errors([&] {
        const std::size_t router = topology.parse_router(lines[0], "trace.routers");
        if (router >= topology.routers()) fuzz::finding(fmt::format("accepted router {}", router));
    });
    fuzz::refuse_only_with_config_errors([&] {
        const auto schemes = topology.schemes({});
        request.algorithm = data[1] % (schemes.size() + 1) == schemes.size()
                                ? std::string("separate")
                                : schemes[data[1] % (schemes.size() + 1)].name;
        (void)topology.plan(request);
    });
    return 0;
}
