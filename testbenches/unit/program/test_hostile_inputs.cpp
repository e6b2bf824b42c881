// The last classes of hostile input (issue "What a user sees", docs/hardening.md "Limits"): each
// ends in exit 2 with the file, field or option and the reason, before any work, leaving no
// output that looks complete. One test case per class, run through the built program.
#include <catch2/catch.hpp>

#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "testbenches/unit/program/ProgramRunner.hpp"

using wormcast::testing::run_program;
using wormcast::testing::scratch;
using wormcast::testing::slurp;
using wormcast::testing::write_text;

namespace {

/// Runs `args`; requires exit 2 and every one of `messages` in the output, and no line that a
/// successful command prints (a summary or a plan) before the error.
void expect_refused(const std::string& args, const std::vector<std::string>& messages) {
    std::string out;
    const int code = run_program(args, out);
    INFO(args << "\n" << out);
    CHECK(code == 2);
    for (const auto& m : messages) CHECK(out.find(m) != std::string::npos);
    CHECK(out.find("simulated") == std::string::npos);       // no run summary
    CHECK(out.find("json.exception") == std::string::npos);  // no library's own words
}

const std::string kMesh = "network: {topology: mesh, size: 4x4}\n";

}  // namespace

TEST_CASE("hostile: a YAML alias bomb in a scenario or a topology file is refused at once",
          "[program][hardening][hostile]") {
    // Seeded: bombs of 6..9 levels of 2..10 aliases each, as a whole section or inside one key.
    std::mt19937_64 rng(33);
    for (int trial = 0; trial < 4; ++trial) {
        const int levels = 6 + static_cast<int>(rng() % 4);
        const int width = 6 + static_cast<int>(rng() % 5);
        std::string anchors = "x0: &x0 [lol]\n";
        for (int i = 1; i <= levels; ++i) {
            anchors += fmt::format("x{}: &x{} [", i, i);
            for (int j = 0; j < width; ++j) anchors += fmt::format("{}*x{}", j ? ", " : "", i - 1);
            anchors += "]\n";
        }
        const std::string path = scratch(fmt::format("bomb{}.yaml", trial));
        write_text(
            path, kMesh + "description:\n" + [&] {
                std::string indented;
                for (std::size_t at = 0, next; at < anchors.size(); at = next + 1) {
                    next = anchors.find('\n', at);
                    indented += "  " + anchors.substr(at, next - at) + "\n";
                }
                return indented;
            }());
        expect_refused("run " + path, {path, "an alias counts each time it is used"});
    }
    const std::string topo = scratch("bomb-topology.yaml");
    write_text(
        topo, "switches: 2\nlinks: [[0, 1]]\npositions:\n  - &p0 [0, 0]\n" + [] {
            std::string lines;
            std::string previous = "p0";
            for (int i = 1; i <= 8; ++i) {
                lines += fmt::format("  - &p{} [", i);
                for (int j = 0; j < 10; ++j) lines += fmt::format("{}*{}", j ? ", " : "", previous);
                lines += "]\n";
                previous = fmt::format("p{}", i);
            }
            return lines;
        }());
    expect_refused("topology --topology irregular:" + topo, {"an alias counts each time"});
}

TEST_CASE("hostile: a multicast beyond the destination limit is refused before any work",
          "[program][hardening][hostile]") {
    // 999,999 destinations on a 1000x1000 mesh (the pattern `steps` once ran for ever).
    std::string pattern = R"({"multicasts":[{"source":[0,0],"destinations":[)";
    for (int n = 1; n < 1000000; ++n)
        pattern += fmt::format("{}[{},{}]", n > 1 ? "," : "", n % 1000, n / 1000);
    pattern += "]}]}";
    write_text(scratch("huge.json"), pattern);
    for (const std::string model : {"", " --model"})
        expect_refused("steps --topology mesh:1000x1000 --algorithm umesh --pattern " +
                           scratch("huge.json") + model,
                       {"multicasts[0].destinations: 999999 destinations, more than 65535"});
    // The same limit in a message file, and the network's size for the cycle-accurate `steps`.
    std::string line = "0 0,0 ";
    for (int n = 1; n <= 70000; ++n)
        line += fmt::format("{}{},{}", n > 1 ? ";" : "", n % 300, n / 300);
    write_text(scratch("wide.txt"), line + " 4\n");
    write_text(scratch("wide.yaml"),
               "network: {topology: mesh, size: 300x300}\ntraffic: {kind: file, file: wide.txt}\n");
    expect_refused("run " + scratch("wide.yaml"), {"wide.txt:1: more than 65535 destinations"});
    write_text(scratch("one.json"), R"({"multicasts":[{"source":[0,0],"destinations":[[1,1]]}]})");
    expect_refused(
        "steps --topology mesh:1000x1000 --algorithm umesh --pattern " + scratch("one.json"),
        {"--topology: the cycle-accurate network of 1000000 routers needs about"});
}

