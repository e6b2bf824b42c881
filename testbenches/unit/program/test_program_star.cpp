// Star graphs through the program (the built binary): `plan` in the issue's JSON shape with the
// worked 4-star example's numbers (docs/star.md §6), `topology --label/--node/--json`, and bad
// input refused with exit code 2 and the field named.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include <nlohmann/json.hpp>

#include "testbenches/unit/program/ProgramRunner.hpp"

using wormcast::testing::run_program;
using wormcast::testing::scratch;
using wormcast::testing::slurp;

namespace {

const char* const kExample = "--source 2143 --dests \"3124;1243;1342;4231\"";

}  // namespace

TEST_CASE("plan --json on a star graph has the issue's shape and the worked example's numbers",
          "[program][star]") {
    struct Expected {
        const char* scheme;
        std::size_t worms;
        int total, max;
    };
    // docs/star.md §6 (dual-path: Definition 1's 9-channel high worm, not the paper's 11).
    const Expected expected[] = {{"hamiltonian", 2, 21, 15},
                                 {"dual-path", 2, 15, 9},
                                 {"multipath", 3, 17, 6},
                                 {"two-phase", 7, 18, 6},
                                 {"unicast", 4, 21, 16}};
    for (const Expected& e : expected) {
        INFO(e.scheme);
        std::string out;
        REQUIRE(run_program(std::string("plan --topology star:n=4 --algorithm ") + e.scheme + " " +
                                kExample + " --json",
                            out) == 0);
        const auto plan = nlohmann::ordered_json::parse(out);
        std::vector<std::string> keys;
        for (const auto& item : plan.items()) keys.push_back(item.key());
        REQUIRE(keys ==
                std::vector<std::string>{"algorithm", "worms", "total_channels", "max_distance"});
        REQUIRE(plan["algorithm"] == e.scheme);
        REQUIRE(plan["worms"].size() == e.worms);
        REQUIRE(plan["total_channels"] == e.total);
        REQUIRE(plan["max_distance"] == e.max);
        int sum = 0;
        for (const auto& worm : plan["worms"]) {
            keys.clear();
            for (const auto& item : worm.items()) keys.push_back(item.key());
            REQUIRE(keys == std::vector<std::string>{"from", "dests", "path", "channels", "phase"});
            REQUIRE(worm["from"].is_string());
            REQUIRE(worm["path"].front() == worm["from"]);
            REQUIRE(worm["path"].back() == worm["dests"].back());
            REQUIRE(worm["channels"].get<std::size_t>() + 1 == worm["path"].size());
            for (const auto& node : worm["path"]) REQUIRE(node.get<std::string>().size() == 4);
            sum += worm["channels"].get<int>();
        }
        REQUIRE(sum == e.total);
        // `star:4` is the same topology.
        std::string same;
        REQUIRE(run_program(std::string("plan --topology star:4 --algorithm ") + e.scheme + " " +
                                kExample + " --json",
                            same) == 0);
        REQUIRE(same == out);
    }
    // The two-phase relays of the paper: 1234, 4213, 3412, 2431 get phase-1 worms.
    std::string out;
    REQUIRE(run_program(std::string("plan --topology star:n=4 --algorithm two-phase ") + kExample +
                            " --json",
                        out) == 0);
    std::vector<std::string> relays;
    const auto two_phase = nlohmann::json::parse(out);
    for (const auto& worm : two_phase["worms"])
        if (worm["phase"] == 1)
            for (const auto& d : worm["dests"]) relays.push_back(d.get<std::string>());
    std::sort(relays.begin(), relays.end());
    REQUIRE(relays == std::vector<std::string>{"1234", "2431", "3412", "4213"});

    // Text with labels, and a picture.
    const std::string dot = scratch("plan.dot");
    REQUIRE(run_program(std::string("plan --topology star:n=4 --algorithm dual-path ") + kExample +
                            " --dot " + dot,
                        out) == 0);
    REQUIRE_THAT(
        out, Catch::Contains("2143 (8)") && Catch::Contains("total channels 15, max distance 9"));
    REQUIRE_THAT(slurp(dot), Catch::Contains("digraph") && Catch::Contains("\"1342\" -> \"2341\""));
}

