// Tests of the mesh multicast plan outputs (pure C++): `wormcast plan --json` shape, text and
// Graphviz renderings, the `wormcast steps` JSON and the pattern-file reader (issue 4, items 2-3).
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "systemc/pure/StartupStepModel.hpp"
#include "testbenches/sim/PatternRun.hpp"
#include "topologies/mesh/MeshMulticastFirmware.hpp"
#include "topologies/mesh/MeshMulticastJson.hpp"
#include "topologies/mesh/MeshMulticastPlan.hpp"
#include "topologies/mesh/MeshMulticastRender.hpp"
#include "topologies/mesh/network/MeshFamily.hpp"

using namespace wormcast;
using namespace wormcast::mesh;

namespace {

MeshMulticastPlan issue_example(MeshMulticastAlgorithm algorithm) {
    const MeshMulticastConfig config{MeshShape::parse("8x8", false), algorithm, LeaderPhase::Umesh};
    const MeshShape& mesh = config.shape;
    return plan_mesh_multicast(
        config, mesh.parse_node("3,3"),
        {mesh.parse_node("1,0"), mesh.parse_node("2,0"), mesh.parse_node("7,7")});
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("plan JSON has exactly the issue's shape", "[mesh-multicast][output]") {
    const nlohmann::ordered_json json = plan_to_json(issue_example(MeshMulticastAlgorithm::Umesh));
    const auto expected = nlohmann::ordered_json::parse(R"({
        "topology": "mesh:8x8", "algorithm": "umesh", "source": [3, 3],
        "destinations": [[1, 0], [2, 0], [7, 7]],
        "sends": [
          {"step": 1, "from": [3, 3], "kind": "unicast", "to": [[2, 0]],
           "path": [[3, 3], [2, 3], [2, 2], [2, 1], [2, 0]]},
          {"step": 2, "from": [2, 0], "kind": "unicast", "to": [[1, 0]], "path": [[2, 0], [1, 0]]},
          {"step": 2, "from": [3, 3], "kind": "unicast", "to": [[7, 7]],
           "path": [[3, 3], [4, 3], [5, 3], [6, 3], [7, 3], [7, 4], [7, 5], [7, 6], [7, 7]]}],
        "steps": 2})");
    REQUIRE(json == expected);
    REQUIRE(json.dump().rfind(R"({"topology":"mesh:8x8","algorithm":"umesh","source":[3,3],)", 0) ==
            0);
}

TEST_CASE("plan JSON gives worms their level and visiting order", "[mesh-multicast][output]") {
    // HL: rows y=0 {1,2} led by (1,0) -> worm [(2,0)]; L2 = {(1,0), (7,7), (3,3)}.
    const nlohmann::ordered_json json = plan_to_json(issue_example(MeshMulticastAlgorithm::Hl));
    REQUIRE(json["algorithm"] == "hl");
    bool found_worm = false;
    for (const auto& send : json["sends"]) {
        if (send["kind"] == "multidest") {
            found_worm = true;
            REQUIRE(send["level"] == 1);
            REQUIRE(send["from"] == nlohmann::ordered_json::parse("[1,0]"));
            REQUIRE(send["to"] == nlohmann::ordered_json::parse("[[2,0]]"));
            REQUIRE(send["path"] == nlohmann::ordered_json::parse("[[1,0],[2,0]]"));
        } else {
            REQUIRE_FALSE(send.contains("level"));
        }
    }
    REQUIRE(found_worm);
    // Chain (1,0) (3,3) (7,7), source in the middle: (7,7) in step 1, (1,0) in step 2, worm in 3.
    REQUIRE(json["steps"] == 3);
}

TEST_CASE("plan text draws the send tree and every path", "[mesh-multicast][output]") {
    const std::string text = render_plan_text(issue_example(MeshMulticastAlgorithm::Umesh));
    REQUIRE(contains(text, "umesh on mesh 8x8: source 3,3, 3 destinations, 3 sends, 2 steps"));
    REQUIRE(contains(text,
                     "3,3 (source)\n"
                     "    [step 1] unicast -> 2,0\n"
                     "        [step 2] unicast -> 1,0\n"
                     "    [step 2] unicast -> 7,7\n"));
    REQUIRE(contains(text, "path 3,3 4,3 5,3 6,3 7,3 7,4 7,5 7,6 7,7"));

    const std::string worms = render_plan_text(issue_example(MeshMulticastAlgorithm::Sqhl));
    REQUIRE(contains(worms, "(leader phase umesh)"));
    REQUIRE(contains(worms, "worm L1 -> "));
}

TEST_CASE("plan dot is a digraph with one edge per unicast and per worm hop",
          "[mesh-multicast][output]") {
    const std::string dot = render_plan_dot(issue_example(MeshMulticastAlgorithm::Umesh));
    REQUIRE(dot.rfind("digraph ", 0) == 0);
    REQUIRE(contains(dot, "n27 [label=\"3,3\", pos=\"3,3!\", style=filled, fillcolor=gold];"));
    REQUIRE(contains(dot, "n27 -> n2 [label=\"1\"];"));
    REQUIRE(contains(dot, "n2 -> n1 [label=\"2\"];"));
    REQUIRE(contains(dot, "n27 -> n63 [label=\"2\"];"));
    REQUIRE(dot.back() == '\n');

    const std::string worm = render_plan_dot(issue_example(MeshMulticastAlgorithm::Hl));
    REQUIRE(contains(worm, "n1 -> n2 [label=\"3 L1\", style=bold, color=blue];"));
}

TEST_CASE("steps JSON and pattern files", "[mesh-multicast][output]") {
    const MeshShape mesh = MeshShape::parse("4x4", false);
    const auto topology = mesh_topology(mesh);
    const auto pattern = sim::read_pattern(
        *topology, R"({"multicasts":[{"source":[0,0],"destinations":[[3,3],[1,0]]},
                                 {"source":[3,3],"destinations":[[0,0]]}]})",
        8);
    REQUIRE(pattern.size() == 2);
    REQUIRE(pattern[0].multicast == 0);
    REQUIRE(pattern[0].source == 0);
    REQUIRE(pattern[0].destinations == std::vector<NodeId>{15, 1});
    REQUIRE(pattern[0].length == 8);
    REQUIRE(pattern[1].multicast == 1);

    const MeshMulticastConfig config{mesh, MeshMulticastAlgorithm::Umesh, LeaderPhase::Umesh};
    StartupStepModel model(mesh.nodes(), [&config](NodeId) {
        return std::make_unique<MeshMulticastFirmware>(config);
    });
    const auto result = model.run(pattern);
    // Multicast 0: Φ = (0,0) (1,0) (3,3): (0,0) -> (1,0) in step 1, (1,0) -> (3,3) in step 2.
    // Multicast 1: (3,3) -> (0,0) in step 1.
    const auto json = sim::steps_json(*topology, result);
    REQUIRE(json.dump() ==
            R"({"steps":2,"startups_per_node":{"0,0":1,"1,0":1,"3,3":1},"max_startups":1})");

    const auto error_of = [&topology](const std::string& text) {
        try {
            sim::read_pattern(*topology, text);
        } catch (const ConfigError& error) {
            return std::string(error.what());
        }
        return std::string("no error");
    };
    REQUIRE(contains(error_of("{"), "pattern: not valid JSON"));
    REQUIRE(contains(error_of(R"({"multicast":[]})"), "\"multicasts\""));
    REQUIRE(contains(error_of(R"({"multicasts":[{"source":[0,4],"destinations":[[1,1]]}]})"),
                     "multicasts[0].source: coordinate 1 = 4 is not an integer in 0..3"));
    REQUIRE(contains(error_of(R"({"multicasts":[{"source":[0,0],"destinations":[[1,1],[1,1]]}]})"),
                     "multicasts[0].destinations[1]: 1,1 is listed twice"));
    REQUIRE(contains(error_of(R"({"multicasts":[{"source":[0,0],"destinations":[[0,0]]}]})"),
                     "multicasts[0].destinations[0]: 0,0 is the source"));
    REQUIRE(contains(error_of(R"({"multicasts":[{"source":[0,0,0],"destinations":[[1,1]]}]})"),
                     "multicasts[0].source: expected an array of 2 coordinates"));
    REQUIRE(contains(error_of(R"({"multicasts":[{"source":[0,0],"destinations":[]}]})"),
                     "multicasts[0].destinations: expected a non-empty array"));
    REQUIRE(topology_spec(MeshShape::parse("6x6x6", false)) == "mesh:6x6x6");
}
