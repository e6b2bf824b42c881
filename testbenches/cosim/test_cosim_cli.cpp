// RTL routers on the user's path (issue 6): `wormcast run --rtl` and the scenario key network.rtl
// give the all-SystemC latencies and deliveries, all-RTL and mixed; a network no verilated
// configuration fits is refused naming the parameters; --vcd also writes the RTL routers'
// internals.
#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "testbenches/cosim/MeshRtlCases.hpp"
#include "testbenches/cosim/ScenarioLockStep.hpp"
#include "testbenches/sim/Scenario.hpp"

using namespace wormcast;
using namespace wormcast::cosim;

namespace {

/// A scratch directory of this test process, so tests never write into the source tree.
std::string scratch(const std::string& name) {
    static const std::filesystem::path dir = [] {
        auto d = std::filesystem::temp_directory_path() /
                 ("wormcast_cosim_cli_" + std::to_string(::getpid()));
        std::filesystem::create_directories(d / "waves");
        return d;
    }();
    return (dir / name).string();
}

std::string slurp(const std::string& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

/// Runs the program in the scratch directory; its stdout and stderr go to `output`.
int run_program(const std::string& args, std::string& output) {
    const std::string out = scratch("program_output.txt");
    const std::string cmd = "cd " + scratch("") + " && " + std::string(WORMCAST_BINARY) + " " +
                            args + " > " + out + " 2>&1";
    const int status = std::system(cmd.c_str());
    output = slurp(out);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/// A 4x4 mesh with the default router and NIC parameters (those of the verilated v1d4 and of
/// testbenches/scenarios/demo.yaml) under uniform traffic.
const char* kScenario =
    "name: rtl-user-path\n"
    "network: {topology: mesh, size: 4x4}\n"
    "router: {vcs: 1, buffer_depth: 4, t_node: 20ns, t_sw: 5ns, t_phy: 5ns}\n"
    "traffic: {kind: uniform, load: 0.15, length: 8, warmup: 100, measure: 600}\n"
    "run: {seed: 11}\n";

std::string scenario_file() {
    const std::string path = scratch("rtl.yaml");
    std::ofstream(path) << kScenario;
    return path;
}

/// The VCD header (scopes and variables, full dotted names) and the value changes after time 0.
struct Vcd {
    std::vector<std::string> top_scopes;
    std::map<std::string, std::string>
        id_of;  ///< full name (also with its [msb:lsb]) -> identifier code
    std::map<std::string, std::vector<std::string>> changes;  ///< identifier -> values after time 0
    std::string timescale;

    bool has(const std::string& name) const { return id_of.count(name) > 0; }
    const std::vector<std::string>& changes_of(const std::string& name) const {
        static const std::vector<std::string> none;
        const auto it = id_of.find(name);
        if (it == id_of.end()) return none;
        const auto c = changes.find(it->second);
        return c == changes.end() ? none : c->second;
    }
};

Vcd read_vcd(const std::string& path) {
    std::ifstream in(path);
    REQUIRE(in);
    Vcd vcd;
    std::vector<std::string> scopes;
    std::string token;
    // Header: whitespace-separated tokens up to $enddefinitions.
    while (in >> token && token != "$enddefinitions") {
        if (token == "$timescale") {
            for (std::string t; in >> t && t != "$end";) vcd.timescale += t;
        } else if (token == "$scope") {
            std::string kind, name, end;
            in >> kind >> name >> end;
            if (scopes.empty()) vcd.top_scopes.push_back(name);
            scopes.push_back(name);
        } else if (token == "$upscope") {
            in >> token;
            REQUIRE(!scopes.empty());
            scopes.pop_back();
        } else if (token == "$var") {
            std::string type, width, id, name, range;
            in >> type >> width >> id >> name;
            for (std::string t; in >> t && t != "$end";) range += t;  // an optional [msb:lsb]
            std::string full;
            for (const auto& s : scopes) full += s + ".";
            vcd.id_of[full + name] = id;
            if (!range.empty()) vcd.id_of[full + name + range] = id;  // as GTKWave names vectors
        }
    }
    in >> token;  // $end
    // Value changes: "#time", "1!" (scalar), "b0101 !" (vector).
    unsigned long long time = 0;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        if (line[0] == '#') {
            time = std::stoull(line.substr(1));
        } else if (time > 0 && (line[0] == 'b' || line[0] == 'B')) {
            const auto space = line.find(' ');
            vcd.changes[line.substr(space + 1)].push_back(line.substr(1, space - 1));
        } else if (time > 0 && std::string("01xzXZ").find(line[0]) != std::string::npos) {
            vcd.changes[line.substr(1)].push_back(line.substr(0, 1));
        }
    }
    return vcd;
}

}  // namespace

TEST_CASE(
    "wormcast run --rtl all and a mixed --rtl list give the all-SystemC latencies and deliveries",
    "[cosim][cli]") {
    const std::string scenario = scenario_file();
    std::string out;
    REQUIRE(run_program("run " + scenario + " --json none.json", out) == 0);
    INFO(out);
    REQUIRE_THAT(out, !Catch::Contains("rtl routers"));
    const auto reference = nlohmann::json::parse(slurp(scratch("none.json")));
    REQUIRE(reference["ok"] == true);
    REQUIRE(reference["completed_multicasts"].get<int>() > 50);
    REQUIRE(reference["completed_multicasts"] == reference["measured_multicasts"]);

    REQUIRE(run_program("run " + scenario + " --rtl all --json all.json", out) == 0);
    REQUIRE_THAT(
        out,
        Catch::Contains(
            "rtl routers  16 of 16 are the verilated RTL (e-cube wc_router of the mesh 4x4, 1 VC, "
            "depth 4, 32-bit flits, 1 injection / 1 consumption channels): 0,0 1,0 2,0 3,0 0,1"));
    REQUIRE(run_program("run " + scenario + " --rtl \"3,3;1,1;0,0;2,1\" --json mixed.json", out) ==
            0);
    REQUIRE_THAT(
        out,
        Catch::Contains(
            "rtl routers  4 of 16 are the verilated RTL (e-cube wc_router of the mesh 4x4, 1 VC, "
            "depth 4, 32-bit flits, 1 injection / 1 consumption channels): 0,0 1,1 2,1 3,3\n"));
    REQUIRE_THAT(out, Catch::Contains("check        every message delivered exactly once"));

    REQUIRE(reference["rtl_routers"].empty());
    REQUIRE(nlohmann::json::parse(slurp(scratch("all.json")))["rtl_routers"].size() == 16);
    REQUIRE(nlohmann::json::parse(slurp(scratch("mixed.json")))["rtl_routers"] ==
            nlohmann::json::array({0, 5, 6, 15}));
    for (const char* file : {"all.json", "mixed.json"}) {
        const auto rtl = nlohmann::json::parse(slurp(scratch(file)));
        INFO(file);
        require_same_results(rtl, reference);
    }
}

TEST_CASE(
    "network.rtl in a scenario puts RTL routers at the listed nodes with the all-SystemC arrivals",
    "[cosim][scenario]") {
    YAML::Node root = YAML::Load(kScenario);
    root["network"]["rtl"] = YAML::Load("[\"1,1\", \"2,1\", \"1,2\", \"2,2\"]");
    const sim::Scenario mixed = sim::parse_scenario(root, "rtl.yaml");
    REQUIRE(mixed.rtl_routers() == std::vector<std::size_t>{5, 6, 9, 10});
    REQUIRE_THAT(mixed.rtl_model(),
                 Catch::StartsWith("e-cube wc_router of the mesh 4x4, 1 VC, depth 4"));
    root["network"]["rtl"] = "none";
    const sim::Scenario plain = sim::parse_scenario(root, "rtl.yaml");
    REQUIRE(plain.rtl_routers().empty());
    REQUIRE(plain.rtl_model().empty());

    sim::RunOptions options = plain.run;
    options.record_arrivals = true;  // every message, node and tail cycle compared below
    const sim::RunResult reference =
        sim::run_network(plain.network(), plain.params, plain.schedule(), options);
    const sim::RunResult rtl =
        sim::run_network(mixed.network(), mixed.params, mixed.schedule(), options);
    for (const auto& p : rtl.problems) UNSCOPED_INFO(p);
    REQUIRE(reference.ok());
    REQUIRE(rtl.ok());
    REQUIRE(reference.rtl_routers.empty());
    REQUIRE(rtl.rtl_routers == std::vector<std::size_t>{5, 6, 9, 10});
    REQUIRE(!rtl.arrival_digest.empty());
    REQUIRE(rtl.arrival_digest == reference.arrival_digest);  // every message, node and tail cycle
    REQUIRE(rtl.link_flits == reference.link_flits);
    REQUIRE(rtl.cycles == reference.cycles);

    root["network"]["rtl"] = "all";
    REQUIRE(sim::parse_scenario(root, "rtl.yaml").rtl_routers().size() == 16);
    root["network"]["rtl"] = YAML::Load("{x: 1}");
    REQUIRE_THROWS_WITH(sim::parse_scenario(root, "rtl.yaml"),
                        Catch::Contains("network.rtl: expected all, none"));
    root["network"]["rtl"] = "1,1;9,1";
    REQUIRE_THROWS_WITH(sim::parse_scenario(root, "rtl.yaml"), Catch::StartsWith("network.rtl:"));
}

TEST_CASE(
    "run --rtl builds the configuration of any parameters on first use, loads it from the cache "
    "afterwards, and refuses only what the RTL lacks, naming the mechanism",
    "[cosim][cli][config]") {
    const std::string scenario = scenario_file();
    const std::string cache = scratch("rtl-cache");
    std::filesystem::remove_all(cache);
    const std::string keys =
        " --set router.buffer_depth=3 --set router.vcs=3 --set router.t_node=2";
    std::string systemc_out, first, second;
    REQUIRE(run_program("run " + scenario + " --rtl none" + keys, systemc_out) == 0);
    REQUIRE(run_program("run " + scenario + " --rtl all --rtl-cache " + cache + keys, first) == 0);
    INFO(first);
    REQUIRE_THAT(first, Catch::Contains("rtl: verilating e-cube wc_router of the mesh 4x4, 3 VCs, "
                                        "depth 3") &&
                            Catch::Contains("rtl: built"));
    REQUIRE_THAT(first, Catch::Contains("16 of 16 are the verilated RTL (e-cube wc_router"));
    REQUIRE(run_program("run " + scenario + " --rtl all --rtl-cache " + cache + keys, second) == 0);
    REQUIRE_THAT(second, !Catch::Contains("rtl: verilating"));  // from the cache
    const auto latency_line = [](const std::string& text) {
        const auto at = text.find("latency");
        return text.substr(at, text.find('\n', at) - at);
    };
    REQUIRE(latency_line(first) == latency_line(systemc_out));
    REQUIRE(latency_line(second) == latency_line(systemc_out));
    // The SystemC and Verilator headers were precompiled once for each optimisation level, and
    // every compile of the model (its fast and slow units, the shim) used them.
    const auto precompiled = [&cache] {
        int n = 0;
        for (const auto& entry : std::filesystem::directory_iterator(cache + "/headers"))
            if (std::filesystem::exists(entry.path() / "complete") &&
                std::filesystem::exists(entry.path() / "wormcast_rtl_headers.h.gch"))
                ++n;
        return n;
    };
    REQUIRE(precompiled() == 2);
    std::string makefile;
    for (const auto& entry : std::filesystem::directory_iterator(cache))
        if (std::filesystem::exists(entry.path() / "obj" / "wormcast.mk"))
            makefile = slurp((entry.path() / "obj" / "wormcast.mk").string());
    const auto count = [&makefile](const std::string& what) {
        std::size_t n = 0;
        for (auto at = makefile.find(what); at != std::string::npos;
             at = makefile.find(what, at + 1))
            ++n;
        return n;
    };
    REQUIRE(count("-c ") >= 3);
    REQUIRE(count("wormcast_rtl_headers.h") == count("-c "));
    // The cache lists it, and cleans it.
    std::string listed;
    REQUIRE(run_program("rtl list --rtl-cache " + cache, listed) == 0);
    REQUIRE_THAT(listed, Catch::Contains("1 configurations") && Catch::Contains("NUM_VCS=3") &&
                             Catch::Contains("BUF_DEPTH=3"));
    REQUIRE(run_program("rtl clean --rtl-cache " + cache, listed) == 0);
    REQUIRE_THAT(listed, Catch::Contains("removed 1 configuration(s)"));
    REQUIRE(run_program("rtl list --rtl-cache " + cache, listed) == 0);
    REQUIRE_THAT(listed, Catch::Contains("0 configurations"));
    REQUIRE(precompiled() == 0);  // their lock files stay, as the models' do

    // What the RTL does not implement is refused before simulating, naming the mechanism.
    std::string out;
    REQUIRE(run_program("run " + scenario + " --rtl all --set router.route_timing=fixed", out) ==
            2);
    REQUIRE_THAT(out, Catch::Contains("wormcast: error: network.rtl: RTL routers: the RTL does not "
                                      "implement router.route_timing fixed") &&
                          Catch::Contains("gather only"));
    REQUIRE_THAT(out, !Catch::Contains("latency"));
    REQUIRE(run_program("run " + scenario + " --rtl \"1,1;1,1\"", out) == 2);
    REQUIRE_THAT(out, Catch::Contains("network.rtl: router 1,1 is listed twice"));
    REQUIRE(run_program("run " + scenario + " --rtl 4,0", out) == 2);
    REQUIRE_THAT(out, Catch::Contains("network.rtl:"));
    REQUIRE(run_program("rtl frobnicate", out) == 2);
    REQUIRE_THAT(out, Catch::Contains("rtl: 'frobnicate' is not an action"));
}

TEST_CASE(
    "a run with RTL routers and --vcd also writes their Verilator waveform: ports, FIFO counts, "
    "link activity",
    "[cosim][cli][waves]") {
    const std::string scenario = scenario_file();
    std::string out;
    REQUIRE(run_program("run " + scenario + " --rtl \"1,1;2,1\" --vcd waves/run.vcd", out) == 0);
    INFO(out);
    REQUIRE_THAT(out, Catch::Contains("waveform     waves/run.vcd\n"));
    REQUIRE_THAT(out, Catch::Contains("rtl waveform waves/run.rtl.vcd\n"));
    REQUIRE(std::filesystem::exists(scratch("waves/run.vcd")));
    REQUIRE(std::filesystem::exists(scratch("waves/run.rtl.vcd")));

    // The SystemC side: the links, in nanoseconds as without RTL routers (the save files' unit),
    // with no word from SystemC about the RTL clock's half-period steps.
    const Vcd links = read_vcd(scratch("waves/run.vcd"));
    REQUIRE(links.timescale == "1ns");
    REQUIRE_THAT(out, !Catch::Contains("W713") && !Catch::Contains("not representable"));
    REQUIRE(links.has("SystemC.net.r1_1_o1__r2_1_i0.valid"));

    const Vcd rtl = read_vcd(scratch("waves/run.rtl.vcd"));
    REQUIRE(rtl.timescale == "1ps");
    REQUIRE(rtl.top_scopes == std::vector<std::string>{"net.r1_1.rtl", "net.r2_1.rtl"});
    const std::string router = "net.r1_1.rtl.wc_router.";
    for (const char* name :
         {"clk_i", "rst_ni", "in_valid_i", "in_flit_i", "out_valid_o", "out_flit_o",
          "u_core.g_in[0].u_input.in_valid_i", "u_core.g_in[4].u_input.in_flit_i",
          "u_core.g_in[4].u_input.in_credit_o", "u_core.g_in[4].u_input.g_vc[0].state_q",
          "u_core.g_in[4].u_input.g_vc[0].u_fifo.count_q", "u_core.g_out[1].u_output.out_valid_o",
          "u_core.g_out[1].u_output.out_flit_o", "u_core.g_out[1].u_output.g_vc[0].credits_q"}) {
        INFO(name);
        REQUIRE(rtl.has(router + name));
    }
    // Link activity: node 1,1's injection link and the link towards 2,1 (x+) carry flits.
    for (const char* valid :
         {"u_core.g_in[4].u_input.in_valid_i", "u_core.g_out[1].u_output.out_valid_o"}) {
        INFO(valid);
        const auto& changes = rtl.changes_of(router + valid);
        REQUIRE(std::count(changes.begin(), changes.end(), "1") >= 1);
        REQUIRE(std::count(changes.begin(), changes.end(), "0") >= 1);
    }
    // Buffer occupancy: some input FIFO of router 1,1 holds flits at some time.
    bool occupied = false;
    for (int port = 0; port < 5; ++port) {
        const std::string count =
            router + "u_core.g_in[" + std::to_string(port) + "].u_input.g_vc[0].u_fifo.count_q";
        REQUIRE(rtl.has(count));
        for (const auto& value : rtl.changes_of(count))
            occupied |= value.find('1') != std::string::npos;
    }
    REQUIRE(occupied);

    // trace.routers chooses the routers of both files; a run without RTL routers writes no RTL
    // file.
    REQUIRE(
        run_program("run " + scenario + " --rtl all --set trace.routers=2,1 --vcd waves/one.vcd",
                    out) == 0);
    REQUIRE(read_vcd(scratch("waves/one.rtl.vcd")).top_scopes ==
            std::vector<std::string>{"net.r2_1.rtl"});
    REQUIRE(run_program("run " + scenario + " --vcd waves/plain.vcd", out) == 0);
    REQUIRE_THAT(out, !Catch::Contains("rtl waveform"));
    REQUIRE(std::filesystem::exists(scratch("waves/plain.vcd")));
    REQUIRE(!std::filesystem::exists(scratch("waves/plain.rtl.vcd")));
}

TEST_CASE("waves/rtl.gtkw names signals that the demo's RTL waveform has", "[cosim][cli][waves]") {
    std::string out;
    REQUIRE(run_program(std::string("run ") + WORMCAST_SOURCE_DIR +
                            "/testbenches/scenarios/demo.yaml --rtl all --set trace.routers=1,1 "
                            "--vcd waves/demo.vcd",
                        out) == 0);
    INFO(out);
    const Vcd rtl = read_vcd(scratch("waves/demo.rtl.vcd"));
    std::ifstream save(std::string(WORMCAST_SOURCE_DIR) + "/waves/rtl.gtkw");
    REQUIRE(save);
    int signals = 0;
    bool dumpfile = false, filter = false;
    for (std::string line; std::getline(save, line);) {
        dumpfile |= line == "[dumpfile] \"waves/demo.rtl.vcd\"";
        // ^>N declares a translate filter process (waves/README.md), not a signal.
        filter |= line.rfind("^>1 build/wormcast wave-filter", 0) == 0;
        if (line.empty() || std::string("[@-*^").find(line[0]) != std::string::npos) continue;
        INFO(line);
        REQUIRE(rtl.has(line));
        ++signals;
    }
    REQUIRE(dumpfile);
    REQUIRE(filter);
    REQUIRE(signals == 2 + 5 * 5 + 5 * 4);  // clock, reset; per input 5 rows, per output 4
}

TEST_CASE(
    "a sweep over router keys with RTL routers gives its all-SystemC twin's table, the points "
    "sharing each configuration's one build",
    "[cosim][cli][sweep]") {
    const std::string cache = scratch("sweep-rtl-cache"), systemc = scratch("sweep-systemc"),
                      rtl = scratch("sweep-rtl");
    for (const auto& dir : {cache, systemc, rtl}) std::filesystem::remove_all(dir);
    // Two seeds a point and two jobs: two processes ask for one configuration at once (one
    // builds, the other waits for the cache's lock and loads it).
    const std::string sweep = "sweep " + scenario_file() +
                              " --vary router.buffer_depth=2,3 --seeds 2 --jobs 2"
                              " --set traffic.measure=300";
    std::string out;
    REQUIRE(run_program(sweep + " --set network.rtl=none --out " + systemc, out) == 0);
    REQUIRE(run_program(sweep + " --set network.rtl=all --rtl-cache " + cache + " --out " + rtl,
                        out) == 0);
    INFO(out);
    REQUIRE(slurp(rtl + "/sweep.csv") == slurp(systemc + "/sweep.csv"));
    std::string listed;
    REQUIRE(run_program("rtl list --json --rtl-cache " + cache, listed) == 0);
    const auto entries = nlohmann::json::parse(listed)["entries"];
    REQUIRE(entries.size() == 2);  // one per buffer depth
    for (const auto& e : entries) REQUIRE(e["loadable"] == true);
}