TEST_CASE("topology on a star graph: --label, --node and the Hamiltonian path", "[program][star]") {
    std::string out;
    REQUIRE(run_program("topology --topology star:n=4 --label 2143", out) == 0);
    REQUIRE(out == "l(2143) = 8\n");
    REQUIRE(run_program("topology --topology star:n=4 --node 23", out) == 0);
    REQUIRE(out == "l(4231) = 23\n");
    REQUIRE(run_program("topology --topology star:n=6 --label 563412 --json", out) == 0);
    REQUIRE(nlohmann::json::parse(out) == nlohmann::json{{"node", "563412"}, {"label", 492}});
    REQUIRE(run_program("topology --topology star:7 --node 2553 --json", out) == 0);
    REQUIRE(nlohmann::json::parse(out)["node"] == "3517264");

    REQUIRE(run_program("topology --topology star:n=4 --json", out) == 0);
    const auto described = nlohmann::json::parse(out);
    REQUIRE(described["topology"] == "star:n=4");
    REQUIRE(described["nodes"] == 24);
    const std::vector<std::string> path = described["path"];
    const std::vector<std::string> issue{"1234", "2134", "3124", "1324", "2314", "3214",
                                         "4213", "1243", "2143", "4123", "1423", "2413",
                                         "3412", "4312", "1342", "3142", "4132", "1432",
                                         "2431", "3421", "4321", "2341", "3241", "4231"};
    REQUIRE(path == issue);
    REQUIRE(run_program("topology --topology star:n=4", out) == 0);
    REQUIRE_THAT(out, Catch::Contains("24 nodes") && Catch::Contains("   23 4231\n"));

    // --node and --label are inverse on sampled labels of the 5-star.
    std::mt19937_64 rng(14);
    for (int i = 0; i < 5; ++i) {
        const unsigned label = std::uniform_int_distribution<unsigned>(0, 119)(rng);
        REQUIRE(run_program("topology --topology star:n=5 --json --node " + std::to_string(label),
                            out) == 0);
        const std::string node = nlohmann::json::parse(out)["node"];
        REQUIRE(run_program("topology --topology star:n=5 --json --label " + node, out) == 0);
        REQUIRE(nlohmann::json::parse(out)["label"] == label);
    }
}

TEST_CASE("bad star inputs are refused with exit code 2 and the field named", "[program][star]") {
    struct Bad {
        std::string args;
        std::string says;
    };
    const std::string plan = "plan --topology star:n=4 --algorithm multipath ";
    const Bad bad[] = {
        {"topology --topology star:n=10", "n: 10 is not in 3..9"},
        {"topology --topology star:2", "n: 2 is not in 3..9"},
        {"topology --topology star:x", "n: 'x' is not a whole number"},
        {"topology --topology star:n=4,m=1", "m: unknown key"},
        {"topology --topology star:n=4 --label 1224", "--label"},
        {"topology --topology star:n=4 --label 12345", "--label"},
        {"topology --topology star:n=4 --node 24",
         "--node: '24' is not a label of the 4-star (0..23)"},
        {"topology --topology star:n=4 --node 3 --label 1234", "give one of them"},
        {"topology --topology mesh:4x4 --node 3", "--node: not an option"},
        {plan + "--source 1235 --dests 1234", "--source"},
        {plan + "--source 1234 --dests \"2134;21x4\"", "--dests[1]"},
        {plan + "--source 1234 --dests \"\"", "--dests: name at least one destination"},
        {"plan --topology star:n=4 --algorithm tree --source 1234 --dests 2134",
         "--algorithm: 'tree' is not a star multicast scheme"},
    };
    for (const Bad& b : bad) {
        INFO(b.args);
        std::string out;
        REQUIRE(run_program(b.args, out) == 2);
        INFO(out);
        REQUIRE_THAT(out, Catch::Contains("error") && Catch::Contains(b.says));
    }
}

TEST_CASE("steps on a star graph: the network and the start-up model agree for every scheme",
          "[program][star]") {
    const std::string pattern = scratch("pattern.json");
    std::ofstream(pattern)
        << R"({"multicasts": [{"source": "2143", "destinations": ["3124", "1243", "1342", "4231"]},
                                  {"source": "1234", "destinations": ["4321", "2413"]}]})";
    // Steps of the example's multicast with a second one beside it: start-ups on the longest chain.
    const std::pair<const char*, int> expected[] = {
        {"unicast", 3}, {"hamiltonian", 2}, {"dual-path", 2}, {"multipath", 3}, {"two-phase", 4}};
    for (const auto& [scheme, steps] : expected) {
        INFO(scheme);
        std::string network, model;
        const std::string args = std::string("steps --topology star:n=4 --json --algorithm ") +
                                 scheme + " --pattern " + pattern;
        REQUIRE(run_program(args, network) == 0);
        REQUIRE(run_program(args + " --model", model) == 0);
        REQUIRE(network == model);
        REQUIRE(nlohmann::json::parse(network)["steps"] == steps);
    }
}
