// The same seed gives the same results whatever the number of worker processes: reproductions
// run with --jobs 1 and --jobs 2 write identical CSV files, wall-time columns aside.
#include <catch2/catch.hpp>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "testbenches/unit/program/ProgramRunner.hpp"

using wormcast::testing::run_program;
using wormcast::testing::scratch;
using wormcast::testing::slurp;

namespace {

/// A CSV with every column whose header names wall time removed.
std::string without_wall_time(const std::string& csv) {
    std::istringstream in(csv);
    std::string line, out;
    std::vector<bool> keep;
    while (std::getline(in, line)) {
        std::vector<std::string> cells;
        std::stringstream fields(line);
        for (std::string cell; std::getline(fields, cell, ',');) cells.push_back(cell);
        if (keep.empty())
            for (const auto& c : cells) keep.push_back(c.find("wall") == std::string::npos);
        for (std::size_t i = 0; i < cells.size(); ++i)
            if (i >= keep.size() || keep[i]) out += cells[i] + ",";
        out += "\n";
    }
    return out;
}

}  // namespace

TEST_CASE("reproductions give the same numbers with one worker process or two",
          "[program][determinism][heavy]") {
    namespace fs = std::filesystem;
    for (const std::string experiment :
         {"kp-table1 --quick", "spam-fig3 --quick", "atbm-fig14 --quick --runs 2"}) {
        INFO(experiment);
        const std::string name = experiment.substr(0, experiment.find(' '));
        std::string out;
        for (const char* jobs : {"1", "2"})
            REQUIRE(run_program("reproduce " + experiment + " --jobs " + jobs + " --out " +
                                    scratch(name + "-jobs" + jobs),
                                out) == 0);
        int compared = 0;
        for (const auto& entry : fs::directory_iterator(scratch(name + "-jobs1"))) {
            if (entry.path().extension() != ".csv") continue;
            const std::string other =
                scratch(name + "-jobs2") + "/" + entry.path().filename().string();
            REQUIRE(fs::exists(other));
            CHECK(without_wall_time(slurp(entry.path().string())) ==
                  without_wall_time(slurp(other)));
            ++compared;
        }
        CHECK(compared > 0);
    }
}
