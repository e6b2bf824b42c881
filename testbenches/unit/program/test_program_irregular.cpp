// The irregular-network family through the built program (issue 13): topology and plan JSON in
// the documented shapes, text and DOT, `topology --save` written and read back, and bad topology
// files refused with exit 2 and the reason.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <set>

#include <nlohmann/json.hpp>

#include "testbenches/unit/program/ProgramRunner.hpp"

using wormcast::testing::run_program;
using wormcast::testing::scratch;
using wormcast::testing::slurp;
using wormcast::testing::write_text;

namespace {

const char* kSmall = "irregular:testbenches/scenarios/networks/small10.yaml";

}  // namespace

TEST_CASE("wormcast topology --json describes an irregular network in the documented shape",
          "[program][irregular]") {
    std::string out;
    for (const std::string& topology :
         {std::string(kSmall), std::string("lattice:switches=24,seed=5,links=0.7"),
          std::string(kSmall) + ",root=3"}) {
        INFO(topology);
        REQUIRE(run_program("topology --topology " + topology + " --json", out) == 0);
        INFO(out);
        const auto j = nlohmann::ordered_json::parse(out);
        std::vector<std::string> keys;
        for (const auto& item : j.items()) keys.push_back(item.key());
        REQUIRE(keys ==
                std::vector<std::string>{"switches", "root", "levels", "parent", "channels"});
        const auto n = j["switches"].get<std::size_t>();
        const auto root = j["root"].get<std::size_t>();
        REQUIRE(j["levels"].size() == n);
        REQUIRE(j["parent"].size() == n);
        CHECK(j["levels"][root] == 0);
        for (std::size_t s = 0; s < n; ++s) {
            if (s == root) {
                CHECK(j["parent"][s].is_null());
                continue;
            }
            // A parent is one level up, and the channel parent -> child is down-tree.
            const auto parent = j["parent"][s].get<std::size_t>();
            CHECK(j["levels"][parent].get<int>() + 1 == j["levels"][s].get<int>());
            bool tree = false;
            for (const auto& c : j["channels"])
                if (c[0] == parent && c[1] == s) tree = c[2] == "down-tree";
            CHECK(tree);
        }
        // Both directions of every link; exactly one of each pair is up.
        std::set<std::pair<std::size_t, std::size_t>> up, all;
        for (const auto& c : j["channels"]) {
            REQUIRE(c.size() == 3);
            const std::string cls = c[2];
            REQUIRE((cls == "up" || cls == "down-cross" || cls == "down-tree"));
            all.insert({c[0].get<std::size_t>(), c[1].get<std::size_t>()});
            if (cls == "up") up.insert({c[0].get<std::size_t>(), c[1].get<std::size_t>()});
        }
        for (const auto& [a, b] : all) {
            CHECK(all.count({b, a}) == 1);
            CHECK(up.count({a, b}) + up.count({b, a}) == 1);
        }
    }
    REQUIRE(run_program(std::string("topology --topology ") + kSmall, out) == 0);
    CHECK_THAT(out, Catch::Contains("root"));
    // A BookSim2 anynet file with a root given beside it: switch 1 roots the tree.
    const std::string anynet = scratch("three.anynet");
    write_text(
        anynet,
        "router 0 node 0 router 1 router 2\nrouter 1 node 1 router 2\nrouter 2 node 2 node 3\n");
    REQUIRE(run_program("topology --topology anynet:" + anynet + ",root=1 --json", out) == 0);
    const auto j = nlohmann::json::parse(out);
    CHECK(j["switches"] == 3);
    CHECK(j["root"] == 1);
    CHECK(j["parent"] == nlohmann::json::parse("[1, null, 1]"));
    REQUIRE(run_program("plan --topology anynet:" + anynet +
                            " --algorithm unicast --source 0 --dests 1,2,3 --json",
                        out) == 0);
    CHECK(nlohmann::json::parse(out)["phases"].size() == 2);
}

