// `wormcast sweep` as a user runs it: a small grid of the demo scenario (short runs), a file per
// run, resume and --force, failed and timed-out points recorded, the collected table equal to the
// point files, and results independent of the number of worker processes.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <map>
#include <set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "testbenches/unit/program/ProgramRunner.hpp"

using wormcast::testing::kDemoSweep;
using wormcast::testing::run_program;
using wormcast::testing::scratch;
using wormcast::testing::slurp;

namespace {

namespace fs = std::filesystem;

std::map<std::string, std::string> point_files(const std::string& dir) {
    std::map<std::string, std::string> files;
    for (const auto& entry : fs::directory_iterator(dir + "/points"))
        files[entry.path().filename().string()] = slurp(entry.path().string());
    return files;
}

/// A point file without the fields that measure the host rather than the model.
nlohmann::json without_wall_time(const std::string& text) {
    auto doc = nlohmann::json::parse(text);
    if (doc["result"].is_object()) {
        doc["result"].erase("wall_seconds");
        doc["result"].erase("router_cycles_per_second");
    }
    return doc;
}

}  // namespace

TEST_CASE("a sweep writes a file per run, a rerun skips them, --force reruns them alike",
          "[program][sweep]") {
    const std::string dir = scratch("sweep_resume");
    std::string out;
    REQUIRE(run_program(kDemoSweep + " --jobs 2 --out " + dir, out) == 0);
    INFO(out);
    REQUIRE_THAT(out, Catch::Contains("8 runs (4 x 2 seeds), 0 done already, 8 to run"));
    REQUIRE_THAT(out, Catch::Contains("8 runs: 8 ok, 0 failed"));
    const auto first = point_files(dir);
    REQUIRE(first.size() == 8);
    std::set<std::uint64_t> seeds;
    for (const auto& [name, text] : first) {
        INFO(name);
        const auto doc = nlohmann::json::parse(text);
        REQUIRE(doc["status"] == "ok");
        REQUIRE(doc["exit_code"] == 0);
        REQUIRE(name == doc["name"].get<std::string>() + ".json");
        REQUIRE(doc["values"].size() == 2);
        REQUIRE(doc["result"]["seed"] == doc["seed"]);  // the run used the point's seed
        REQUIRE(doc["result"]["parameters"]["buffer_depth"] ==
                doc["values"]["router.buffer_depth"]);
        REQUIRE(doc["result"]["latency_cycles"]["count"].get<int>() > 0);
        seeds.insert(doc["seed"].get<std::uint64_t>());
    }
    REQUIRE(seeds.size() == 8);

    // Rerun: nothing runs, nothing is rewritten.
    REQUIRE(run_program(kDemoSweep + " --jobs 2 --out " + dir, out) == 0);
    REQUIRE_THAT(out, Catch::Contains("8 done already, 0 to run"));
    REQUIRE(point_files(dir) == first);

    // A lost point is run again alone.
    fs::remove(dir + "/points/" + first.begin()->first);
    REQUIRE(run_program(kDemoSweep + " --jobs 2 --out " + dir, out) == 0);
    REQUIRE_THAT(out, Catch::Contains("7 done already, 1 to run"));
    REQUIRE(without_wall_time(point_files(dir).at(first.begin()->first)) ==
            without_wall_time(first.begin()->second));

    // --force: every run again, the same results.
    REQUIRE(run_program(kDemoSweep + " --jobs 2 --force --out " + dir, out) == 0);
    REQUIRE_THAT(out, Catch::Contains("0 done already, 8 to run"));
    for (const auto& [name, text] : point_files(dir))
        REQUIRE(without_wall_time(text) == without_wall_time(first.at(name)));

    // A point file is enough to replay its run with `wormcast run`.
    const auto point = nlohmann::json::parse(first.begin()->second);
    const std::string replay = scratch("sweep_replay.json");
    REQUIRE(
        run_program(
            fmt::format(
                "run testbenches/scenarios/demo.yaml --set traffic.warmup=100 --set "
                "traffic.measure=300 --set traffic.load={} --set router.buffer_depth={} --seed {} "
                "--json {}",
                point["values"]["traffic.load"].dump(),
                point["values"]["router.buffer_depth"].dump(), point["seed"].get<std::uint64_t>(),
                replay),
            out) == 0);
    nlohmann::json replayed{{"result", nlohmann::json::parse(slurp(replay))}},
        recorded{{"result", point["result"]}};
    REQUIRE(without_wall_time(replayed.dump()) == without_wall_time(recorded.dump()));

    // Another scenario text in the same directory is refused rather than mixed in.
    REQUIRE(run_program(kDemoSweep + " --set traffic.length=8 --out " + dir, out) == 2);
    REQUIRE_THAT(out, Catch::Contains("--out") && Catch::Contains("another scenario"));
}

