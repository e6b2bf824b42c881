// libFuzzer target: a topology string as --topology takes it (every family of
// topologies/Families.cpp). An accepted one must name a network that its own canonical string
// (spec()) names again, and describe itself.
#include <cstddef>
#include <cstdint>
#include <string>

#include <fmt/format.h>

#include "testbenches/fuzz/FuzzSupport.hpp"
#include "topologies/TopologyFamily.hpp"

using namespace wormcast;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    fuzz::refuse_only_with_config_errors([&] {
        const auto topology = parse_topology(text, "--topology", fuzz::scratch_directory());
        if (topology->nodes() == 0) fuzz::finding(fmt::format("'{}' has no nodes", text));
        const std::string spec = topology->spec();
        std::unique_ptr<Topology> again;
        try {
            again = parse_topology(spec, "--topology", fuzz::scratch_directory());
        } catch (const ConfigError& e) {
            fuzz::finding(fmt::format("'{}' gives spec '{}', refused: {}", text, spec, e.what()));
        }
        if (again->spec() != spec || again->nodes() != topology->nodes() ||
            again->routers() != topology->routers())
            fuzz::finding(fmt::format("'{}' -> '{}' -> '{}'", text, spec, again->spec()));
        (void)topology->name();
        (void)topology->node_syntax();
        if (topology->nodes() <= 1024) {
            (void)topology->describe_text({});
            (void)topology->describe_json({});
            for (NodeId n = 0; n < topology->nodes(); ++n)
                if (topology->parse_node(topology->format_node(n), "node") != n)
                    fuzz::finding(fmt::format("'{}': node {} does not read back", spec, n));
        }
    });
    return 0;
}
