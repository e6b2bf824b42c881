// Bad and extreme input as a user gives it (issue "Hardening"): every class of mistake ends in a
// message naming the file, field or option and the reason, with exit code 2; nothing crashes,
// hangs, or is accepted silently; outputs are whole or absent.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "testbenches/unit/program/ProgramRunner.hpp"

using wormcast::testing::run_program;
using wormcast::testing::scratch;
using wormcast::testing::slurp;
using wormcast::testing::write_text;

namespace {

struct BadInput {
    std::string args;     ///< command line after `wormcast`
    std::string message;  ///< what the error must say
};

/// Each case must exit 2 (not crash, not a parser's own code) with `message` in its output.
void expect_refused(const std::vector<BadInput>& cases) {
    for (const auto& c : cases) {
        std::string out;
        const int code = run_program(c.args, out);
        INFO(c.args << "\n" << out);
        CHECK(code == 2);
        CHECK(out.find(c.message) != std::string::npos);
    }
}

const char* const kDemo = "testbenches/scenarios/demo.yaml";

}  // namespace

TEST_CASE("command-line mistakes are exit 2 with the option and the reason",
          "[program][hardening]") {
    expect_refused({
        {"frobnicate", "'frobnicate' is not a command"},
        {"run", "scenario is required"},
        {"run /nonexistent.yaml", "does not exist"},
        {"run testbenches", "directory"},
        {fmt::format("run {} --bogus", kDemo), "--bogus"},
        {fmt::format("run {} --seed -1", kDemo), "run.seed: '-1' is not a whole number"},
        {fmt::format("run {} --seed 99999999999999999999999", kDemo), "run.seed"},
        {"steps --topology mesh:4x4 --algorithm hl --pattern x --consumption 4000000000",
         "--consumption"},
        {fmt::format("reproduce kp-table1 --out {}", kDemo), "--out: cannot create directory"},
    });
    // The largest seed a scenario allows is accepted.
    std::string out;
    CHECK(run_program(
              fmt::format("run {} --seed 1000000000000000000 --set traffic.measure=200", kDemo),
              out) == 0);
}

TEST_CASE("scenario files yaml-cpp would accept silently are refused", "[program][hardening]") {
    const std::string mesh = "network: {topology: mesh, size: 4x4}\n";
    const std::vector<std::pair<std::string, std::string>> files{
        {mesh + mesh, "network: given twice"},
        {"router: {vcs: 2, vcs: 3}\n", "router.vcs: given twice"},
        {mesh + "---\nrun: {seed: 2}\n", "holds 2 YAML documents"},
        {"[a, b]: 3\n", "a key must be a plain name, not a list"},
        {mesh + "traffic: {kind: file, file: .}\n", "is not a regular file"},
    };
    std::vector<BadInput> cases;
    for (std::size_t i = 0; i < files.size(); ++i) {
        const std::string path = scratch(fmt::format("bad{}.yaml", i));
        write_text(path, files[i].first);
        cases.push_back({"run " + path, files[i].second});
    }
    // A message file whose cycle does not fit any integer.
    write_text(scratch("long.txt"), "12345678901234567890123 0,0 1,1 4\n");
    write_text(scratch("long.yaml"), mesh + "traffic: {kind: file, file: long.txt}\n");
    cases.push_back(
        {"run " + scratch("long.yaml"), "long.txt:1: cycle 12345678901234567890123 is beyond"});
    expect_refused(cases);
}

TEST_CASE("limits are checked before a run starts", "[program][hardening]") {
    expect_refused({
        {fmt::format("run {} --set network.size=512x512", kDemo),
         "run.memory_limit_mb: this run needs about"},
        {fmt::format("run {} --set network.size=128x128 --set router.vcs=4 --set "
                     "router.buffer_depth=16",
                     kDemo),
         "(16384 routers at ~1024 KB"},
        {fmt::format("run {} --set clock_ns=0.0001", kDemo),
         "scenario.clock_ns: 0.0001 is not in [0.001, 1000000]"},
        {fmt::format("run {} --set clock_ns=1e15", kDemo), "scenario.clock_ns"},
        {fmt::format("run {} --set run.watchdog_cycles=10", kDemo),
         "run.watchdog_cycles: 10 is too short"},
        {fmt::format("run {} --set router.t_node=1e20ns", kDemo), "router.t_node"},
        {fmt::format("run {} --set router.t_node=nanns", kDemo), "router.t_node"},
    });
    // The limit is a setting: the demo's ~1 MB is refused under 1 MB and runs under 4 MB.
    std::string out;
    CHECK(run_program(
              fmt::format("run {} --set traffic.measure=500 --set run.memory_limit_mb=1", kDemo),
              out) == 2);
    CHECK(out.find("more than the limit of 1 MB") != std::string::npos);
    CHECK(run_program(
              fmt::format("run {} --set traffic.measure=500 --set run.memory_limit_mb=4", kDemo),
              out) == 0);
}