TEST_CASE("the collected table is the mean and interval of the point files", "[program][sweep]") {
    const std::string dir = scratch("sweep_table");
    std::string out;
    REQUIRE(run_program(kDemoSweep + " --out " + dir, out) == 0);
    INFO(out);
    REQUIRE(fs::remove(dir + "/sweep.json"));
    REQUIRE(fs::remove(dir + "/sweep.csv"));
    REQUIRE(run_program("sweep --collect " + dir, out) == 0);
    const auto table = nlohmann::json::parse(slurp(dir + "/sweep.json"));
    REQUIRE(table["keys"] == nlohmann::json{"traffic.load", "router.buffer_depth"});
    REQUIRE(table["rows"].size() == 4);
    // Group the point files by their values and recompute.
    std::map<std::string, std::vector<nlohmann::json>> groups;
    for (const auto& [name, text] : point_files(dir)) {
        const auto doc = nlohmann::json::parse(text);
        groups[doc["values"].dump()].push_back(doc["result"]);
    }
    REQUIRE(groups.size() == 4);
    for (const auto& row : table["rows"]) {
        const nlohmann::json values{{"router.buffer_depth", row["router.buffer_depth"]},
                                    {"traffic.load", row["traffic.load"]}};
        INFO(values.dump());
        const auto& runs = groups.at(values.dump());
        REQUIRE(runs.size() == 2);
        const double a = runs[0]["latency_cycles"]["mean"], b = runs[1]["latency_cycles"]["mean"];
        REQUIRE(row["ok"] == 2);
        REQUIRE(row["failed"] == 0);
        REQUIRE(row["latency_mean"].get<double>() == Approx((a + b) / 2));
        // Two runs: t(1) = 12.706 times the standard error |a - b| / 2.
        REQUIRE(row["latency_ci95"].get<double>() ==
                Approx(12.706 * std::abs(a - b) / 2).margin(1e-9));
        const double x = runs[0]["accepted_flits_per_node_cycle"],
                     y = runs[1]["accepted_flits_per_node_cycle"];
        REQUIRE(row["accepted_mean"].get<double>() == Approx((x + y) / 2));
    }
    const std::string csv = slurp(dir + "/sweep.csv");
    REQUIRE(
        csv.rfind(
            "traffic.load,router.buffer_depth,seeds,ok,failed,missing,offered_mean,latency_mean,"
            "latency_ci95,accepted_mean,accepted_ci95,saturation,error\n",
            0) == 0);
    REQUIRE(std::count(csv.begin(), csv.end(), '\n') == 5);
    // The figure says what was run and what its axes measure, in which unit, and gnuplot draws it.
    const std::string gp = slurp(dir + "/sweep.gp");
    CHECK_THAT(gp,
               Catch::Contains("set title \"demo.yaml: mean latency vs traffic.load, 2 seed(s) a "
                               "point\\na curve per router.buffer_depth\\n--set "
                               "traffic.warmup=100 --set traffic.measure=300\""));
    CHECK_THAT(gp, Catch::Contains("set xlabel 'traffic.load: offered load (flits/node/cycle)'"));
    CHECK_THAT(gp, Catch::Contains("set ylabel 'mean message latency (cycles)'"));
    CHECK_THAT(gp, Catch::Contains("title 'router.buffer_depth=2'"));
    CHECK_THAT(gp, Catch::Contains("title 'saturation'"));
    REQUIRE(fs::exists(dir + "/sweep.png"));
    CHECK(slurp(dir + "/sweep.png").rfind("\x89PNG", 0) == 0);
    CHECK(slurp(dir + "/sweep.gnuplot.log").empty());
}

TEST_CASE("a sweep's results do not depend on --jobs", "[program][sweep]") {
    const std::string one = scratch("sweep_jobs1"), two = scratch("sweep_jobs2");
    std::string out;
    REQUIRE(run_program(kDemoSweep + " --jobs 1 --out " + one, out) == 0);
    REQUIRE(run_program(kDemoSweep + " --jobs 2 --out " + two, out) == 0);
    const auto a = point_files(one), b = point_files(two);
    REQUIRE(a.size() == 8);
    REQUIRE(b.size() == 8);
    for (const auto& [name, text] : a) {
        INFO(name);
        REQUIRE(without_wall_time(text).dump(2) == without_wall_time(b.at(name)).dump(2));
    }
    REQUIRE(slurp(one + "/sweep.csv") == slurp(two + "/sweep.csv"));
}