TEST_CASE(
    "wormcast plan on an irregular network: SPAM, the binomial software scheme and the naive tree",
    "[program][irregular]") {
    std::string out;
    const std::vector<int> dests{5, 9, 12, 13, 3};
    const std::string list = "5,9,12,13,3";
    REQUIRE(run_program(std::string("plan --topology ") + kSmall +
                            " --algorithm spam --source 0 --dests " + list + " --json",
                        out) == 0);
    INFO(out);
    auto j = nlohmann::ordered_json::parse(out);
    std::vector<std::string> keys;
    for (const auto& item : j.items()) keys.push_back(item.key());
    REQUIRE(keys == std::vector<std::string>{"lca", "route_to_lca", "down_tree", "channels_used"});
    CHECK(j["route_to_lca"].front() == 0);  // processor 0 hangs on switch 0
    CHECK(j["route_to_lca"].back() == j["lca"]);
    CHECK(j["down_tree"].front()["switch"] == j["lca"]);
    std::multiset<std::string> delivered;
    std::size_t outputs = 0;
    for (const auto& step : j["down_tree"])
        for (const auto& o : step["outputs"]) {
            ++outputs;
            if (o.is_string()) delivered.insert(o.get<std::string>());
        }
    std::multiset<std::string> expected;
    for (int d : dests) expected.insert("P" + std::to_string(d));
    CHECK(delivered == expected);
    CHECK(j["channels_used"] == 1 + (j["route_to_lca"].size() - 1) + outputs);

    const std::string dot = scratch("spam.dot");
    REQUIRE(run_program(std::string("plan --topology ") + kSmall +
                            " --algorithm spam --source 0 --dests " + list + " --dot " + dot,
                        out) == 0);
    CHECK_THAT(out, Catch::Contains("LCA") || Catch::Contains("lca"));
    CHECK_THAT(slurp(dot), Catch::Contains("graph") && Catch::Contains("style=dashed"));

    REQUIRE(run_program(std::string("plan --topology ") + kSmall +
                            " --algorithm unicast --source 0 --dests " + list + " --json",
                        out) == 0);
    j = nlohmann::ordered_json::parse(out);
    CHECK(j["chain"].front() == 0);
    CHECK(j["phases"].size() == static_cast<std::size_t>(std::ceil(std::log2(dests.size() + 1))));
    CHECK(j["startups"] == dests.size());

    REQUIRE(run_program(std::string("plan --topology ") + kSmall +
                            " --algorithm naive-tree --source 0 --dests " + list + " --json",
                        out) == 0);
    j = nlohmann::ordered_json::parse(out);
    auto naive = j["delivered"].get<std::vector<int>>();
    std::sort(naive.begin(), naive.end());
    auto sorted = dests;
    std::sort(sorted.begin(), sorted.end());
    CHECK(naive == sorted);

    // Bad requests: exit 2 and the field.
    REQUIRE(run_program(std::string("plan --topology ") + kSmall +
                            " --algorithm spam --source 14 --dests 1",
                        out) == 2);
    CHECK_THAT(out, Catch::Contains("--source") && Catch::Contains("0..13"));
    REQUIRE(run_program(std::string("plan --topology ") + kSmall +
                            " --algorithm spam --source 1 --dests 2,2",
                        out) == 2);
    CHECK_THAT(out, Catch::Contains("listed twice"));
    REQUIRE(run_program(
                std::string("plan --topology ") + kSmall + " --algorithm hl --source 1 --dests 2",
                out) == 2);
    CHECK_THAT(out, Catch::Contains("--algorithm"));
}

