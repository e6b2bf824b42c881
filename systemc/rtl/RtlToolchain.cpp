// This program's RTL toolchain (see RtlToolchain.hpp). The values come from rtl/rtl.cmake:
// RtlToolchainValues.hpp at configure time, RtlGlue.hpp whenever a header of the glue changes.
#include "systemc/rtl/RtlToolchain.hpp"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include <fmt/format.h>

#include "RtlGlue.hpp"
#include "RtlToolchainValues.hpp"
#include "systemc/pure/Types.hpp"

namespace wormcast::rtl {

namespace fs = std::filesystem;

namespace {
/// The install prefix of this program: the parent of the folder it runs from.
std::string program_prefix() {
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (ec) return "";
    return exe.parent_path().parent_path().string();
}

bool has_router(const std::string& directory) {
    std::error_code ec;
    return fs::exists(directory + "/wc_router.sv", ec);
}
}  // namespace

std::string RtlToolchain::verilog_directory() const {
    std::string tried;
    if (const char* data = std::getenv("WORMCAST_DATA_DIR"); data && *data) {
        const std::string dir = std::string(data) + "/rtl";
        if (has_router(dir)) return dir;
        tried += " " + dir;
    }
    const std::string installed = program_prefix() + "/" + data_suffix + "/rtl";
    if (has_router(installed)) return installed;
    tried += " " + installed;
    const std::string source = source_directory + "/rtl";
    if (has_router(source)) return source;
    tried += " " + source;
    throw ConfigError(fmt::format(
        "RTL routers: no RTL sources (wc_router.sv) in any of:{} (set WORMCAST_DATA_DIR to the "
        "folder holding rtl/, e.g. PREFIX/share/wormcast)",
        tried));
}

std::string RtlToolchain::header_root() const {
    const std::string installed = program_prefix() + "/" + include_suffix;
    std::error_code ec;
    if (fs::exists(installed + "/systemc/rtl/shim/RtlModelShim.cpp", ec)) return installed;
    if (const char* data = std::getenv("WORMCAST_INCLUDE_DIR"); data && *data) return data;
    return source_directory;
}

const RtlToolchain& rtl_toolchain() {
    static const RtlToolchain chain = [] {
        RtlToolchain c;
        c.enabled = WORMCAST_RTL_ENABLED != 0;
        c.verilator = WORMCAST_RTL_VERILATOR;
        c.compiler = WORMCAST_RTL_COMPILER;
        c.make = WORMCAST_RTL_MAKE;
        c.flags = {WORMCAST_RTL_FLAGS};
        c.include_directories = {WORMCAST_RTL_INCLUDES};
        c.glue = WORMCAST_RTL_GLUE_HASH;
        c.source_directory = WORMCAST_RTL_SOURCE_DIR;
        c.data_suffix = WORMCAST_RTL_DATA_SUFFIX;
        c.include_suffix = WORMCAST_RTL_INCLUDE_SUFFIX;
        return c;
    }();
    return chain;
}

}  // namespace wormcast::rtl
