// Slurm array jobs for sweeps and reproductions (see Slurm.hpp, docs/cluster.md).
#include "testbenches/sim/Slurm.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "systemc/pure/Types.hpp"
#include "testbenches/sim/Sampling.hpp"

namespace wormcast::sim {

namespace fs = std::filesystem;

namespace {

/// One word for bash: single-quoted, a quote inside written as '\''.
std::string shell_quote(const std::string& word) {
    std::string quoted = "'";
    for (char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

/// The executable `name` on the PATH, or "" when there is none.
std::string find_on_path(const std::string& name) {
    const char* path = std::getenv("PATH");
    std::string rest = path ? path : "";
    while (true) {
        const auto colon = rest.find(':');
        const std::string dir = rest.substr(0, colon);
        const std::string candidate = (dir.empty() ? "." : dir) + "/" + name;
        if (access(candidate.c_str(), X_OK) == 0 && fs::is_regular_file(candidate))
            return candidate;
        if (colon == std::string::npos) return "";
        rest = rest.substr(colon + 1);
    }
}

struct Captured {
    int status = -1;     ///< exit status (-1: killed or not run)
    std::string output;  ///< standard output and error together
};

/// Runs argv (no shell) and waits for it, capturing what it prints.
Captured run_capture(const std::vector<std::string>& argv) {
    int fds[2];
    if (pipe(fds) != 0) throw ConfigError(fmt::format("--slurm: pipe: {}", std::strerror(errno)));
    const pid_t pid = fork();
    if (pid < 0) throw ConfigError(fmt::format("--slurm: fork: {}", std::strerror(errno)));
    if (pid == 0) {
        close(fds[0]);
        dup2(fds[1], STDOUT_FILENO);
        dup2(fds[1], STDERR_FILENO);
        close(fds[1]);
        std::vector<char*> args;
        for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
        args.push_back(nullptr);
        execv(args[0], args.data());
        const std::string why = fmt::format("cannot run {}: {}\n", argv[0], std::strerror(errno));
        if (write(STDOUT_FILENO, why.data(), why.size()) < 0) _exit(127);
        _exit(127);
    }
    close(fds[1]);
    Captured c;
    char buffer[4096];
    ssize_t n;
    while ((n = read(fds[0], buffer, sizeof buffer)) != 0) {
        if (n < 0) {
            if (errno == EINTR) continue;
            break;
        }
        c.output.append(buffer, static_cast<std::size_t>(n));
    }
    close(fds[0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (WIFEXITED(status)) c.status = WEXITSTATUS(status);
    return c;
}

std::string trimmed(std::string text) {
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.pop_back();
    return text;
}

}  // namespace

std::vector<std::string> slurm_task_command(int argc, char** argv) {
    std::vector<std::string> command;
    std::error_code error;
    const fs::path self = fs::read_symlink("/proc/self/exe", error);
    command.push_back(error ? fs::absolute(argc > 0 ? argv[0] : "wormcast").string()
                            : self.string());
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--slurm" || a == "--slurm-dry-run") continue;
        if (a == "--slurm-opt" || a == "--slurm-chunk") {
            ++i;  // and its value
            continue;
        }
        if (a.rfind("--slurm-opt=", 0) == 0 || a.rfind("--slurm-chunk=", 0) == 0) continue;
        command.push_back(a);
    }
    return command;
}

std::string sbatch_option(const std::string& text) {
    if (text.empty() || text == "-" || text == "--")
        throw ConfigError("--slurm-opt: an empty sbatch option");
    if (text[0] == '-') return text;
    return "--" + text;
}

unsigned slurm_chunk(std::size_t runs, unsigned chunk) {
    if (chunk > 0) return chunk;
    constexpr std::size_t max_tasks = 1000;
    return static_cast<unsigned>(std::max<std::size_t>(1, (runs + max_tasks - 1) / max_tasks));
}

std::string submit_slurm_array(const std::string& dir, const std::string& label,
                               const std::vector<std::string>& names, const SlurmOptions& options,
                               std::ostream& out) {
    const std::string sbatch = options.dry_run ? "sbatch" : find_on_path("sbatch");
    if (sbatch.empty())
        throw ConfigError(
            "--slurm: sbatch is not on the PATH: no Slurm reachable from here (run on a "
            "cluster's login node, or without --slurm to run on this machine)");
    if (names.empty()) throw ConfigError("--slurm: no runs to submit");
    if (options.command.empty()) throw ConfigError("--slurm: no command for the array tasks");
    std::vector<std::string> sbatch_opts;
    for (const auto& o : options.opts) sbatch_opts.push_back(sbatch_option(o));

    const fs::path slurm_dir = fs::absolute(fs::path(dir) / "slurm").lexically_normal();
    make_output_directory(slurm_dir.string());
    unsigned n = 1;
    while (fs::exists(slurm_dir / fmt::format("{}-{}.json", label, n))) ++n;
    const std::string stem = fmt::format("{}-{}", label, n);
    const fs::path runs_file = slurm_dir / (stem + ".json");
    const fs::path script_file = slurm_dir / (stem + ".sh");

    const unsigned chunk = slurm_chunk(names.size(), options.chunk);
    const std::size_t tasks = (names.size() + chunk - 1) / chunk;
    const nlohmann::json runs = {
        {"format", "wormcast-slurm-runs/1"}, {"label", label}, {"chunk", chunk}, {"names", names}};
    write_output_file(runs_file.string(), runs.dump(1) + "\n", "--slurm");

    std::string command;
    for (const auto& word : options.command) command += shell_quote(word) + " ";
    command += "--slurm-task " + shell_quote(runs_file.string());
    const std::string script = fmt::format(
        "#!/bin/bash\n"
        "# Written by wormcast: {} runs in {} array tasks of up to {} (docs/cluster.md).\n"
        "#SBATCH --job-name=wormcast-{}\n"
        "#SBATCH --array=0-{}\n"
        "#SBATCH --output={}\n"
        "cd {} || exit 2\n"
        "exec {}\n",
        names.size(), tasks, chunk, label, tasks - 1, (slurm_dir / (stem + "-%A_%a.out")).string(),
        shell_quote(fs::current_path().string()), command);
    write_output_file(script_file.string(), script, "--slurm");

    std::vector<std::string> argv = {sbatch, "--parsable"};
    argv.insert(argv.end(), sbatch_opts.begin(), sbatch_opts.end());
    argv.push_back(script_file.string());
    if (options.dry_run) {
        std::string line;
        for (const auto& a : argv) line += (line.empty() ? "" : " ") + shell_quote(a);
        out << fmt::format(
            "{}: --slurm-dry-run: {} runs in {} array tasks of up to {} (list {}), not "
            "submitted: {}\n",
            label, names.size(), tasks, chunk, runs_file.string(), line);
        return "";
    }
    const Captured submitted = run_capture(argv);
    const std::string printed = trimmed(submitted.output);
    // --parsable prints "JOBID" or "JOBID;CLUSTER" (with --wait, the job's end may follow).
    const std::string first_line = printed.substr(0, printed.find('\n'));
    const std::string job = first_line.substr(0, first_line.find(';'));
    const bool numeric = !job.empty() && std::all_of(job.begin(), job.end(), [](char c) {
        return std::isdigit(static_cast<unsigned char>(c));
    });
    if (submitted.status != 0 && !numeric)
        throw ConfigError(fmt::format("--slurm: sbatch refused the job (exit {}): {}",
                                      submitted.status, printed.empty() ? "no output" : printed));
    if (!numeric)
        throw ConfigError(fmt::format("--slurm: sbatch printed no job id: '{}'", printed));
    {
        std::ofstream jobs(slurm_dir / "jobs.txt", std::ios::app);
        jobs << job << " " << stem << " " << names.size() << " runs\n";
    }
    out << fmt::format(
        "{}: submitted {} runs as Slurm job {} ({} array tasks of up to {}; script {}, logs "
        "{}-{}_*.out)\n",
        label, names.size(), job, tasks, chunk, script_file.string(), (slurm_dir / stem).string(),
        job);
    if (submitted.status != 0)
        out << fmt::format("{}: sbatch exited with {} after submitting: {}\n", label,
                           submitted.status, printed);
    return job;
}

std::vector<std::string> slurm_task_names(const std::string& task_file) {
    const char* id = std::getenv("SLURM_ARRAY_TASK_ID");
    if (!id || !*id)
        throw ConfigError(
            "--slurm-task: SLURM_ARRAY_TASK_ID is not set (this option is for the array "
            "tasks that --slurm submits)");
    char* end = nullptr;
    const unsigned long index = std::strtoul(id, &end, 10);
    if (*end != '\0')
        throw ConfigError(
            fmt::format("--slurm-task: SLURM_ARRAY_TASK_ID '{}' is not a number", id));
    std::ifstream in(task_file);
    if (!in) throw ConfigError(fmt::format("--slurm-task: cannot read '{}'", task_file));
    try {
        const auto doc = nlohmann::json::parse(in);
        const auto chunk = doc.at("chunk").get<std::size_t>();
        const auto names = doc.at("names").get<std::vector<std::string>>();
        if (chunk == 0) throw ConfigError("--slurm-task: chunk 0");
        const std::size_t first = std::min(names.size(), index * chunk);
        const std::size_t last = std::min(names.size(), first + chunk);
        return {names.begin() + static_cast<std::ptrdiff_t>(first),
                names.begin() + static_cast<std::ptrdiff_t>(last)};
    } catch (const nlohmann::json::exception& e) {
        throw ConfigError(
            fmt::format("--slurm-task: '{}' is not a run list: {}", task_file, e.what()));
    }
}

unsigned slurm_task_jobs(unsigned jobs) {
    if (jobs > 0) return jobs;
    const char* cpus = std::getenv("SLURM_CPUS_PER_TASK");
    if (cpus && *cpus) {
        const long n = std::strtol(cpus, nullptr, 10);
        if (n > 0) return static_cast<unsigned>(n);
    }
    return 1;
}

}  // namespace wormcast::sim
