// Regression tests for what the fuzz targets of testbenches/fuzz/ found (docs/hardening.md,
// "Findings"): each input that once escaped as another exception than a ConfigError, crashed,
// or broke a property, checked through the function the target calls.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include "systemc/pure/InputLimits.hpp"
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

namespace {

/// A "billion laughs" document: `levels` anchors, each a list of ten aliases of the one before.
std::string alias_bomb(int levels) {
    std::string text = "a0: &a0 [lol]\n";
    for (int i = 1; i <= levels; ++i) {
        text += fmt::format("a{}: &a{} [", i, i);
        for (int j = 0; j < 10; ++j) text += fmt::format("{}*a{}", j ? ", " : "", i - 1);
        text += "]\n";
    }
    return text;
}

}  // namespace

TEST_CASE("hostile input: YAML alias bombs and deep nesting are refused at the declared limits",
          "[sim][scenario][fuzz][hardening]") {
    // Each level multiplies the values a reader walks by ten; the reader stops at
    // limits::kMaxYamlNodes instead of walking 10^levels values.
    for (int levels = 6; levels <= 12; ++levels) {
        INFO(levels);
        REQUIRE_THROWS_WITH(wormcast::load_one_document(alias_bomb(levels), "bomb.yaml"),
                            Catch::Contains("bomb.yaml") &&
                                Catch::Contains("an alias counts each time it is used"));
    }
    // Below the limit, aliases are fine.
    CHECK(wormcast::load_one_document(alias_bomb(3), "ok.yaml")["a3"].size() == 10);
    // Nesting deeper than the limit is refused with the path of the too-deep value.
    const auto nested = [](unsigned depth) {
        return std::string(depth, '[') + "1" + std::string(depth, ']');
    };
    REQUIRE_THROWS_WITH(
        wormcast::load_one_document("x: " + nested(wormcast::limits::kMaxYamlDepth + 1), "d.yaml"),
        Catch::Contains("d.yaml: x[0]") && Catch::Contains("nested more than"));
    CHECK_NOTHROW(
        wormcast::load_one_document("x: " + nested(wormcast::limits::kMaxYamlDepth - 1), "d.yaml"));
    // A --set value is held to the same limits: the bomb written as one flow list.
    std::string flow = "[&a0 [lol]";
    for (int i = 1; i <= 7; ++i) {
        flow += fmt::format(", &a{} [", i);
        for (int j = 0; j < 10; ++j) flow += fmt::format("{}*a{}", j ? ", " : "", i - 1);
        flow += "]";
    }
    flow += "]";
    YAML::Node root = YAML::Load("run: {seed: 1}");
    REQUIRE_THROWS_WITH(wormcast::sim::apply_overrides(root, {"router.x=" + flow}),
                        Catch::Contains("--set router.x") &&
                            Catch::Contains("an alias counts each time it is used"));
}

TEST_CASE("hostile input: files that are not UTF-8 text are refused, naming the file",
          "[sim][scenario][fuzz][hardening]") {
    const std::string utf16 = std::string("\xFF\xFE", 2) + std::string("n\0e\0t\0", 6);
    REQUIRE_THROWS_WITH(wormcast::load_one_document(utf16, "s.yaml"),
                        Catch::Contains("s.yaml") && Catch::Contains("UTF-16"));
    REQUIRE_THROWS_WITH(wormcast::load_one_document(std::string("a: 1\0", 5), "s.yaml"),
                        Catch::Contains("byte 4 is NUL"));
    // A UTF-8 byte-order mark is text.
    CHECK(wormcast::load_one_document("\xEF\xBB\xBF"
                                      "a: 1\n",
                                      "s.yaml")["a"]
              .as<int>() == 1);
    // Decimal numbers: only digits.
    CHECK(wormcast::limits::parse_decimal("0042", "f", 0, 100) == 42);
    for (const std::string bad : {"0x4", "4e1", "-1", "+4", "", " 4", "4.0", "0o7"})
        REQUIRE_THROWS_WITH(wormcast::limits::parse_decimal(bad, "field.x", 0, 100),
                            Catch::Contains("field.x"));
    REQUIRE_THROWS_WITH(wormcast::limits::parse_decimal("99999999999999999999999", "f", 0, 100),
                        Catch::Contains("not in 0..100"));
}