TEST_CASE("wormcast topology --save writes a lattice network that reads back as the same network",
          "[program][irregular]") {
    std::string out, again;
    const std::string file = scratch("lattice.yaml");
    REQUIRE(run_program(
                "topology --topology lattice:switches=40,seed=11,links=0.8 --json --save " + file,
                out) == 0);
    CHECK_THAT(slurp(file), Catch::Contains("switches: 40"));
    REQUIRE(run_program("topology --topology irregular:" + file + " --json", again) == 0);
    CHECK(nlohmann::json::parse(out) == nlohmann::json::parse(again));
    // The same plan on both.
    REQUIRE(run_program("plan --topology lattice:switches=40,seed=11,links=0.8 --algorithm spam "
                        "--source 3 --dests "
                        "1,17,22,39 --json",
                        out) == 0);
    REQUIRE(run_program("plan --topology irregular:" + file +
                            " --algorithm spam --source 3 --dests 1,17,22,39 --json",
                        again) == 0);
    CHECK(nlohmann::json::parse(out) == nlohmann::json::parse(again));
    // Text form, and a path that cannot be written.
    REQUIRE(
        run_program("topology --topology lattice:switches=8,seed=1 --save " + scratch("l8.yaml"),
                    out) == 0);
    CHECK_THAT(out, Catch::Contains("saved"));
    REQUIRE(run_program("topology --topology lattice:switches=8,seed=1 --save /nonexistent/x.yaml",
                        out) == 2);
    CHECK_THAT(out, Catch::Contains("--save"));
    // --save belongs to irregular networks only.
    REQUIRE(run_program("topology --topology mesh:4x4 --save " + scratch("m.yaml"), out) == 2);
    CHECK_THAT(out, Catch::Contains("--save: not an option"));
}

TEST_CASE("bad irregular topology files and strings exit 2 naming the reason",
          "[program][irregular]") {
    struct Case {
        const char* what;
        const char* text;  ///< file content (wormcast format)
        const char* reason;
    };
    const Case cases[] = {
        {"disconnected", "switches: 4\nlinks: [[0, 1], [2, 3]]\n", "disconnected"},
        {"self-link", "switches: 3\nlinks: [[0, 1], [1, 1], [1, 2]]\n", "to itself"},
        {"duplicate", "switches: 3\nlinks: [[0, 1], [1, 2], [1, 0]]\n", "again"},
        {"too many links", "switches: 4\nports: 3\nlinks: [[0, 1], [0, 2], [0, 3]]\n",
         "only 3 ports"},
        {"unknown id", "switches: 3\nlinks: [[0, 1], [1, 7]]\n", "names switch 7"},
        {"unknown key", "switches: 2\nlinks: [[0, 1]]\nlinkz: []\n", "unknown key 'linkz'"},
    };
    std::string out;
    for (const Case& c : cases) {
        INFO(c.what);
        std::string stem = c.what;
        std::replace(stem.begin(), stem.end(), ' ', '-');
        const std::string file = scratch("bad-" + stem + ".yaml");
        write_text(file, c.text);
        REQUIRE(run_program("topology --topology irregular:" + file, out) == 2);
        INFO(out);
        CHECK_THAT(out, Catch::Contains("wormcast: error:") && Catch::Contains(c.reason));
    }
    const std::string anynet = scratch("bad.anynet");
    write_text(anynet, "router 0 node 0 router 1\nrouter 1 node 1 switch 0\n");
    REQUIRE(run_program("topology --topology anynet:" + anynet, out) == 2);
    CHECK_THAT(out, Catch::Contains("switch"));
    REQUIRE(run_program("topology --topology irregular:/nonexistent/net.yaml", out) == 2);
    CHECK_THAT(out, Catch::Contains("cannot read"));
    REQUIRE(run_program("topology --topology lattice:switches=16", out) == 2);
    CHECK_THAT(out, Catch::Contains("seed"));
    REQUIRE(run_program("topology --topology lattice:switches=16,seed=1,colour=red", out) == 2);
    CHECK_THAT(out, Catch::Contains("colour"));
    REQUIRE(run_program("topology --topology lattice:switches=16,seed=1,selection=random", out) ==
            2);
    CHECK_THAT(out, Catch::Contains("selection"));
}