TEST_CASE("hostile: devices, directories and oversized files as input files",
          "[program][hardening][hostile]") {
    expect_refused("topology --topology irregular:/dev/zero", {"'/dev/zero' is a device"});
    expect_refused("topology --topology anynet:/dev/zero", {"'/dev/zero' is a device"});
    expect_refused("topology --topology irregular:testbenches", {"is a directory"});
    write_text(scratch("zero.yaml"), kMesh + "traffic: {kind: file, file: /dev/zero}\n");
    expect_refused("run " + scratch("zero.yaml"), {"/dev/zero", "not a regular file"});
    // A file beyond the input limit (64 MiB): a sparse file, refused by its size.
    const std::string big = scratch("big.yaml");
    write_text(big, kMesh);
    std::filesystem::resize_file(big, (std::uintmax_t{64} << 20) + 1);
    expect_refused("run " + big, {big, "larger than 64 MiB"});
}

TEST_CASE("hostile: numbers in a topology file are decimal", "[program][hardening][hostile]") {
    for (const std::string bad : {"0x4", "0o4", "4e0", "+4", "4.0", "0b100"}) {
        const std::string path = scratch("hex.yaml");
        write_text(path, "switches: " + bad + "\nlinks: [[0, 1], [1, 2], [2, 3]]\n");
        expect_refused("topology --topology irregular:" + path, {"switches", "'" + bad + "'"});
        write_text(path, "switches: 4\nlinks: [[0, " + bad + "]]\n");
        expect_refused("topology --topology irregular:" + path, {"links", "'" + bad + "'"});
    }
    std::string out;
    write_text(scratch("dec.yaml"), "switches: 4\nlinks: [[0, 1], [1, 2], [2, 3]]\n");
    CHECK(run_program("topology --topology irregular:" + scratch("dec.yaml"), out) == 0);
}

TEST_CASE("hostile: star plans refuse repeated destinations and the source among them",
          "[program][hardening][hostile]") {
    for (const std::string scheme :
         {"unicast", "hamiltonian", "dual-path", "multipath", "two-phase"}) {
        const std::string plan = "plan --topology star:5 --algorithm " + scheme + " --source 12345";
        expect_refused(plan + " --dests '21345;31245;21345'", {"--dests[2]", "named twice"});
        expect_refused(plan + " --dests '21345;12345'", {"--dests[1]", "is the source itself"});
    }
}

TEST_CASE("hostile: sweep --jobs 0 and --point-timeout that is not a number of seconds",
          "[program][hardening][hostile]") {
    const std::string sweep =
        "sweep testbenches/scenarios/demo.yaml --vary traffic.load=0.1 --out " + scratch("never");
    expect_refused(sweep + " --jobs 0", {"--jobs"});
    expect_refused("reproduce kp-table1 --jobs 0 --out " + scratch("never"), {"--jobs"});
    for (const std::string bad : {"nan", "inf", "-1", "1e999", "5s"})
        expect_refused(sweep + " --point-timeout " + bad,
                       {"--point-timeout", "finite number of seconds"});
    CHECK_FALSE(std::filesystem::exists(scratch("never")));
}

