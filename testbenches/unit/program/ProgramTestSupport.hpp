// Running the built program from a test: a scratch folder per test process, and the program run
// from the source directory with its output (stdout and stderr) captured.
#pragma once

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace wormcast::testing {

/// A path in this process's scratch folder.
inline std::string program_scratch(const std::string& name) {
    static const std::filesystem::path dir = [] {
        auto d = std::filesystem::temp_directory_path() /
                 ("wormcast_program_" + std::to_string(::getpid()));
        std::filesystem::create_directories(d);
        return d;
    }();
    return (dir / name).string();
}

inline std::string read_whole_file(const std::string& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

inline void write_whole_file(const std::string& path, const std::string& text) {
    std::ofstream out(path);
    out << text;
}

/// Runs the program with `args` from the source directory; returns the exit code, the output in
/// `out`.
inline int run_wormcast(const std::string& args, std::string& out) {
    const std::string file = program_scratch("out.txt");
    const std::string cmd = "cd " + std::string(WORMCAST_SOURCE_DIR) + " && " + WORMCAST_BINARY +
                            " " + args + " > " + file + " 2>&1";
    const int status = std::system(cmd.c_str());
    out = read_whole_file(file);
    return WEXITSTATUS(status);
}

}  // namespace wormcast::testing
