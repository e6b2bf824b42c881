// Verilated configurations built on first use and cached (docs/rtl.md, "RTL on demand"): a
// configuration (RtlConfig) is verilated with SystemC output, compiled with the program's RTL
// glue (systemc/rtl/shim/RtlModelShim.cpp) into a shared library, and loaded with dlopen. The
// cache is a directory of one folder per key (the configuration, the RTL sources, the glue, the
// Verilator and compiler versions), written under a temporary name and renamed when complete;
// concurrent builders of one key (sweep jobs, Slurm array tasks on a shared file system) take a
// POSIX record lock on KEY.lock, so one builds and the others wait and load its result.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "systemc/RouterModule.hpp"
#include "systemc/rtl/RtlConfig.hpp"
#include "systemc/rtl/RtlModelAbi.hpp"

namespace wormcast::rtl {

/// The cache directory: set_rtl_cache_directory's, else $WORMCAST_RTL_CACHE, else
/// $XDG_CACHE_HOME/wormcast/rtl, else ~/.cache/wormcast/rtl.
std::string rtl_cache_directory();
/// `--rtl-cache DIR`: also exported as WORMCAST_RTL_CACHE, so the processes a run starts (sweep
/// points, Slurm tasks) use it too.
void set_rtl_cache_directory(const std::string& directory);

/// One configuration in the cache.
struct RtlCacheEntry {
    std::string key;        ///< 64 hex digits
    std::string directory;  ///< its folder
    std::string top;
    std::string summary;
    std::string parameters;   ///< RtlConfig::describe()
    std::uint64_t bytes = 0;  ///< of the folder's files
    double build_seconds = 0;
    std::string built;      ///< UTC time it was built, ISO 8601
    bool loadable = false;  ///< built by this program's glue and tools (else kept, not used)
};

/// A loaded configuration: makes RTL routers.
class RtlLibrary {
  public:
    RtlLibrary(std::string key, RtlMakeFunction maker) : key_(std::move(key)), make_(maker) {}
    const std::string& key() const { return key_; }
    std::unique_ptr<RouterModule> make(const RtlMakeArgs& args) const {
        return std::unique_ptr<RouterModule>(make_(args));
    }

  private:
    std::string key_;
    RtlMakeFunction make_;
};

/// What a build reports as it goes (one line each); the default writes them to stderr.
using RtlProgress = std::function<void(const std::string& line)>;

/// The cache key of a configuration with this program's sources and tools.
std::string rtl_cache_key(const RtlConfig& config);

/// The library of `config`: loaded if this process has it, else from the cache, else verilated,
/// compiled and added to the cache first (progress lines while it builds). ConfigError when
/// Verilator or the compiler is missing or this program was built without RTL; ModelError with
/// the build log's tail when a build fails.
const RtlLibrary& load_rtl_library(const RtlConfig& config, const RtlProgress& progress = {});

/// Every configuration in the cache, newest first.
std::vector<RtlCacheEntry> rtl_cache_entries();
/// Removes the entries whose key starts with one of `keys` (all when empty) and any build left
/// unfinished; returns the keys removed.
std::vector<std::string> clean_rtl_cache(const std::vector<std::string>& keys);

/// Checks, before a run, that configurations can be built here (Verilator, the compiler, make
/// and the sources are present); ConfigError naming what is missing.
void check_rtl_toolchain();

}  // namespace wormcast::rtl
