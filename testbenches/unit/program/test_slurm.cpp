// `--slurm` as a user runs it, against a stand-in sbatch that runs the array job's tasks one after
// the other on this machine (the real Slurm is ci/slurm-test.sh's): the array's size and chunks,
// --slurm-opt passed through, the tasks' point files equal to a local run's, a rerun submitting
// only what is missing, and exit 2 without Slurm. Also `reproduce --out DIR` resuming from its run
// files and `reproduce --slurm` through the same stand-in.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "testbenches/unit/program/ProgramRunner.hpp"

using wormcast::testing::kDemoSweep;
using wormcast::testing::run_program;
using wormcast::testing::scratch;
using wormcast::testing::slurp;
using wormcast::testing::write_text;

namespace {

namespace fs = std::filesystem;

/// PATH with `dir` first while it lives.
class PathPrefix {
  public:
    explicit PathPrefix(const std::string& dir)
        : old_(std::getenv("PATH") ? std::getenv("PATH") : "") {
        setenv("PATH", (dir + ":" + old_).c_str(), 1);
    }
    ~PathPrefix() { setenv("PATH", old_.c_str(), 1); }
    PathPrefix(const PathPrefix&) = delete;
    PathPrefix& operator=(const PathPrefix&) = delete;

  private:
    std::string old_;
};

/// A directory holding an `sbatch` that logs its arguments to LOG, runs every array task of the
/// script it is given (SLURM_ARRAY_TASK_ID 0..N-1, each task's output to TASKLOG) and prints a
/// job id; or, with `refuse`, prints an error and exits 1.
std::string fake_sbatch(const std::string& name, bool refuse) {
    const std::string dir = scratch(name);
    fs::create_directories(dir);
    const std::string log = dir + "/calls.log";
    std::string script = "#!/bin/bash\necho \"$@\" >> '" + log + "'\n";
    if (refuse) {
        script += "echo 'sbatch: error: invalid partition specified: nope' >&2\nexit 1\n";
    } else {
        script +=
            "job=\"${@: -1}\"\n"
            "last=$(sed -n 's/^#SBATCH --array=0-//p' \"$job\")\n"
            "for ((i = 0; i <= last; i++)); do\n"
            "  SLURM_ARRAY_TASK_ID=$i bash \"$job\" >> '" +
            dir + "/tasks.log' 2>&1 || echo \"task $i: exit $?\" >> '" + dir +
            "/tasks.log'\n"
            "done\n"
            "echo 4242\n";
    }
    write_text(dir + "/sbatch", script);
    fs::permissions(dir + "/sbatch", fs::perms::owner_all);
    return dir;
}

std::map<std::string, std::string> files(const std::string& dir) {
    std::map<std::string, std::string> found;
    for (const auto& entry : fs::directory_iterator(dir))
        if (entry.path().extension() == ".json")
            found[entry.path().filename().string()] = slurp(entry.path().string());
    return found;
}

}  // namespace

TEST_CASE("sweep --slurm: an array job of chunks whose tasks write a local sweep's points",
          "[program][slurm]") {
    const std::string bin = fake_sbatch("sbatch_ok", false);
    const std::string local = scratch("slurm_local"), cluster = scratch("slurm_cluster");
    std::string out;
    REQUIRE(run_program(kDemoSweep + " --jobs 2 --out " + local, out) == 0);
    {
        const PathPrefix path(bin);
        REQUIRE(run_program(kDemoSweep + " --out " + cluster +
                                " --slurm --slurm-chunk 3 --slurm-opt=--partition=short "
                                "--slurm-opt time=00:10:00",
                            out) == 0);
    }
    INFO(out << slurp(bin + "/tasks.log"));
    REQUIRE_THAT(out, Catch::Contains("8 runs (4 x 2 seeds), 0 done already, 8 to run on Slurm"));
    REQUIRE_THAT(out,
                 Catch::Contains("submitted 8 runs as Slurm job 4242 (3 array tasks of up to 3"));
    // The options reach sbatch as given (a bare word gets "--"), before the script.
    const std::string call = slurp(bin + "/calls.log");
    REQUIRE_THAT(call, Catch::StartsWith("--parsable --partition=short --time=00:10:00 "));
    REQUIRE_THAT(call, Catch::Contains("/slurm/sweep-1.sh"));
    const std::string job = slurp(cluster + "/slurm/sweep-1.sh");
    REQUIRE_THAT(job, Catch::Contains("#SBATCH --array=0-2\n"));
    REQUIRE_THAT(job, Catch::Contains("--slurm-task"));
    REQUIRE_THAT(job, !Catch::Contains("--slurm-opt") && !Catch::Contains("--slurm-chunk"));
    const auto runs = nlohmann::json::parse(slurp(cluster + "/slurm/sweep-1.json"));
    REQUIRE(runs["chunk"] == 3);
    REQUIRE(runs["names"].size() == 8);

    // The tasks wrote every point; the collected table is the local one.
    REQUIRE(files(cluster + "/points").size() == 8);
    REQUIRE(run_program("sweep --collect " + cluster, out) == 0);
    REQUIRE(slurp(cluster + "/sweep.csv") == slurp(local + "/sweep.csv"));
    REQUIRE(slurp(cluster + "/sweep.json") == slurp(local + "/sweep.json"));

    // A lost point: the rerun submits it alone; with nothing missing nothing is submitted.
    fs::remove(cluster + "/points/" + files(cluster + "/points").begin()->first);
    {
        const PathPrefix path(bin);
        REQUIRE(run_program(kDemoSweep + " --out " + cluster + " --slurm", out) == 0);
        REQUIRE_THAT(out, Catch::Contains("7 done already, 1 to run on Slurm"));
        REQUIRE_THAT(out, Catch::Contains("submitted 1 runs as Slurm job 4242 (1 array tasks"));
        REQUIRE(nlohmann::json::parse(slurp(cluster + "/slurm/sweep-2.json"))["names"].size() == 1);
        REQUIRE(run_program(kDemoSweep + " --out " + cluster + " --slurm", out) == 0);
        REQUIRE_THAT(out, Catch::Contains("8 done already, 0 to run"));
        REQUIRE(!fs::exists(cluster + "/slurm/sweep-3.json"));
    }
    REQUIRE(slurp(cluster + "/sweep.csv") == slurp(local + "/sweep.csv"));
}