TEST_CASE("failed and timed-out points are recorded, the sweep goes on and exits 3",
          "[program][sweep]") {
    const std::string dir = scratch("sweep_failing");
    std::string out;
    // The second point cannot drain: far past saturation, its queues need much longer than the
    // one cycle (one drain step) it is given after the traffic ends (and it is asked to drain
    // rather than stop as saturated, docs/saturation.md).
    const std::string grid =
        "sweep testbenches/scenarios/demo.yaml --set traffic.warmup=100 "
        "--set run.stop_when_saturated=false "
        "--vary traffic.load=0.05,0.9,0.1 --vary traffic.measure=300,3000,300 "
        "--vary run.drain_limit=100000,1,100000 --zip --jobs 2 --out " +
        dir;
    REQUIRE(run_program(grid, out) == 3);
    INFO(out);
    REQUIRE_THAT(out, Catch::Contains("3 runs: 2 ok, 1 failed"));
    REQUIRE_THAT(out, Catch::Contains("FAILED: not everything was delivered within 1 cycles"));
    int failed = 0;
    for (const auto& [name, text] : point_files(dir)) {
        const auto doc = nlohmann::json::parse(text);
        if (doc["values"]["run.drain_limit"] != 1) {
            REQUIRE(doc["status"] == "ok");
            continue;
        }
        ++failed;
        REQUIRE(doc["status"] == "failed");
        REQUIRE(doc["exit_code"] == 3);
        REQUIRE(doc["result"]["drained"] == false);  // the run's JSON is kept with the failure
    }
    REQUIRE(failed == 1);
    const auto table = nlohmann::json::parse(slurp(dir + "/sweep.json"));
    REQUIRE(table["rows"][1]["failed"] == 1);
    REQUIRE(table["rows"][1]["latency_mean"].is_null());
    REQUIRE_THAT(table["rows"][1]["error"].get<std::string>(),
                 Catch::Contains("not everything was delivered"));
    // A rerun keeps the recorded failure (and the exit code); --retry-failed runs it again.
    REQUIRE(run_program(grid, out) == 3);
    REQUIRE_THAT(out, Catch::Contains("3 done already, 0 to run"));
    REQUIRE(run_program(grid + " --retry-failed", out) == 3);
    REQUIRE_THAT(out, Catch::Contains("2 done already, 1 to run"));

    // A run far longer than --point-timeout is killed and recorded; the short one is not. (Two
    // billion cycles of a 4x4 mesh take minutes even at a few hundred million router-cycles per
    // second; 20 million, as here before, came to finish inside the 3 s once routers got faster.)
    const std::string slow = scratch("sweep_timeout");
    REQUIRE(run_program("sweep testbenches/scenarios/demo.yaml --set traffic.warmup=100 --set "
                        "traffic.load=0.01 "
                        "--vary traffic.measure=300,2000000000 --point-timeout 3 --jobs 2 --out " +
                            slow,
                        out) == 3);
    REQUIRE_THAT(out, Catch::Contains("2 runs: 1 ok, 1 failed"));
    const auto timed_out =
        nlohmann::json::parse(slurp(slow + "/points/traffic.measure=2000000000__replica=0.json"));
    REQUIRE(timed_out["status"] == "failed");
    REQUIRE(timed_out["exit_code"] == 124);
    REQUIRE_THAT(timed_out["error"].get<std::string>(), Catch::Contains("timed out after 3 s"));
}

TEST_CASE("bad sweep options are exit 2 naming the option, before any run", "[program][sweep]") {
    const std::string dir = scratch("sweep_bad");
    std::string out;
    for (const auto& [args, reason] : std::vector<std::pair<std::string, std::string>>{
             {"--vary traffic.load=0.1:0.2 --out " + dir, "--vary"},
             {"--vary router.buffer_depth=0,2 --out " + dir, "router.buffer_depth=0 does not fit"},
             {"--vary nosuch.key=1,2 --out " + dir, "nosuch"},
             {"--vary run.seed=1,2 --out " + dir, "--seeds"},
             {"--vary traffic.load=0.1,0.2 --vary router.vcs=1 --zip --out " + dir, "--zip"},
             {"--vary traffic.load=0.1", "--out"},
             {"--out " + dir, "--vary"},
         }) {
        INFO(args);
        REQUIRE(run_program("sweep testbenches/scenarios/demo.yaml " + args, out) == 2);
        REQUIRE_THAT(out, Catch::Contains(reason));
    }
    REQUIRE_FALSE(fs::exists(dir + "/points"));
    REQUIRE(run_program("sweep --collect " + scratch("no_such_sweep"), out) == 2);
    REQUIRE_THAT(out, Catch::Contains("--collect"));
}
