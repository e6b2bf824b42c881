// Waveform files and the FST conversion (see Waveform.hpp).
#include "testbenches/sim/Waveform.hpp"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fcntl.h>

#include <cstdio>
#include <filesystem>
#include <vector>

#include <fmt/format.h>

#include "systemc/pure/Types.hpp"

extern char** environ;

namespace wormcast::sim {

int run_quietly(const std::string& program, std::vector<std::string> args) {
    args.insert(args.begin(), program);
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    pid_t pid = 0;
    const int error = posix_spawnp(&pid, program.c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (error != 0) return 127;
    int status = 0;
    if (waitpid(pid, &status, 0) != pid) return 127;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

namespace {

bool ends_with(const std::string& text, const std::string& suffix) {
    return text.size() > suffix.size() &&
           text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string without(const std::string& text, const std::string& suffix) {
    return ends_with(text, suffix) ? text.substr(0, text.size() - suffix.size()) : text;
}

int run_vcd2fst(std::vector<std::string> args) {
    return run_quietly("vcd2fst", std::move(args));
}

}  // namespace

WaveformFiles WaveformFiles::from_options(const std::string& vcd_option,
                                          const std::string& fst_option) {
    WaveformFiles files;
    std::string vcd = vcd_option, fst = fst_option;
    if (ends_with(vcd, ".fst")) {
        if (!fst.empty() && fst != vcd)
            throw ConfigError(fmt::format(
                "--vcd {}: an FST by its extension, and --fst {} names another one", vcd, fst));
        fst = vcd;
        vcd.clear();
    }
    if (!fst.empty() && !ends_with(fst, ".fst")) fst += ".fst";
    if (!vcd.empty()) files.vcd = without(vcd, ".vcd") + ".vcd";
    files.fst = fst;
    const std::string base = !vcd.empty() ? without(files.vcd, ".vcd") : without(fst, ".fst");
    if (vcd.empty() && fst.empty()) return files;
    // With an FST only, the VCD it is made from is a temporary next to it.
    files.written_vcd = !files.vcd.empty() ? files.vcd : base + ".fst-source.vcd";
    files.rtl_vcd = !files.vcd.empty() ? base + ".rtl.vcd" : base + ".rtl.fst-source.vcd";
    if (!fst.empty()) files.rtl_fst = without(fst, ".fst") + ".rtl.fst";
    return files;
}

void check_fst_converter(const std::string& option) {
    if (run_vcd2fst({"--help"}) == 127)
        throw ConfigError(fmt::format(
            "{}: writing FST needs GTKWave's vcd2fst, which is not on the PATH (Debian package "
            "gtkwave)",
            option));
}

void convert_to_fst(const std::string& vcd, const std::string& fst, bool remove_vcd) {
    const int status = run_vcd2fst({"-v", vcd, "-f", fst});
    if (status != 0 || !std::filesystem::is_regular_file(fst))
        throw ConfigError(fmt::format("FST file '{}': vcd2fst could not convert '{}' (exit {})",
                                      fst, vcd, status));
    if (remove_vcd) std::remove(vcd.c_str());
}

bool is_png_name(const std::string& path) {
    return ends_with(path, ".png");
}

void check_dot_renderer(const std::string& option) {
    if (run_quietly("dot", {"-V"}) == 127)
        throw ConfigError(fmt::format(
            "{}: a .png picture needs Graphviz's dot, which is not on the PATH (Debian package "
            "graphviz); give a .dot name to write the graph only",
            option));
}

void render_png(const std::string& dot, const std::string& png) {
    const std::string partial = png + ".partial.png";
    const int status = run_quietly("dot", {"-Tpng", "-o", partial, dot});
    if (status != 0 || !std::filesystem::is_regular_file(partial)) {
        std::remove(partial.c_str());
        throw ConfigError(fmt::format("picture '{}': Graphviz dot could not render '{}' (exit {})",
                                      png, dot, status));
    }
    std::filesystem::rename(partial, png);
}

}  // namespace wormcast::sim
