// The SystemC kernel's own reports through the built program: the demo (as ci/demo.sh runs it)
// prints none of them, and -v/--verbose, before or after the command, shows them again.
#include <catch2/catch.hpp>

#include <string>

#include "testbenches/unit/program/ProgramRunner.hpp"

using wormcast::testing::run_program;
using wormcast::testing::scratch;

namespace {

/// ci/demo.sh's command, writing into this test's scratch directory.
std::string demo_command() {
    return "run testbenches/scenarios/demo.yaml --vcd " + scratch("demo.vcd") + " --json " +
           scratch("demo.json");
}

}  // namespace

TEST_CASE("the demo prints no SystemC kernel report, and --verbose shows them",
          "[program][reports]") {
    std::string out;
    REQUIRE(run_program(demo_command(), out) == 0);
    INFO(out);
    CHECK(out.find("latency") != std::string::npos);   // the summary is there
    CHECK(out.find("waveform") != std::string::npos);  // and the VCD was written (I703's cause)
    CHECK(out.find("Info: (I") == std::string::npos);
    CHECK(out.find("Warning: (W") == std::string::npos);

    std::string verbose;
    REQUIRE(run_program(demo_command() + " --verbose", verbose) == 0);
    INFO(verbose);
    CHECK(verbose.find("Info: (I703) tracing timescale unit set") != std::string::npos);
    CHECK(verbose.find("latency") != std::string::npos);

    std::string before_command;
    REQUIRE(run_program("-v " + demo_command(), before_command) == 0);
    INFO(before_command);
    CHECK(before_command.find("Info: (I703) tracing timescale unit set") != std::string::npos);
}
