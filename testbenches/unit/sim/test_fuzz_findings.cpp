// Regression tests for what the fuzz targets of testbenches/fuzz/ found (docs/hardening.md,
// "Findings"): each input that once escaped as another exception than a ConfigError, crashed,
// or broke a property, checked through the function the target calls.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "systemc/pure/YamlDocument.hpp"
#include "testbenches/sim/Scenario.hpp"

using wormcast::ConfigError;

TEST_CASE("fuzz finding: --set on a scenario that is a scalar or a list is a ConfigError",
          "[sim][scenario][fuzz]") {
    // fuzz_scenario: yaml-cpp's BadSubscript escaped from apply_overrides (the program printed
    // "operator[] call on a scalar (key: \"run\")").
    for (const std::string text : {"just words", "[a, b]", "- 1\n- 2\n", "42"}) {
        INFO(text);
        YAML::Node root = YAML::Load(text);
        REQUIRE_THROWS_WITH(
            wormcast::sim::apply_overrides(root, {"run.seed=2"}),
            Catch::Contains("--set 'run.seed=2': the scenario is not a mapping of sections"));
        REQUIRE_THROWS_AS(wormcast::sim::apply_overrides(root, {"clock_ns=5"}), ConfigError);
    }
    // A mapping takes overrides.
    YAML::Node map = YAML::Load("run: {seed: 1}");
    wormcast::sim::apply_overrides(map, {"run.seed=3"});
    CHECK(map["run"]["seed"].as<int>() == 3);
}

TEST_CASE("fuzz finding: a YAML stream yaml-cpp's LoadAll never finishes is read, one document",
          "[sim][scenario][fuzz]") {
    // fuzz_scenario and fuzz_topology_file: yaml-cpp 0.7's LoadAll loops forever on these (the
    // program hung on such a scenario or topology file); each document is now read alone.
    for (const std::string text : {", b]b]", ", b]", "x: 1\n---\n, b]\n"}) {
        INFO(text);
        try {
            (void)wormcast::load_one_document(text, "x.yaml");
        } catch (const ConfigError&) {
        }
    }
    // Documents are still counted at their markers, comments and directives are not documents.
    REQUIRE_THROWS_WITH(wormcast::load_one_document("a: 1\n---\nb: 2\n", "x.yaml"),
                        Catch::Contains("holds 2 YAML documents"));
    REQUIRE_THROWS_WITH(wormcast::load_one_document("a: 1\n--- {b: 2}\n", "x.yaml"),
                        Catch::Contains("holds 2 YAML documents"));
    CHECK(wormcast::load_one_document("%YAML 1.2\n---\na: 1\n...\n# end\n", "x.yaml")["a"]
              .as<int>() == 1);
    CHECK(wormcast::load_one_document("# only\n---\nb: [1, 2]\n", "x.yaml")["b"].size() == 2);
    CHECK(wormcast::load_one_document("", "x.yaml").IsNull());
}
