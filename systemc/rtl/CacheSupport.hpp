// What the caches of systemc/rtl share (the verilated models of RtlCache, the synthesised
// configurations of HwCost): running a tool with its output in a log, its version line, an
// exclusive lock on a file that processes on several hosts can take, and the names a build in
// progress is given.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace wormcast::rtl {

/// Where a cache lives: `override` if set, else $ENV, else $XDG_CACHE_HOME/wormcast/FOLDER, else
/// ~/.cache/wormcast/FOLDER; ConfigError naming `what` and `option` when none applies.
struct CacheLocation {
    const char* what;    ///< "RTL cache"
    const char* env;     ///< "WORMCAST_RTL_CACHE"
    const char* folder;  ///< "rtl"
    const char* option;  ///< "--rtl-cache"
};
std::string cache_directory(const CacheLocation& where, const std::string& override);
/// `directory` (given with where.option) made absolute, also exported as where.env so the
/// processes a run starts use it too; ConfigError naming the option for an empty or bad name.
std::string set_cache_directory(const CacheLocation& where, const std::string& directory);

/// The RTL sources (rtl/wc_*.sv of `verilog_directory`, sorted) and the SHA-256 of their names and
/// contents, which the caches' keys hold.
struct RtlSources {
    std::vector<std::string> files;
    std::string hash;
};
RtlSources rtl_sources(const std::string& verilog_directory);

/// The whole file (empty when it cannot be read).
std::string read_file(const std::string& path);

/// The last `lines` lines of a log, each on a line of its own indented by four spaces.
std::string log_tail(const std::string& log, std::size_t lines);

/// Runs argv with stdout and stderr appended to `log` (or discarded when empty), in `directory`
/// when given; the exit code, or -1 when it could not start.
int run_logged(const std::vector<std::string>& argv, const std::string& log,
               const std::string& directory = "");

/// The first line a program prints for `argument` (--version); empty when it does not run.
std::string version_line(const std::string& program, const std::string& argument = "--version");

/// Now in UTC, ISO 8601 ("2026-11-29T05:00:00Z").
std::string iso_time_now();
/// This host's name ("host" when it has none).
std::string hostname();

/// An exclusive POSIX record lock on a file (fcntl, which NFS supports), released when the
/// object goes or the process dies.
class FileLock {
  public:
    /// `on_wait` is called once if another process holds the lock; with `wait` false the object
    /// then gives up at once (held() is false). ConfigError when the file cannot be created.
    FileLock(const std::string& path, const std::function<void()>& on_wait, bool wait = true);
    ~FileLock();
    bool held() const { return fd_ >= 0; }
    FileLock(const FileLock&) = delete;
    FileLock& operator=(const FileLock&) = delete;

  private:
    int fd_ = -1;
};

}  // namespace wormcast::rtl
