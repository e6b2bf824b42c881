// Scenario files and the command line: bad input gets a clear error naming the field and a
// non-zero exit, never a crash; a good scenario runs and writes JSON.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "testbenches/sim/Scenario.hpp"
#include "testbenches/sim/ScenarioKeys.hpp"
#include "topologies/mesh/MeshShape.hpp"

using namespace wormcast;

namespace {

sim::Scenario parse(const std::string& yaml, const std::vector<std::string>& sets = {}) {
    YAML::Node root = YAML::Load(yaml);
    sim::apply_overrides(root, sets);
    return sim::parse_scenario(root, "test.yaml");
}

/// A scratch directory of this test process, so tests never write into the source tree.
std::string scratch(const std::string& name) {
    static const std::filesystem::path dir = [] {
        auto d = std::filesystem::temp_directory_path() /
                 ("wormcast_test_" + std::to_string(::getpid()));
        std::filesystem::create_directories(d);
        return d;
    }();
    return (dir / name).string();
}

const char* kGood =
    "network: {topology: mesh, size: 4x4}\ntraffic: {kind: uniform, load: 0.05, length: 8}\n";

int run_cli(const std::string& args, const std::string& out = scratch("cli_out.txt")) {
    const std::string cmd = "cd " + scratch("") + " && " + std::string(WORMCAST_BINARY) + " " +
                            args + " > " + out + " 2>&1";
    const int status = std::system(cmd.c_str());
    return WEXITSTATUS(status);
}

std::string slurp(const std::string& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace

TEST_CASE("scenario values are read and converted to cycles", "[scenario]") {
    auto s =
        parse(std::string(kGood) +
              "clock_ns: 5\nrouter: {t_node: 20ns, t_sw: 5ns, t_phy: 2}\nnic: {t_startup: 5us}\n");
    REQUIRE(s.params.t_node == 4);
    REQUIRE(s.params.t_sw == 1);
    REQUIRE(s.params.t_phy == 2);
    REQUIRE(s.params.t_startup == 1000);
    REQUIRE(s.topology->nodes() == 16);
    REQUIRE(s.topology->spec() == "mesh:4x4");
    auto t = parse(kGood, {"network.topology=torus", "network.size=5x7", "router.buffer_depth=1"});
    REQUIRE(t.topology->spec() == "torus:5x7");
    REQUIRE(t.topology->nodes() == 35);
    REQUIRE(t.params.vcs == 2);  // tori default to two VCs for the datelines
    REQUIRE(t.params.buffer_depth == 1);
}

TEST_CASE("router.route_timing is gather unless a scenario says fixed",
          "[scenario][route_timing]") {
    REQUIRE(parse(kGood).params.route_timing == RouteTiming::Gather);
    REQUIRE(NetworkParams{}.route_timing == RouteTiming::Gather);
    REQUIRE(parse(kGood, {"router.route_timing=fixed"}).params.route_timing == RouteTiming::Fixed);
    REQUIRE(parse(kGood, {"router.route_timing=gather"}).params.route_timing ==
            RouteTiming::Gather);
    REQUIRE(parse(std::string(kGood) + "router: {route_timing: fixed}\n").params.route_timing ==
            RouteTiming::Fixed);
}

TEST_CASE("bad scenarios are refused with the field and the reason", "[scenario]") {
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
        {{"router.colour=red"}, "router.colour: unknown key"},
        {{"bogus.key=1"}, "scenario.bogus: unknown key"},
        {{"router.buffer_depth=0"}, "router.buffer_depth: 0 is not in 1..4096"},
        {{"router.vcs=two"}, "router.vcs: 'two' is not a whole number"},
        {{"network.size=8x1"}, "radix 1 in dimension 1 is below 2"},
        {{"traffic.load=1.5"}, "traffic.load: 1.5 is not in (0, 1]"},
        {{"traffic.load=lots"}, "traffic.load: 'lots' is not a number"},
        {{"router.t_node=7ns"}, "router.t_node: 7ns is 1.4 clock periods"},
        {{"router.t_sw=0"}, "router.t_sw: 0 is not in 1.."},
        {{"network.topology=ring"}, "network.topology: 'ring' is not one of mesh, torus"},
        {{"network.topology=torus", "router.vcs=1"},
         "torus with datelines needs at least 2 virtual channels"},
        {{"run.clocking=sometimes"}, "run.clocking"},
        {{"router.route_timing=sometimes"},
         "router.route_timing: 'sometimes' is not one of gather, fixed"},
        {{"router.route_timing=Fixed"}, "router.route_timing: 'Fixed' is not one of"},
        {{"traffic.process=burst"}, "traffic.process"},
        {{"router=5"}, "router: expected a mapping"},
        {{"flit_width=4"}, "flit_width: 4 is not in 8..64"},
        {{"flit_width=65"}, "flit_width: 65 is not in 8..64"},
        {{"nic.t_inj=3ps"}, "not a whole number of cycles"},
    };
    for (const auto& [sets, message] : cases) {
        INFO("--set " << sets.front());
        REQUIRE_THROWS_WITH(parse(kGood, sets), Catch::Contains(message));
    }
}

TEST_CASE(
    "traffic and run keys are declared once: a scenario without one gets the declared default, "
    "the declared range is what the reader refuses outside",
    "[scenario]") {
    const sim::Scenario bare = parse("network: {topology: mesh, size: 4x4}\n");
    const auto effective = bare.effective_json();
    int defaults = 0, ranges = 0;
    for (const auto& k : sim::scenario_keys()) {
        INFO(k.name() << " (default " << k.fallback << ", range " << k.range() << ")");
        const bool uniform = k.kinds.empty() || k.kinds.find("uniform") != std::string::npos;
        if (uniform && !k.fallback.empty() && k.kind != sim::ScenarioKey::Kind::Text) {
            // The effective scenario of a file that leaves the key out shows the declared default.
            REQUIRE(effective[k.section].contains(k.key));
            const auto& v = effective[k.section][k.key];
            const std::string shown = v.is_string()    ? v.get<std::string>()
                                      : v.is_boolean() ? (v.get<bool>() ? "true" : "false")
                                                       : fmt::format("{}", v.get<double>());
            CHECK(shown == k.fallback);
            ++defaults;
        }
        if (!uniform ||
            (k.kind != sim::ScenarioKey::Kind::Whole && k.kind != sim::ScenarioKey::Kind::Real))
            continue;
        // Just outside each end of the declared range: refused, naming the key and the range;
        // a whole key's ends themselves are accepted.
        std::vector<std::string> outside;
        if (k.kind == sim::ScenarioKey::Kind::Whole) {
            outside.push_back(std::to_string(k.whole_max + 1));
            if (k.whole_min > 0) outside.push_back(std::to_string(k.whole_min - 1));
            if (k.name() != "run.memory_limit_mb")  // 1 MB: less than this network needs
                REQUIRE_NOTHROW(parse(kGood, {fmt::format("{}={}", k.name(), k.whole_min)}));
            if (k.whole_max < (1u << 30))
                REQUIRE_NOTHROW(parse(kGood, {fmt::format("{}={}", k.name(), k.whole_max)}));
        } else {
            outside.push_back(fmt::format("{}", k.max * 2 + 1));
            outside.push_back(fmt::format("{}", k.open_min ? k.min : k.min - 1));
        }
        for (const auto& v : outside) {
            const std::string set = k.name() + "=" + v;
            INFO("--set " << set);
            REQUIRE_THROWS_WITH(parse(kGood, {set}),
                                Catch::Contains(k.name() + ": ") && Catch::Contains(k.range()));
            ++ranges;
        }
    }
    CHECK(defaults >= 10);
    CHECK(ranges >= 8);
    // Every key a section accepts is declared: an undeclared one is refused as unknown.
    REQUIRE_THROWS_WITH(parse(kGood, {"traffic.rate=0.1"}),
                        Catch::Contains("traffic.rate: unknown key"));
}

TEST_CASE("message files are checked line by line", "[scenario]") {
    const auto shape = mesh::MeshShape::parse("4x4", false);
    auto node = [&](const std::string& t) { return shape.parse_node(t); };
    auto write = [](const std::string& text) {
        std::ofstream(scratch("msgs.txt")) << text;
        return scratch("msgs.txt");
    };
    auto ok = read_message_file(
        write("# cycle source dests length\n10 0,0 3,3;1,2 8\n5 1,1 2,2 4\n"), node);
    REQUIRE(ok.size() == 2);
    REQUIRE(ok[0].at == 5);
    REQUIRE(ok[1].destinations.size() == 2);
    REQUIRE_THROWS_WITH(read_message_file(write("1 0,0 4,0 8\n"), node),
                        Catch::Contains("msgs.txt:1") && Catch::Contains("outside 0..3"));
    REQUIRE_THROWS_WITH(read_message_file(write("1 0,0 0,0 8\n"), node),
                        Catch::Contains("to itself"));
    REQUIRE_THROWS_WITH(read_message_file(write("\n1 0,0 1,0 0\n"), node),
                        Catch::Contains("msgs.txt:2"));
    REQUIRE_THROWS_WITH(read_message_file(write("x 0,0 1,0 3\n"), node),
                        Catch::Contains("not a whole number"));
    REQUIRE_THROWS_WITH(read_message_file(write("1 0,0 1,0\n"), node), Catch::Contains("expected"));
    REQUIRE_THROWS_WITH(read_message_file("no-such-file.txt", node),
                        Catch::Contains("does not exist"));
}

TEST_CASE("the program exits non-zero with a message on bad input, and runs good input",
          "[scenario][cli]") {
    std::ofstream(scratch("good.yaml"))
        << "network: {topology: mesh, size: 4x4}\ntraffic: {kind: uniform, load: 0.05, length: 8, "
           "warmup: 100, measure: 500}\n";
    REQUIRE(run_cli("run good.yaml --json good.json --seed 5") == 0);
    const std::string summary = slurp(scratch("cli_out.txt"));
    REQUIRE_THAT(summary, Catch::Contains("mesh 4x4") && Catch::Contains("seed         5") &&
                              Catch::Contains("router-cycles/s") &&
                              Catch::Contains("exactly once"));
    auto json = nlohmann::json::parse(slurp(scratch("good.json")));
    REQUIRE(json["seed"] == 5);
    REQUIRE(json["ok"] == true);
    REQUIRE(json["latency_cycles"]["count"].get<int>() > 0);

    REQUIRE(run_cli("run good.yaml --set router.buffer_depth=0") == 2);
    REQUIRE_THAT(slurp(scratch("cli_out.txt")), Catch::Contains("error: router.buffer_depth"));
    REQUIRE(run_cli("run good.yaml --set traffic.load=2") == 2);
    REQUIRE(run_cli("run good.yaml --set router.route_timing=sometimes") == 2);
    REQUIRE_THAT(slurp(scratch("cli_out.txt")),
                 Catch::Contains("error: router.route_timing: 'sometimes' is not one of"));
    REQUIRE(run_cli("run good.yaml --set router.route_timing=fixed") == 0);
    REQUIRE(run_cli("run good.yaml --set nonsense") == 2);
    REQUIRE_THAT(slurp(scratch("cli_out.txt")), Catch::Contains("expected key=value"));
    REQUIRE(run_cli("run missing.yaml") != 0);
    REQUIRE(run_cli("frobnicate") != 0);
    std::ofstream(scratch("self.txt")) << "1 1,1 1,1 4\n";
    std::ofstream(scratch("self.yaml"))
        << "network: {size: 4x4}\ntraffic: {kind: file, file: self.txt}\n";
    REQUIRE(run_cli("run self.yaml") == 2);
    REQUIRE_THAT(slurp(scratch("cli_out.txt")), Catch::Contains("to itself"));
    // The BI-MIN forward-port option: in a topology string and for the ATBM load figures.
    REQUIRE(run_cli("reproduce atbm-fig23 --min-forward sideways") == 2);
    REQUIRE_THAT(slurp(scratch("cli_out.txt")),
                 Catch::Contains("--min-forward: forward = 'sideways' is neither"));
    REQUIRE(run_cli("plan --topology min-bi:b=2,n=3,forward=fixed --algorithm atbm --source 0 "
                    "--dests 5,7") == 0);
    REQUIRE(run_cli("plan --topology min-uni:b=2,n=3,forward=fixed --algorithm atbm --source 0 "
                    "--dests 5,7") == 2);
    REQUIRE_THAT(slurp(scratch("cli_out.txt")),
                 Catch::Contains("forward: only a BI-MIN (min-bi) chooses forward ports"));
}

TEST_CASE("uniform schedules offer the requested load with either injection process", "[traffic]") {
    for (auto process : {InjectionProcess::Bernoulli, InjectionProcess::Poisson}) {
        UniformTraffic t;
        t.load = 0.1;
        t.length = 9;
        t.worm_flits = 10;
        t.process = process;
        t.warmup = 0;
        t.measure = 100000;
        const auto sends = uniform_schedule(t, 16, 11);
        // Expected 16 nodes * 0.01 messages/cycle * 100000 cycles = 16000 messages.
        REQUIRE(sends.size() > 15500);
        REQUIRE(sends.size() < 16500);
        std::vector<std::size_t> per_dest(16, 0);
        for (const auto& s : sends) {
            REQUIRE(s.destinations.size() == 1);
            REQUIRE(s.destinations[0] != s.source);
            REQUIRE(s.at < t.measure);
            ++per_dest[s.destinations[0]];
        }
        for (auto c : per_dest) REQUIRE(c > 800);  // uniform: about 1000 each
        // Seeded: the same seed gives the same schedule, another seed a different one.
        const auto again = uniform_schedule(t, 16, 11);
        REQUIRE(again.size() == sends.size());
        REQUIRE(again.back().at == sends.back().at);
        REQUIRE(uniform_schedule(t, 16, 12).size() != sends.size());
    }
}

TEST_CASE("nic.multicast chooses how NICs send a message of several destinations",
          "[scenario][cli][multicast]") {
    // The same multicasts sent as separate unicasts, as one e-cube tree worm, and by HL path
    // worms: every scheme delivers every message to every destination exactly once, and the
    // hardware schemes inject fewer flits than separate unicasts.
    std::ofstream(scratch("mc.msgs"))
        << "0 0,0 3,3;1,2;2,0;0,3 8\n5 2,1 0,0;3,0;1,3 6\n9 3,3 2,2 4\n"
           "20 1,1 0,1;2,1;3,1;1,0;1,2;1,3 5\n";
    std::ofstream(scratch("mc.yaml"))
        << "network: {topology: mesh, size: 4x4}\nrouter: {path_worms: true, tree_worms: true}\n"
           "traffic: {kind: file, file: mc.msgs}\n";
    std::map<std::string, std::uint64_t> injected;
    for (const std::string scheme : {"separate", "tree", "hl", "umesh"}) {
        INFO("nic.multicast=" << scheme);
        REQUIRE(run_cli("run mc.yaml --json mc.json --set nic.multicast=" + scheme) == 0);
        REQUIRE_THAT(slurp(scratch("cli_out.txt")),
                     Catch::Contains("multicast    " + scheme) && Catch::Contains("exactly once"));
        const auto json = nlohmann::json::parse(slurp(scratch("mc.json")));
        REQUIRE(json["ok"] == true);
        injected[scheme] = json["flits_injected"].get<std::uint64_t>();
    }
    REQUIRE(injected["tree"] < injected["separate"]);
    REQUIRE(injected["hl"] < injected["separate"]);

    // Schemes the routers or the topology cannot carry are refused before the run.
    REQUIRE(run_cli("run mc.yaml --set nic.multicast=tree --set router.tree_worms=false") == 2);
    REQUIRE_THAT(slurp(scratch("cli_out.txt")), Catch::Contains("router.tree_worms: true"));
    REQUIRE(run_cli("run mc.yaml --set nic.multicast=hl --set router.path_worms=false") == 2);
    REQUIRE_THAT(slurp(scratch("cli_out.txt")), Catch::Contains("router.path_worms: true"));
    REQUIRE(run_cli("run mc.yaml --set nic.multicast=sqhl") == 2);
    REQUIRE_THAT(slurp(scratch("cli_out.txt")), Catch::Contains("nic.consumption_channels"));
    REQUIRE(run_cli("run mc.yaml --set nic.multicast=tree --set network.topology=torus "
                    "--set router.vcs=2") == 2);
    REQUIRE_THAT(slurp(scratch("cli_out.txt")), Catch::Contains("meshes only"));
    REQUIRE(run_cli("run mc.yaml --set nic.multicast=flood") == 2);
    REQUIRE_THAT(slurp(scratch("cli_out.txt")),
                 Catch::Contains("nic.multicast: 'flood' is not one of separate, tree, umesh"));
}
