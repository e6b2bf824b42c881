// The torus multinode broadcasts through the built program: `wormcast plan --algorithm
// atd:h=H|edst|naive --sources ...` prints the JSON shape, the plan it prints is free of
// channel conflicts and delivers every message once, and bad input exits 2 naming the option.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "testbenches/unit/program/ProgramRunner.hpp"
#include "topologies/broadcast/ScheduleChecks.hpp"

using wormcast::testing::run_program;
using wormcast::testing::scratch;
using wormcast::testing::slurp;

namespace {

/// The schedule as the program printed it, read back so the pure checkers can judge the output
/// itself (not the planner's internal copy).
wormcast::broadcast::BroadcastSchedule read_back(const nlohmann::json& plan,
                                                 const std::string& size) {
    using namespace wormcast;
    broadcast::BroadcastSchedule s;
    s.shape = mesh::MeshShape::parse(size, true);
    s.message_flits = plan.at("message_flits").get<std::uint32_t>();
    s.part_flits = plan.at("part_flits").get<std::vector<std::uint32_t>>();
    for (const auto& source : plan.at("sources"))
        s.sources.push_back(s.shape.parse_node(source.get<std::string>()));
    for (const auto& step : plan.at("steps")) {
        broadcast::ScheduleStep st;
        st.phase = step.at("phase").get<std::string>();
        for (const auto& send : step.at("sends")) {
            broadcast::ScheduleSend sd;
            sd.from = s.shape.parse_node(send.at("from").get<std::string>());
            sd.to = s.shape.parse_node(send.at("to").get<std::string>());
            sd.messages = send.at("messages").get<std::vector<std::uint32_t>>();
            sd.flits = send.at("flits").get<std::uint32_t>();
            sd.part = send.value("part", 0u);
            st.sends.push_back(std::move(sd));
        }
        s.steps.push_back(std::move(st));
    }
    return s;
}

}  // namespace

TEST_CASE(
    "wormcast plan prints a torus broadcast in the issue's JSON shape, conflict-free and exactly "
    "once",
    "[program][broadcast]") {
    std::string out;
    struct Case {
        std::string size, algorithm, sources;
    };
    const std::vector<Case> cases{
        {"10x10", "atd:h=5", "--sources \"0,0;3,4;7,7;9,2;5,5\""},
        {"10x10", "atd:h=2", "--random-sources 60 --seed 3"},
        {"15x15", "atd:h=3", "--random-sources 225"},
        {"10x10", "edst", "--sources \"1,1;8,3\""},
        {"6x9", "edst", "--random-sources 20 --seed 9"},
        {"5x5", "naive", "--sources \"0,0\""},
    };
    for (const Case& c : cases) {
        const std::string args = "plan --topology torus:" + c.size + " --algorithm " + c.algorithm +
                                 " " + c.sources + " --json";
        INFO(args);
        REQUIRE(run_program(args, out) == 0);
        const auto plan = nlohmann::json::parse(out);
        REQUIRE(plan.at("algorithm") == c.algorithm);
        REQUIRE(plan.at("sources").is_array());
        for (const auto& s : plan.at("sources"))
            REQUIRE(s.get<std::string>().find(',') != std::string::npos);
        REQUIRE(plan.at("startups") == plan.at("steps").size());
        const std::size_t sources = plan.at("sources").size();
        for (const auto& step : plan.at("steps")) {
            REQUIRE(step.at("phase").is_string());
            REQUIRE_FALSE(step.at("sends").empty());
            for (const auto& send : step.at("sends")) {
                REQUIRE(send.at("from").is_string());
                REQUIRE(send.at("to").is_string());
                REQUIRE(send.at("flits").get<int>() >= 1);
                for (const auto& m : send.at("messages")) REQUIRE(m.get<std::size_t>() < sources);
            }
        }
        const auto schedule = read_back(plan, c.size);
        REQUIRE(wormcast::broadcast::replay_schedule(schedule).empty());
        if (c.algorithm != "naive")
            REQUIRE(wormcast::broadcast::check_congestion(schedule).empty());
        if (c.algorithm == "edst") {
            REQUIRE(plan.at("trees").size() == 4);
            for (const auto& tree : plan.at("trees")) {
                REQUIRE(tree.at("root").is_string());
                REQUIRE(tree.at("parent").size() == schedule.shape.nodes() - 1);  // child -> parent
            }
        } else {
            REQUIRE_FALSE(plan.contains("trees"));
        }
    }
    // The same seed draws the same sources; another seed others.
    std::string again, other;
    REQUIRE(
        run_program(
            "plan --topology torus:10x10 --algorithm atd:h=2 --random-sources 60 --seed 3 --json",
            again) == 0);
    REQUIRE(
        run_program(
            "plan --topology torus:10x10 --algorithm atd:h=2 --random-sources 60 --seed 4 --json",
            other) == 0);
    REQUIRE(nlohmann::json::parse(again)["sources"] != nlohmann::json::parse(other)["sources"]);
    REQUIRE(
        run_program(
            "plan --topology torus:10x10 --algorithm atd:h=2 --random-sources 60 --seed 3 --json",
            out) == 0);
    REQUIRE(out == again);
}