TEST_CASE("hostile: a scenario with no network section, or not in UTF-8",
          "[program][hardening][hostile]") {
    write_text(scratch("nonet.yaml"), "traffic: {load: 0.1}\nrun: {seed: 2}\n");
    expect_refused("run " + scratch("nonet.yaml"), {"nonet.yaml: network: missing"});
    // The demo scenario saved as UTF-16 (with and without a byte-order mark) and UTF-32.
    const std::string demo =
        slurp(std::string(WORMCAST_SOURCE_DIR) + "/testbenches/scenarios/demo.yaml");
    std::string le, le_bare, utf32;
    for (char c : demo) {
        le_bare += c;
        le_bare += '\0';
        utf32 += c;
        utf32 += std::string(3, '\0');
    }
    le = std::string("\xFF\xFE") + le_bare;
    write_text(scratch("u16.yaml"), le);
    write_text(scratch("u16bare.yaml"), le_bare);
    write_text(scratch("u32.yaml"), std::string("\xFF\xFE\0\0", 4) + utf32);
    expect_refused("run " + scratch("u16.yaml"), {"u16.yaml", "UTF-16; save it as UTF-8"});
    expect_refused("run " + scratch("u16bare.yaml"), {"u16bare.yaml", "is NUL"});
    expect_refused("run " + scratch("u32.yaml"), {"u32.yaml", "UTF-32"});
}

TEST_CASE("hostile: output names that are devices, and writes to a full device",
          "[program][hardening][hostile]") {
    namespace fs = std::filesystem;
    const std::string run = "run testbenches/scenarios/demo.yaml --set traffic.measure=200";
    std::error_code error;
    fs::remove("/dev/full.vcd", error);
    expect_refused(run + " --vcd /dev/full",
                   {"--vcd: '/dev/full' exists and is not a regular file"});
    CHECK_FALSE(fs::exists("/dev/full.vcd"));
    expect_refused(run + " --fst /dev/full", {"--fst: '/dev/full'"});
    expect_refused(run + " --vcd " + scratch(""), {"--vcd"});  // a directory
    std::string out;
    CHECK(run_program("topology --topology lattice:switches=8,seed=1 --save /dev/full", out) == 2);
    INFO(out);
    CHECK(out.find("--save: cannot write the topology file '/dev/full'") != std::string::npos);
}

TEST_CASE("hostile: explain on a directory, an empty file, and malformed traces",
          "[program][hardening][hostile]") {
    expect_refused("explain testbenches 1", {"explain: 'testbenches' is a directory"});
    write_text(scratch("empty.jsonl"), "");
    expect_refused("explain " + scratch("empty.jsonl") + " 1", {"holds no events"});
    const std::vector<std::pair<std::string, std::string>> traces{
        {"{\"msg\": 1, \"event\": \"routed\"\n", "line 1 is not JSON (syntax error at byte"},
        {"{\"msg\": \"1\", \"event\": \"routed\", \"cycle\": 3}\n",
         "line 1: \"msg\" and \"cycle\""},
        {"{\"msg\": 1, \"event\": \"routed\"}\n", "line 1: \"msg\" and \"cycle\""},
        {"{\"msg\": 1, \"event\": \"routed\", \"cycle\": 3}\n",
         "message 1: an event in the trace lacks a field"},
        {"{\"msg\": 1, \"event\": \"message\", \"cycle\": 0, \"length\": \"x\"}\n",
         "message 1: an event in the trace lacks a field"},
        {"[1, 2]\n", "has no \"msg\" and \"event\""},
    };
    for (const auto& [text, message] : traces) {
        write_text(scratch("bad.jsonl"), text);
        expect_refused("explain " + scratch("bad.jsonl") + " 1", {message});
    }
}

TEST_CASE("hostile: a latency that outgrows the watchdog is blamed, not the watchdog",
          "[program][hardening][hostile]") {
    const std::string run = "run testbenches/scenarios/demo.yaml";
    expect_refused(run + " --set router.t_node=5ms", {"router.t_node: 1000000 cycles is too long"});
    expect_refused(run + " --set nic.t_cons=1ms", {"nic.t_cons: 200000 cycles is too long"});
    // A watchdog the user shortened is still the one blamed.
    expect_refused(run + " --set run.watchdog_cycles=10", {"run.watchdog_cycles: 10 is too short"});
}

TEST_CASE("hostile: reproduce with no name says why", "[program][hardening][hostile]") {
    std::string out;
    CHECK(run_program("reproduce", out) == 2);
    CHECK(out.find("wormcast: error: reproduce: name an experiment") != std::string::npos);
    CHECK(run_program("reproduce --list", out) == 0);
    CHECK(out.find("wormcast: error") == std::string::npos);
}
