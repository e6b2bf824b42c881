// What the caches of systemc/rtl share (see CacheSupport.hpp).
#include "systemc/rtl/CacheSupport.hpp"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "systemc/pure/Sha256.hpp"
#include "systemc/pure/Types.hpp"

namespace wormcast::rtl {

std::string cache_directory(const CacheLocation& where, const std::string& override) {
    if (!override.empty()) return override;
    if (const char* dir = std::getenv(where.env); dir && *dir) return dir;
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
        return std::string(xdg) + "/wormcast/" + where.folder;
    if (const char* home = std::getenv("HOME"); home && *home)
        return std::string(home) + "/.cache/wormcast/" + where.folder;
    throw ConfigError(
        fmt::format("{}: no directory (set {}, XDG_CACHE_HOME or HOME, or give {} DIR)", where.what,
                    where.env, where.option));
}

std::string set_cache_directory(const CacheLocation& where, const std::string& directory) {
    if (directory.empty()) throw ConfigError(fmt::format("{}: empty directory name", where.option));
    std::error_code ec;
    const std::filesystem::path absolute = std::filesystem::absolute(directory, ec);
    if (ec) throw ConfigError(fmt::format("{} {}: {}", where.option, directory, ec.message()));
    const std::string normal = absolute.lexically_normal().string();
    setenv(where.env, normal.c_str(), 1);
    return normal;
}

RtlSources rtl_sources(const std::string& verilog_directory) {
    RtlSources out;
    for (const auto& entry : std::filesystem::directory_iterator(verilog_directory)) {
        const std::string name = entry.path().filename().string();
        if (name.rfind("wc_", 0) == 0 && entry.path().extension() == ".sv")
            out.files.push_back(entry.path().string());
    }
    std::sort(out.files.begin(), out.files.end());
    Sha256 hash;
    for (const auto& file : out.files)
        hash.update(std::filesystem::path(file).filename().string())
            .update("\n")
            .update(read_file(file));
    out.hash = hash.hex();
    return out;
}

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::string log_tail(const std::string& log, std::size_t lines) {
    const std::string text = read_file(log);
    std::vector<std::string> all;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) all.push_back(line);
    std::string out;
    for (std::size_t i = all.size() > lines ? all.size() - lines : 0; i < all.size(); ++i)
        out += "\n    " + all[i];
    return out;
}

int run_logged(const std::vector<std::string>& argv, const std::string& log,
               const std::string& directory) {
    const pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        const int fd = log.empty() ? open("/dev/null", O_WRONLY)
                                   : open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
        if (fd >= 0) {
            dup2(fd, STDOUT_FILENO);
            dup2(fd, STDERR_FILENO);
            close(fd);
        }
        const int null_in = open("/dev/null", O_RDONLY);
        if (null_in >= 0) dup2(null_in, STDIN_FILENO);
        if (!directory.empty() && chdir(directory.c_str()) != 0) _exit(127);
        std::vector<char*> args;
        for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
        args.push_back(nullptr);
        execvp(args[0], args.data());
        _exit(127);
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) return -1;
    if (WIFEXITED(status)) return WEXITSTATUS(status) == 127 ? -1 : WEXITSTATUS(status);
    return 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

std::string version_line(const std::string& program, const std::string& argument) {
    char path[] = "/tmp/wormcast-version-XXXXXX";
    const int fd = mkstemp(path);
    if (fd < 0) return "";
    close(fd);
    const int code = run_logged({program, argument}, path);
    std::string text = read_file(path);
    unlink(path);
    if (code != 0) return "";
    return text.substr(0, text.find('\n'));
}

std::string iso_time_now() {
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    gmtime_r(&now, &utc);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return text;
}

std::string hostname() {
    char name[256] = {0};
    if (gethostname(name, sizeof name - 1) != 0) return "host";
    return name;
}

FileLock::FileLock(const std::string& path, const std::function<void()>& on_wait, bool wait) {
    fd_ = open(path.c_str(), O_RDWR | O_CREAT, 0644);
    if (fd_ < 0)
        throw ConfigError(
            fmt::format("cache: cannot create the lock file {}: {}", path, std::strerror(errno)));
    struct flock lock {};
    lock.l_type = F_WRLCK;
    lock.l_whence = SEEK_SET;
    if (fcntl(fd_, F_SETLK, &lock) == 0) return;
    if (on_wait) on_wait();
    if (!wait) {
        close(fd_);
        fd_ = -1;
        return;
    }
    while (fcntl(fd_, F_SETLKW, &lock) != 0)
        if (errno != EINTR)
            throw ConfigError(fmt::format("cache: cannot lock {}: {}", path, std::strerror(errno)));
}

FileLock::~FileLock() {
    if (fd_ >= 0) close(fd_);  // releases the lock
}

}  // namespace wormcast::rtl