TEST_CASE("tens of thousands of sends queued at one node do not overflow the stack",
          "[program][hardening]") {
    // With t_startup 0 every start-up ends in the cycle it begins; the NIC once recursed per send.
    std::string lines;
    for (int i = 0; i < 30000; ++i)
        lines += fmt::format("{} 0,0 {},{} 1\n", i % 7, 1 + i % 3, i % 4);
    write_text(scratch("many.txt"), lines);
    write_text(scratch("many.yaml"),
               "network: {topology: mesh, size: 4x4}\ntraffic: {kind: file, file: many.txt}\n");
    std::string out;
    REQUIRE(run_program("run " + scratch("many.yaml"), out) == 0);
    CHECK(out.find("30000 sent") != std::string::npos);
    CHECK(out.find("every message delivered exactly once") != std::string::npos);
}

TEST_CASE("outputs are whole or absent, write errors are errors, the summary names real paths",
          "[program][hardening]") {
    namespace fs = std::filesystem;
    std::string out;
    const std::string short_run = fmt::format("run {} --set traffic.measure=300", kDemo);
    CHECK(run_program(short_run + " --json /dev/full", out) == 2);
    CHECK(out.find("--json: writing '/dev/full' failed") != std::string::npos);

    CHECK(run_program(short_run + " --vcd /nonexistent/dir/x.vcd", out) == 2);
    CHECK(out.find("directory '/nonexistent/dir' does not exist") != std::string::npos);

    // `--vcd NAME` writes NAME.vcd and says so; nothing is left under a temporary name.
    const std::string base = scratch("waves");
    REQUIRE(run_program(short_run + " --vcd " + base + " --json " + scratch("r.json"), out) == 0);
    CHECK(out.find("waveform     " + base + ".vcd") != std::string::npos);
    CHECK(fs::file_size(base + ".vcd") > 1000);
    CHECK_FALSE(fs::exists(base + ".partial.vcd"));
    CHECK_FALSE(fs::exists(scratch("r.json.partial")));
    CHECK(slurp(scratch("r.json")).find("\"parameters\"") != std::string::npos);
}

TEST_CASE("an injected fault is caught by the delivery checker or the watchdog and reported",
          "[program][faults]") {
    // Each kind on a link that carries traffic; the report names the fault (message, link, cycle)
    // and the run fails its check (exit 3). The same run without the fault passes.
    struct Case {
        std::string fault;
        std::string reported;
        std::string detected;
    };
    const std::vector<Case> cases{
        {"{kind: drop, router: \"1,1\", output: 0, cycle: 500}",
         "dropped the tail flit of message 86 (VC 0) on router 1,1 output 0 at cycle 504",
         "flit interleaved into message 86"},
        {"{kind: corrupt, router: \"1,1\", output: 0, cycle: 500}",
         "flipped data bit 0 of the tail flit of message 86 (VC 0) on router 1,1 output 0 at cycle "
         "504",
         "payload flit 7 corrupted (tail(msg=86"},
        {"{kind: lose_credit, router: \"1,1\", input: 0, cycle: 500}",
         "lost a credit of VC 0 returned on router 1,1 input 0 at cycle 595",
         "router r0_1 output 1 VC 0: 3 of 4 credits after the network drained"},
    };
    const std::string scenario =
        "network: {topology: mesh, size: 4x4}\n"
        "traffic: {load: 0.1, length: 8, warmup: 0, measure: 2000}\n"
        "run: {watchdog_cycles: 2000}\n";
    std::string out;
    write_text(scratch("healthy.yaml"), scenario);
    REQUIRE(run_program("run " + scratch("healthy.yaml"), out) == 0);
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const std::string path = scratch(fmt::format("fault{}.yaml", i));
        write_text(path, scenario + "faults:\n  - " + cases[i].fault + "\n");
        const int code = run_program("run " + path + " --json " + scratch("fault.json"), out);
        INFO(out);
        CHECK(code == 3);
        CHECK(out.find("fault        " + cases[i].reported) != std::string::npos);
        CHECK(out.find(cases[i].detected) != std::string::npos);
        CHECK(slurp(scratch("fault.json")).find(cases[i].reported) != std::string::npos);
    }
    // A fault with nothing to hit says so, and the run passes.
    write_text(scratch("late.yaml"),
               scenario + "faults:\n  - {kind: drop, router: \"1,1\", output: 0, cycle: 100000}\n");
    CHECK(run_program("run " + scratch("late.yaml"), out) == 0);
    CHECK(out.find("router 1,1 output 0: nothing to hit at or after cycle 100000") !=
          std::string::npos);
    expect_refused({
        {"run " +
             [&] {
                 write_text(scratch("badkind.yaml"),
                            scenario + "faults:\n  - {kind: melt, router: \"1,1\", output: 0}\n");
                 return scratch("badkind.yaml");
             }(),
         "faults[0].kind: 'melt' is not one of drop, corrupt, lose_credit"},
        {"run " +
             [&] {
                 write_text(scratch("badport.yaml"),
                            scenario + "faults:\n  - {kind: drop, router: \"1,1\", output: 9}\n");
                 return scratch("badport.yaml");
             }(),
         "no output 9"},
        {"run " +
             [&] {
                 write_text(
                     scratch("badside.yaml"),
                     scenario + "faults:\n  - {kind: lose_credit, router: \"1,1\", output: 0}\n");
                 return scratch("badside.yaml");
             }(),
         "faults[0].input: a lose_credit fault needs the router's input port"},
    });
}
