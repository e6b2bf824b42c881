// Readable waves through the built program: the GTKWave translate filter on a real trace, the
// per-message traces against the run's own results, and the deadlock picture.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "testbenches/unit/program/ProgramRunner.hpp"

using wormcast::testing::run_binary;
using wormcast::testing::run_program;
using wormcast::testing::scratch;
using wormcast::testing::slurp;
using wormcast::testing::write_text;

namespace {

/// Every value a VCD gives the signals whose name ends in `suffix` (hex, as GTKWave shows them).
std::vector<std::uint64_t> vcd_values(const std::string& vcd, const std::string& suffix) {
    std::set<std::string> codes;
    std::istringstream in(vcd);
    std::vector<std::uint64_t> values;
    for (std::string line; std::getline(in, line);) {
        std::istringstream words(line);
        std::string w0, type, width, code, name;
        words >> w0;
        if (w0 == "$var") {
            words >> type >> width >> code >> name;
            if (name.size() >= suffix.size() &&
                name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
                codes.insert(code);
        } else if (!w0.empty() && w0[0] == 'b') {
            std::string code2;
            words >> code2;
            if (codes.count(code2) && w0.find_first_not_of("01", 1) == std::string::npos)
                values.push_back(std::stoull(w0.substr(1), nullptr, 2));
        }
    }
    return values;
}

}  // namespace

TEST_CASE("wormcast wave-filter decodes the packed flits of a real demo trace",
          "[program][wave-filter]") {
    std::string out;
    const std::string vcd = scratch("waves.vcd");
    REQUIRE(
        run_program("run testbenches/scenarios/demo.yaml --set traffic.measure=400 --vcd " + vcd,
                    out) == 0);
    const std::string wave = slurp(vcd);
    // The SystemC VCD carries the packed word next to the separate fields it always had.
    REQUIRE_THAT(wave, Catch::Contains("flit_packed") || Catch::Contains("packed"));
    REQUIRE_THAT(wave, Catch::Contains(" kind "));
    const auto values = vcd_values(wave, "packed");
    REQUIRE(values.size() > 50);
    std::string input;
    for (std::uint64_t v : values) input += fmt::format("{:016X}\n", v);
    input += "xxxxxxxxxxxxxxxx\n";
    write_text(scratch("values.txt"), input);
    // GTKWave passes everything after the program as one argument: both forms must work.
    for (const std::string command :
         {"wave-filter --topology mesh:4x4", "'wave-filter --topology mesh:4x4'"}) {
        REQUIRE(run_program(command + " < " + scratch("values.txt"), out) == 0);
        std::istringstream lines(out);
        std::size_t i = 0, heads = 0;
        for (std::string line; std::getline(lines, line); ++i) {
            INFO(line);
            if (i == values.size()) {
                CHECK(line == "xxxxxxxxxxxxxxxx");
                continue;
            }
            REQUIRE(i < values.size());
            const unsigned kind = static_cast<unsigned>(values[i] >> 60);
            const std::string tag =
                fmt::format(" m{} vc{}", (values[i] >> 32) & 0xffffff, (values[i] >> 56) & 0xf);
            static const char* const words[] = {"idle", "HEAD",      "body",
                                                "tail", "HEAD+TAIL", "BUBBLE"};
            REQUIRE(kind <= 5);
            CHECK(line.rfind(words[kind], 0) == 0);
            if (kind != 0) CHECK_THAT(line, Catch::Contains(tag));
            if (kind == 1) {
                ++heads;
                // A unicast on the mesh: the destination as the mesh names nodes, x,y in 0..3.
                CHECK(std::regex_search(line, std::regex(" to [0-3],[0-3]$")));
            }
        }
        CHECK(i == values.size() + 1);
        CHECK(heads > 0);
    }
    // Bad options: exit 2 with the field named.
    REQUIRE(run_program("wave-filter --encoding sometimes < /dev/null", out) == 2);
    CHECK_THAT(out, Catch::Contains("sometimes"));
}

TEST_CASE(
    "above 32-bit flits the packed flit in the VCD is flit_width + 32 bits, data bits above 31 "
    "included, and wave-filter --flit-width decodes it",
    "[program][wave-filter]") {
    std::string out;
    const std::string vcd = scratch("wide.vcd");
    REQUIRE(run_program("run testbenches/scenarios/demo.yaml --set flit_width=48 "
                        "--set traffic.measure=300 --vcd " +
                            vcd,
                        out) == 0);
    // The packed signals' codes, and their values as bit strings of 80 bits (48 data + 32).
    std::set<std::string> codes;
    std::vector<std::string> values;
    std::istringstream in(slurp(vcd));
    for (std::string line; std::getline(in, line);) {
        std::istringstream words(line);
        std::string w0, type, width, code, name;
        words >> w0;
        if (w0 == "$var") {
            words >> type >> width >> code >> name;
            if (name.find("packed") == std::string::npos) continue;
            CHECK(width == "80");
            codes.insert(code);
        } else if (!w0.empty() && w0[0] == 'b') {
            std::string code2;
            words >> code2;
            if (codes.count(code2) && w0.find_first_not_of("01", 1) == std::string::npos)
                values.push_back(std::string(81 - w0.size(), '0') + w0.substr(1));
        }
    }
    REQUIRE(values.size() > 50);
    // As GTKWave hands them to the filter: 20 hex digits.
    std::string input;
    for (const std::string& v : values)
        for (std::size_t i = 0; i < v.size(); i += 4) {
            input += "0123456789ABCDEF"[std::stoul(v.substr(i, 4), nullptr, 2)];
            if (i + 4 == v.size()) input += "\n";
        }
    write_text(scratch("wide-values.txt"), input);
    REQUIRE(run_program(
                "wave-filter --topology mesh:4x4 --flit-width 48 < " + scratch("wide-values.txt"),
                out) == 0);
    std::istringstream lines(out);
    std::size_t i = 0, heads = 0, wide_data = 0;
    static const char* const kinds[] = {"idle", "HEAD", "body", "tail", "HEAD+TAIL", "BUBBLE"};
    for (std::string line; std::getline(lines, line); ++i) {
        INFO(line);
        REQUIRE(i < values.size());
        // Bit b of the packed flit is character 79 - b.
        const auto bits = [&](unsigned lo, unsigned n) {
            return std::stoull(values[i].substr(80 - lo - n, n), nullptr, 2);
        };
        const auto kind = bits(48 + 28, 3);
        REQUIRE(kind <= 5);
        CHECK(line.rfind(kinds[kind], 0) == 0);
        if (kind != 0)
            CHECK_THAT(line,
                       Catch::Contains(fmt::format(" m{} vc{}", bits(48, 24), bits(48 + 24, 4))));
        if (kind == 1) {
            ++heads;
            CHECK(std::regex_search(line, std::regex(" to [0-3],[0-3]$")));
        }
        if (kind == 2 || kind == 3) {
            CHECK_THAT(line, Catch::EndsWith(fmt::format(" {:x}", bits(0, 48))));
            if (bits(32, 16) != 0) ++wide_data;
        }
    }
    CHECK(i == values.size());
    CHECK(heads > 0);
    CHECK(wide_data > 10);  // payload words fill all 48 bits
}

TEST_CASE("wormcast run --trace-messages follows heads hop by hop, explain tells the story",
          "[program][trace-messages]") {
    std::string out;
    const std::string file = scratch("trace.jsonl"), json = scratch("trace.json");
    REQUIRE(run_program("run testbenches/scenarios/demo.yaml --set traffic.measure=600 --json " +
                            json + " --trace-messages all " + file,
                        out) == 0);
    const auto result = nlohmann::json::parse(slurp(json));
    std::map<unsigned, std::vector<nlohmann::json>> by_message;
    std::istringstream lines(slurp(file));
    for (std::string line; std::getline(lines, line);) {
        const auto e = nlohmann::json::parse(line);
        by_message[e["msg"].get<unsigned>()].push_back(e);
    }
    REQUIRE(by_message.size() > 20);
    std::size_t checked = 0;
    for (const auto& [id, events] : by_message) {
        const nlohmann::json* summary = nullptr;
        std::size_t heads = 0, routed = 0;
        for (const auto& e : events) {
            if (e["event"] == "message") summary = &e;
            if (e["event"] == "head") ++heads;
            if (e["event"] == "routed") ++routed;
        }
        INFO("message " << id);
        REQUIRE(summary);
        const auto& dests = (*summary)["destination_ids"];
        if (dests.size() != 1) continue;
        // A unicast on the 4x4 mesh (XY routing) visits |dx| + |dy| + 1 routers, each once.
        const int s = (*summary)["source_id"], d = dests[0];
        const int hops = std::abs(s % 4 - d % 4) + std::abs(s / 4 - d / 4) + 1;
        CHECK(heads == static_cast<std::size_t>(hops));
        CHECK(routed == static_cast<std::size_t>(hops));
        CHECK((*summary)["arrived"].size() == 1);
        for (const auto& e : events)
            if (e["event"] != "message")
                CHECK(e["cycle"].get<long>() >= (*summary)["injected"].get<long>());
        ++checked;
    }
    CHECK(checked > 20);
    // Every message the run sent is in the trace.
    CHECK(by_message.size() == result["messages_sent"].get<std::size_t>());

    const unsigned first = by_message.begin()->first;
    REQUIRE(run_program(fmt::format("explain {} {}", file, first), out) == 0);
    CHECK_THAT(out, Catch::Contains(fmt::format("message {}:", first)) &&
                        Catch::Contains("router hop(s)") && Catch::Contains("delivered at"));
    // Chosen ids only.
    REQUIRE(run_program(fmt::format("run testbenches/scenarios/demo.yaml --set traffic.measure=600 "
                                    "--trace-messages {} {}",
                                    first, file),
                        out) == 0);
    std::istringstream only(slurp(file));
    for (std::string line; std::getline(only, line);)
        CHECK(nlohmann::json::parse(line)["msg"] == first);
    REQUIRE(run_program("explain " + file + " 999999", out) == 2);
    REQUIRE(run_program("run testbenches/scenarios/demo.yaml --trace-messages 1,x " + file, out) ==
            2);
    CHECK_THAT(out, Catch::Contains("--trace-messages") && Catch::Contains("'x'"));
}

TEST_CASE("wormcast run --deadlock-dot draws the watchdog's wait-for cycle",
          "[program][deadlock-dot]") {
    std::string out;
    const std::string dot = scratch("waits.dot");
    // The deadlocking multistage configuration of test_program.cpp: tree worms, no token rings.
    const int code = run_program(
        "run testbenches/scenarios/min-uni.yaml --set network.tokens=none --set "
        "router.buffer_depth=1 --set "
        "traffic.load=0.2 --set traffic.multicast_ratio=0.6 --set traffic.measure=3000 --set "
        "run.watchdog_cycles=2000 --deadlock-dot " +
            dot,
        out);
    INFO(out);
    REQUIRE(code == 3);
    const std::string graph = slurp(dot);
    INFO(graph);
    CHECK(graph.rfind("digraph waits {", 0) == 0);
    CHECK_THAT(graph, Catch::Contains("message ") && Catch::Contains("holds ") &&
                          Catch::Contains("wants: "));
    // The report in words found a cycle; the picture marks it.
    if (out.find("wait-for cycle of") != std::string::npos)
        CHECK_THAT(graph, Catch::Contains("color=red"));
    CHECK(graph.back() == '\n');
    // A .png name: the picture, drawn by Graphviz from the graph written beside it.
    const std::string png = scratch("waits.png");
    REQUIRE(run_program("run testbenches/scenarios/min-uni.yaml --set network.tokens=none --set "
                        "router.buffer_depth=1 --set traffic.load=0.2 --set "
                        "traffic.multicast_ratio=0.6 --set traffic.measure=3000 --set "
                        "run.watchdog_cycles=2000 --deadlock-dot " +
                            png,
                        out) == 3);
    CHECK_THAT(out, Catch::Contains("wait-for     " + png));
    CHECK(slurp(scratch("waits.dot")) == graph);
    CHECK(slurp(png).rfind("\x89PNG\r\n\x1a\n", 0) == 0);
    // Without Graphviz on the PATH a .png is refused before the run (exit 2, naming the option).
    std::remove(png.c_str());
    REQUIRE(run_binary(std::string("PATH=/nonexistent ") + WORMCAST_BINARY,
                       "run testbenches/scenarios/demo.yaml --deadlock-dot " + png, out) == 2);
    CHECK_THAT(out, Catch::Contains("--deadlock-dot") && Catch::Contains("graphviz"));
    CHECK(slurp(png).empty());
    // A run without a deadlock writes nothing and says so.
    std::remove(dot.c_str());
    REQUIRE(
        run_program(
            "run testbenches/scenarios/demo.yaml --set traffic.measure=300 --deadlock-dot " + dot,
            out) == 0);
    CHECK_THAT(out, Catch::Contains("no deadlock"));
    CHECK(slurp(dot).empty());
}

TEST_CASE("waves/demo.gtkw names signals the demo's waveform has and attaches the filter",
          "[program][wave-filter]") {
    std::string out;
    const std::string vcd = scratch("gtkw.vcd");
    REQUIRE(
        run_program("run testbenches/scenarios/demo.yaml --set traffic.measure=100 --vcd " + vcd,
                    out) == 0);
    // Full names as GTKWave writes them: scopes joined by dots, then the variable and its range.
    std::set<std::string> names;
    std::vector<std::string> scopes;
    std::istringstream in(slurp(vcd));
    for (std::string line; std::getline(in, line);) {
        std::istringstream words(line);
        std::string w0, a, b, c, d, e;
        words >> w0;
        if (w0 == "$scope") {
            words >> a >> b;
            scopes.push_back(b);
        } else if (w0 == "$upscope") {
            scopes.pop_back();
        } else if (w0 == "$var") {
            words >> a >> b >> c >> d >> e;
            std::string full;
            for (const auto& s : scopes) full += s + ".";
            names.insert(full + d + (e.size() > 0 && e[0] == '[' ? e : ""));
        }
    }
    std::ifstream save(std::string(WORMCAST_SOURCE_DIR) + "/waves/demo.gtkw");
    REQUIRE(save);
    int signals = 0, filtered = 0;
    bool filter = false, translate_next = false;
    for (std::string line; std::getline(save, line);) {
        filter |= line == "^>1 build/wormcast wave-filter --topology mesh:4x4";
        if (!line.empty() && line[0] == '@')
            translate_next = (std::stoul(line.substr(1), nullptr, 16) & 0x4000) != 0;
        if (line.empty() || std::string("[@-*^").find(line[0]) != std::string::npos) continue;
        INFO(line);
        CHECK(names.count(line) == 1);
        ++signals;
        // Every packed flit signal goes through the filter.
        if (line.find(".flit.packed") != std::string::npos) {
            CHECK(translate_next);
            ++filtered;
        }
    }
    CHECK(filter);
    CHECK(signals > 20);
    CHECK(filtered == 5);
}

TEST_CASE("wormcast run --fst writes FST (also --vcd x.fst), RTL routers' waves too",
          "[program][fst]") {
    std::string out;
    const std::string vcd = scratch("both.vcd"), fst = scratch("both.fst");
    REQUIRE(run_program("run testbenches/scenarios/demo.yaml --set traffic.measure=300 --vcd " +
                            vcd + " --fst " + fst,
                        out) == 0);
    CHECK_THAT(out,
               Catch::Contains("waveform     " + vcd) && Catch::Contains("waveform     " + fst));
    // The FST holds what the VCD holds: GTKWave's fst2vcd gives back the same signals and changes.
    const std::string back = scratch("back.vcd");
    REQUIRE(std::system(("fst2vcd -f " + fst + " -o " + back + " > /dev/null 2>&1").c_str()) == 0);
    const auto original = vcd_values(slurp(vcd), "packed"),
               converted = vcd_values(slurp(back), "packed");
    CHECK(original.size() > 50);
    // (within a time step fst2vcd may list the changes in another order)
    auto sorted = [](std::vector<std::uint64_t> v) {
        std::sort(v.begin(), v.end());
        return v;
    };
    CHECK(sorted(converted) == sorted(original));
    // By extension: FST only, no VCD left behind.
    const std::string only = scratch("only.fst");
    REQUIRE(
        run_program("run testbenches/scenarios/demo.yaml --set traffic.measure=300 --vcd " + only,
                    out) == 0);
    CHECK_THAT(out, Catch::Contains("waveform     " + only));
    CHECK(slurp(only).size() > 1000);
    CHECK(slurp(scratch("only.fst-source.vcd")).empty());
    CHECK(slurp(scratch("only.vcd")).empty());
    // RTL routers: their Verilator VCD becomes x.rtl.fst (where the RTL is verilated into the
    // program: not in the sanitizer tree, docs/hardening.md).
    if (WORMCAST_WITH_RTL) {
        const std::string rtl = scratch("rtl.fst");
        REQUIRE(
            run_program("run testbenches/scenarios/demo.yaml --set traffic.measure=200 --rtl '1,1' "
                        "--fst " +
                            rtl,
                        out) == 0);
        CHECK_THAT(out, Catch::Contains("rtl waveform " + scratch("rtl.rtl.fst")));
        REQUIRE(std::system(
                    ("fst2vcd -f " + scratch("rtl.rtl.fst") + " -o " + back + " > /dev/null 2>&1")
                        .c_str()) == 0);
        CHECK_THAT(slurp(back), Catch::Contains("in_flit_i"));
        CHECK(slurp(scratch("rtl.rtl.fst-source.vcd")).empty());
    }
    // Two different FST names: refused, exit 2, the options named.
    REQUIRE(run_program("run testbenches/scenarios/demo.yaml --vcd a.fst --fst b.fst", out) == 2);
    CHECK_THAT(out, Catch::Contains("--vcd a.fst") && Catch::Contains("--fst b.fst"));
}

TEST_CASE(
    "run --trace-messages says on whom a head waited: who holds its output or credit or the token",
    "[program][trace-messages]") {
    std::string out;
    const std::string file = scratch("waits.jsonl");
    // A loaded demo: heads wait for outputs other worms hold and for credits behind them.
    REQUIRE(run_program("run testbenches/scenarios/demo.yaml --set traffic.load=0.35 --set "
                        "traffic.measure=1500 --set run.stop_when_saturated=false "
                        "--trace-messages all " +
                            file,
                        out) == 0);
    std::map<unsigned, std::vector<nlohmann::json>> by_message;
    std::istringstream lines(slurp(file));
    for (std::string line; std::getline(lines, line);) {
        const auto e = nlohmann::json::parse(line);
        by_message[e["msg"].get<unsigned>()].push_back(e);
    }
    std::size_t output_waits = 0, credit_waits = 0;
    unsigned example = 0;
    for (const auto& [id, events] : by_message)
        for (const auto& e : events) {
            if (e["event"] != "wait_output" && e["event"] != "wait_credit") continue;
            INFO(e.dump());
            REQUIRE(!e["waits"].empty());
            for (const auto& w : e["waits"]) {
                // The holder is another message of this run.
                const unsigned holder = w["message"];
                CHECK(holder != id);
                CHECK(by_message.count(holder) == 1);
                if (e["event"] == "wait_output") {
                    CHECK((w["on"] == "taken" || w["on"] == "queue"));
                    if (w["on"] == "taken") {
                        // The holder went out on that output before this head did.
                        bool used = false;
                        for (const auto& h : by_message[holder])
                            if (h["event"] == "head" && h["router"] == e["router"])
                                for (const auto& q : h["outputs"]) used |= q == w["output"];
                        CHECK(used);
                    }
                } else {
                    CHECK(w["on"] == "credit");
                }
            }
            (e["event"] == "wait_output" ? output_waits : credit_waits)++;
            if (e["event"] == "wait_output" && !example) example = id;
        }
    CHECK(output_waits > 10);
    CHECK(credit_waits > 10);
    REQUIRE(example != 0);
    REQUIRE(run_program(fmt::format("explain {} {}", file, example), out) == 0);
    CHECK_THAT(out, Catch::Contains("waits in the OCRQ: output"));
    CHECK((out.find("is taken by message") != std::string::npos ||
           out.find("is ahead in its OCRQ") != std::string::npos));

    // ATBM's token: the stop holding it when a tree operation starts to wait.
    REQUIRE(run_program("run testbenches/scenarios/min-uni.yaml --set traffic.measure=3000 "
                        "--set traffic.multicast_ratio=0.5 --trace-messages all " +
                            file,
                        out) == 0);
    std::size_t token_waits = 0;
    std::istringstream min_lines(slurp(file));
    for (std::string line; std::getline(min_lines, line);) {
        const auto e = nlohmann::json::parse(line);
        if (e["event"] != "wait_token") continue;
        ++token_waits;
        CHECK(e.contains("stop"));
        CHECK(e.contains("holder_stop"));
    }
    CHECK(token_waits > 0);
}