TEST_CASE("sweep and reproduce with --slurm but no Slurm that takes the job: exit 2, saying why",
          "[program][slurm]") {
    std::string out;
    {
        const std::string empty = scratch("no_sbatch_here");
        fs::create_directories(empty);
        const char* old = std::getenv("PATH");
        const std::string saved = old ? old : "";
        setenv("PATH", empty.c_str(), 1);  // no sbatch (the program needs nothing else)
        const int code =
            run_program(kDemoSweep + " --out " + scratch("slurm_none") + " --slurm", out);
        setenv("PATH", saved.c_str(), 1);
        REQUIRE(code == 2);
        REQUIRE_THAT(out, Catch::Contains("--slurm: sbatch is not on the PATH"));
    }
    {
        const PathPrefix path(fake_sbatch("sbatch_refuses", true));
        REQUIRE(run_program(kDemoSweep + " --out " + scratch("slurm_refused") +
                                " --slurm --slurm-opt partition=nope",
                            out) == 2);
        REQUIRE_THAT(out, Catch::Contains("--slurm: sbatch refused the job (exit 1)"));
        REQUIRE_THAT(out, Catch::Contains("invalid partition specified: nope"));
        REQUIRE(run_program("reproduce kp-table1 --runs 1 --out " + scratch("slurm_refused_kp") +
                                " --slurm",
                            out) == 2);
        REQUIRE_THAT(out, Catch::Contains("sbatch refused the job"));
    }
    // An array task outside Slurm.
    REQUIRE(
        run_program(kDemoSweep + " --out " + scratch("slurm_task") + " --slurm-task nothing.json",
                    out) == 2);
    REQUIRE_THAT(out, Catch::Contains("SLURM_ARRAY_TASK_ID is not set"));
}

TEST_CASE("reproduce --out keeps a file per run: a rerun loads them and prints the same",
          "[program][slurm]") {
    const std::string dir = scratch("repro_store");
    const std::string command = "reproduce kp-table1 --runs 2 --jobs 2 --out " + dir;
    std::string first, again;
    REQUIRE(run_program(command, first) == 0);
    fs::path points;
    for (const auto& entry : fs::directory_iterator(dir + "/points")) points = entry.path();
    REQUIRE_THAT(points.filename().string(), Catch::StartsWith("kp-table1-"));
    const auto spec = nlohmann::json::parse(slurp((points / "reproduction.json").string()));
    REQUIRE(spec["runs"] == 2);
    auto runs = files(points.string());
    runs.erase("reproduction.json");
    REQUIRE(runs.size() > 10);
    for (const auto& [name, text] : runs) {
        const auto doc = nlohmann::json::parse(text);
        REQUIRE(doc["format"] == "wormcast-task/1");
        REQUIRE(doc["status"] == "ok");
        REQUIRE(name == doc["name"].get<std::string>() + ".json");
    }
    const std::string csv = slurp(dir + "/kp-table1.csv");

    // Everything loaded: the same table, nothing run.
    REQUIRE(run_program(command, again) == 0);
    REQUIRE_THAT(again, Catch::Contains(std::to_string(runs.size()) + " runs loaded from"));
    REQUIRE_THAT(again, Catch::Contains(", 0 run now"));
    REQUIRE(slurp(dir + "/kp-table1.csv") == csv);

    // Two runs lost: --collect says so (exit 3); a rerun runs those two and prints the same.
    fs::remove(points / runs.begin()->first);
    fs::remove(points / std::prev(runs.end())->first);
    REQUIRE(run_program(command + " --collect", again) == 3);
    REQUIRE_THAT(again, Catch::Contains("--collect: 2 runs have no file"));
    REQUIRE(run_program(command, again) == 0);
    REQUIRE_THAT(again, Catch::Contains(", 2 run now"));
    REQUIRE(slurp(dir + "/kp-table1.csv") == csv);

    // Other options, other runs: another directory.
    REQUIRE(run_program("reproduce kp-table1 --runs 1 --jobs 2 --out " + dir, again) == 0);
    std::size_t dirs = 0;
    for ([[maybe_unused]] const auto& entry : fs::directory_iterator(dir + "/points")) ++dirs;
    REQUIRE(dirs == 2);

    // Through the stand-in Slurm, then --collect: the same table.
    const std::string cluster = scratch("repro_slurm");
    const std::string bin = fake_sbatch("sbatch_repro", false);
    {
        const PathPrefix path(bin);
        REQUIRE(run_program(
                    "reproduce kp-table1 --runs 2 --out " + cluster + " --slurm --slurm-chunk 50",
                    again) == 0);
    }
    INFO(again << slurp(bin + "/tasks.log"));
    REQUIRE_THAT(again, Catch::Contains("runs as Slurm job 4242"));
    REQUIRE(run_program("reproduce kp-table1 --runs 2 --out " + cluster + " --collect", again) ==
            0);
    REQUIRE(slurp(cluster + "/kp-table1.csv") == csv);
}
