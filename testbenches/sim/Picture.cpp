// Graphviz pictures (see Picture.hpp).
#include "testbenches/sim/Picture.hpp"

#include <cstdio>
#include <filesystem>

#include <fmt/format.h>

#include "systemc/pure/Types.hpp"
#include "testbenches/sim/Sampling.hpp"
#include "testbenches/sim/Waveform.hpp"

namespace wormcast::sim {

std::string picture_format(const std::string& path) {
    for (const char* format : {"png", "svg"}) {
        const std::string suffix = std::string(".") + format;
        if (path.size() > suffix.size() &&
            path.compare(path.size() - suffix.size(), suffix.size(), suffix) == 0)
            return format;
    }
    return "";
}

void check_picture(const std::string& path, const std::string& engine, const std::string& option,
                   bool require_picture) {
    const std::string format = picture_format(path);
    if (format.empty()) {
        if (require_picture)
            throw ConfigError(fmt::format("{}: '{}' must end in .png or .svg", option, path));
        return;
    }
    if (run_quietly(engine, {"-V"}) == 127)
        throw ConfigError(fmt::format(
            "{}: a .{} picture needs Graphviz's {}, which is not on the PATH (Debian package "
            "graphviz)",
            option, format, engine));
    check_output_target(path, option);
}

void render_picture(const std::string& dot_text, const std::string& path, const std::string& engine,
                    const std::string& option) {
    const std::string format = picture_format(path);
    const std::string dot = path + ".dot";
    write_output_file(dot, dot_text, option);
    const std::string partial = path + ".partial." + format;
    const int status = run_quietly(engine, {"-T" + format, "-o", partial, dot});
    std::error_code error;
    if (status != 0 || !std::filesystem::is_regular_file(partial, error)) {
        std::remove(partial.c_str());
        throw ConfigError(fmt::format("{}: Graphviz {} could not draw '{}' from '{}' (exit {})",
                                      option, engine, path, dot, status));
    }
    std::filesystem::rename(partial, path, error);
    if (error)
        throw ConfigError(fmt::format("{}: cannot write '{}': {}", option, path, error.message()));
}

}  // namespace wormcast::sim
