// Running the built program from a test, as a user would from a shell: a scratch directory per
// test process, the exit code, and everything the program printed.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace wormcast::testing {

/// A path in this test process's scratch directory (created on first use).
inline std::string scratch(const std::string& name) {
    static const std::filesystem::path dir = [] {
        auto d = std::filesystem::temp_directory_path() /
                 ("wormcast_program_" + std::to_string(::getpid()));
        std::filesystem::create_directories(d);
        return d;
    }();
    return (dir / name).string();
}

inline std::string slurp(const std::string& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

inline void write_text(const std::string& path, const std::string& text) {
    std::ofstream(path) << text;
}

/// Runs `binary` with `args` (shell syntax) from the source directory; returns the exit code
/// (128 + the signal if it died of one), with stdout and stderr in `out`.
inline int run_binary(const std::string& binary, const std::string& args, std::string& out) {
    const std::string file = scratch("out.txt");
    const std::string cmd = "cd " + std::string(WORMCAST_SOURCE_DIR) + " && " + binary + " " +
                            args + " > " + file + " 2>&1";
    const int status = std::system(cmd.c_str());
    out = slurp(file);
    if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
    const int code = WEXITSTATUS(status);
    return code;
}

/// Runs the program (`wormcast`) with `args`, as run_binary.
inline int run_program(const std::string& args, std::string& out) {
    return run_binary(WORMCAST_BINARY, args, out);
}

/// A small `wormcast sweep` of the demo scenario (short runs): 4 combinations x 2 seeds.
inline const std::string kDemoSweep =
    "sweep testbenches/scenarios/demo.yaml --set traffic.warmup=100 --set traffic.measure=300 "
    "--vary traffic.load=0.05,0.1 --vary router.buffer_depth=2,4 --seeds 2";

}  // namespace wormcast::testing
