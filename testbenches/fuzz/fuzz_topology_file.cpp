// libFuzzer target: the irregular family's topology files, the wormcast YAML file and BookSim2's
// anynet file. Input: byte 0 picks the format (even: YAML, odd: anynet), the rest is the file.
// An accepted file must build its network through the family, and the file written back from
// its graph must read as the same graph.
#include <cstddef>
#include <cstdint>
#include <string>

#include <fmt/format.h>

#include "testbenches/fuzz/FuzzSupport.hpp"
#include "topologies/TopologyFamily.hpp"
#include "topologies/irregular/IrregularTopology.hpp"

using namespace wormcast;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const bool yaml = data[0] % 2 == 0;
    const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
    fuzz::refuse_only_with_config_errors([&] {
        const irregular::SwitchGraph graph(yaml ? irregular::read_wormcast_topology(text, "fuzz")
                                                : irregular::read_anynet(text, "fuzz"));
        const std::string written = irregular::write_wormcast_topology(graph);
        std::string again;
        try {
            again = irregular::write_wormcast_topology(
                irregular::SwitchGraph(irregular::read_wormcast_topology(written, "fuzz")));
        } catch (const ConfigError& e) {
            fuzz::finding(fmt::format("the written file is refused: {}\n{}", e.what(), written));
        }
        if (again != written) fuzz::finding("the written file does not read back the same");
        const std::string path = fuzz::write_scratch("topology.txt", text);
        const auto topology = parse_topology((yaml ? "irregular:" : "anynet:") + path, "fuzz");
        (void)topology->describe_text({});
    });
    return 0;
}