TEST_CASE("wormcast plan lists a torus broadcast as text and draws every step",
          "[program][broadcast]") {
    std::string out;
    const std::string dir = scratch("steps");
    REQUIRE(
        run_program(
            "plan --topology torus:10x10 --algorithm atd:h=5 --random-sources 12 --svg-dir " + dir,
            out) == 0);
    REQUIRE_THAT(out, Catch::Contains("multinode broadcast atd") &&
                          Catch::Contains("step 1: aggregation") && Catch::Contains("startups: "));
    std::string json;
    REQUIRE(
        run_program("plan --topology torus:10x10 --algorithm atd:h=5 --random-sources 12 --json",
                    json) == 0);
    const std::size_t steps = nlohmann::json::parse(json)["steps"].size();
    std::size_t pictures = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        ++pictures;
        REQUIRE_THAT(slurp(entry.path().string()),
                     Catch::StartsWith("<svg") || Catch::Contains("<svg"));
    }
    REQUIRE(pictures == steps);
    REQUIRE(std::filesystem::exists(dir + "/step-001.svg"));
}

TEST_CASE("wormcast plan refuses bad broadcast input with exit 2, naming the option",
          "[program][broadcast]") {
    std::string out;
    struct Bad {
        std::string args, field;
    };
    const std::vector<Bad> bad{
        {"--topology torus:10x10 --algorithm atd:h=3 --sources 0,0", "--algorithm: h: 3"},
        {"--topology torus:10x10 --algorithm atd:h=x --sources 0,0", "--algorithm:"},
        {"--topology torus:10x10 --algorithm atd:h=0 --sources 0,0", "--algorithm: h: 0"},
        {"--topology torus:10x10 --algorithm atd:h=5 --sources \"0,0;0,0\"",
         "--sources: 0,0 is named twice"},
        {"--topology torus:10x10 --algorithm atd:h=5 --sources 10,0", "--sources:"},
        {"--topology torus:10x10 --algorithm edst --sources \"1,a\"", "--sources:"},
        {"--topology torus:10x10 --algorithm edst", "--sources:"},
        {"--topology torus:10x10 --algorithm edst --random-sources 101", "--random-sources: 101"},
        {"--topology torus:10x10 --algorithm edst --random-sources 0", "--random-sources: 0"},
        {"--topology torus:10x10 --algorithm edst --sources 0,0 --random-sources 4",
         "--random-sources:"},
        {"--topology torus:10x10 --algorithm edst --sources 0,0 --message-flits 3",
         "--message-flits: edst"},
        {"--topology torus:6x9 --algorithm atd:h=3 --sources 0,0",
         "--topology: ATD needs a square torus"},
        {"--topology mesh:8x8 --algorithm edst --sources 0,0", "--topology:"},
        {"--topology torus:10x10 --algorithm edst --sources 0,0 --source 0,0", "--source:"},
        {"--topology torus:10x10 --algorithm hl --source 0,0 --dests 1,1 --sources 0,0",
         "--sources: only"},
    };
    for (const Bad& b : bad) {
        INFO(b.args);
        REQUIRE(run_program("plan " + b.args, out) == 2);
        REQUIRE_THAT(out, Catch::Contains(b.field));
    }
}

TEST_CASE("wormcast run broadcasts on a torus with every scheme, every message exactly once",
          "[program][broadcast]") {
    std::string out;
    const std::string json = scratch("run.json");
    for (const char* scheme : {"atd:h=5", "atd:h=2", "edst", "naive", "separate"}) {
        INFO(scheme);
        REQUIRE(
            run_program(
                std::string("run testbenches/scenarios/torus-broadcast.yaml --set nic.multicast=") +
                    scheme + " --json " + json,
                out) == 0);
        INFO(out);
        REQUIRE_THAT(out, Catch::Contains("check        every message delivered exactly once") &&
                              Catch::Contains(std::string("multicast    ") + scheme));
        const auto result = nlohmann::json::parse(slurp(json));
        REQUIRE(result["ok"] == true);
        // EDST cuts each message into four parts, each its own multicast; the others send one.
        const std::size_t multicasts = std::string(scheme) == "edst" ? 48 : 12;
        REQUIRE(result["measured_multicasts"].get<std::size_t>() == multicasts);
        REQUIRE(result["completed_multicasts"].get<std::size_t>() == multicasts);
    }
    // Listed sources, as a YAML list.
    REQUIRE(run_program("run testbenches/scenarios/torus-broadcast.yaml --set 'traffic={kind: "
                        "broadcast, sources: "
                        "[\"0,0\", \"3,4\", \"9,9\"], length: 8}' --set nic.multicast=edst",
                        out) == 0);
    REQUIRE_THAT(out, Catch::Contains("every message delivered exactly once"));
}

TEST_CASE("wormcast run refuses broadcast scenarios it cannot plan, exit 2 naming the key",
          "[program][broadcast]") {
    std::string out;
    struct Bad {
        std::string sets, field;
    };
    const std::vector<Bad> bad{
        {"--set nic.multicast=atd:h=3", "nic.multicast: 'atd:h=3' is not one of"},
        {"--set traffic.random_sources=101", "traffic.random_sources: 101"},
        {"--set 'traffic={kind: broadcast, sources: \"0,0;0,0\"}'",
         "traffic.sources: 0,0 is named twice"},
        {"--set 'traffic={kind: broadcast}'", "traffic.sources:"},
        {"--set 'traffic={kind: uniform, load: 0.01}'",
         "nic.multicast: atd:h=5 plans the whole run ahead"},
        {"--set traffic.length=2 --set nic.multicast=edst", "traffic.length: edst"},
        {"--set traffic.load=0.1", "traffic.load: not used with kind: broadcast"},
        {"--set network.size=6x9", "nic.multicast: 'atd:h=5' is not one of"},
    };
    for (const Bad& b : bad) {
        INFO(b.sets);
        REQUIRE(run_program("run testbenches/scenarios/torus-broadcast.yaml " + b.sets, out) == 2);
        REQUIRE_THAT(out, Catch::Contains(b.field));
    }
}
