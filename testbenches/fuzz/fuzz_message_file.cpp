// libFuzzer target: a message file (traffic.kind file) read against a network of each family.
// Input: the first byte picks the network (FuzzSupport's samples), the rest is the file.
#include <cstddef>
#include <cstdint>
#include <string>

#include <fmt/format.h>

#include "testbenches/fuzz/FuzzSupport.hpp"
#include "testbenches/traffic/TrafficSchedule.hpp"
#include "topologies/TopologyFamily.hpp"

using namespace wormcast;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const auto& names = fuzz::sample_topologies();
    static std::vector<std::unique_ptr<Topology>> topologies;
    if (topologies.empty())
        for (const auto& name : names) topologies.push_back(parse_topology(name, "sample"));
    const Topology& topology = *topologies[data[0] % topologies.size()];
    const std::string path = fuzz::write_scratch(
        "messages.txt", std::string(reinterpret_cast<const char*>(data) + 1, size - 1));
    fuzz::refuse_only_with_config_errors([&] {
        const auto sends = read_message_file(
            path, [&](const std::string& t) { return topology.parse_node(t, "node"); });
        for (const auto& send : sends) {
            if (send.source >= topology.nodes() || send.destinations.empty())
                fuzz::finding(fmt::format("accepted a send from node {}", send.source));
            for (NodeId d : send.destinations)
                if (d >= topology.nodes())
                    fuzz::finding(
                        fmt::format("accepted destination {} of {} nodes", d, topology.nodes()));
        }
    });
    return 0;
}
