// Verilated configurations built on first use and cached (see RtlCache.hpp).
#include "systemc/rtl/RtlCache.hpp"

#include <dirent.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <mutex>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "systemc/pure/Sha256.hpp"
#include "systemc/pure/Types.hpp"
#include "systemc/rtl/CacheSupport.hpp"
#include "systemc/rtl/RtlToolchain.hpp"

namespace wormcast::rtl {

namespace fs = std::filesystem;

namespace {

std::string& directory_override() {
    static std::string directory;
    return directory;
}

struct Tools {
    std::string verilator_version;
    std::string compiler_version;
    std::string sources_hash;  ///< of rtl/*.sv, names and contents
    std::string verilog_directory;
    std::vector<std::string> sources;
};

/// The tools and sources; ConfigError for what is missing.
Tools find_tools() {
    const RtlToolchain& chain = rtl_toolchain();
    if (!chain.enabled)
        throw ConfigError(
            "RTL routers: this program was built without RTL co-simulation (cmake "
            "-DWORMCAST_RTL=OFF, e.g. the sanitizer tree); rebuild with WORMCAST_RTL=ON");
    // Each tool's first --version line (the key holds Verilator's and the compiler's).
    struct Probe {
        const std::string& program;
        const char* what;
        std::string* version;
    };
    Tools t;
    std::string make_version;
    for (const Probe& probe :
         {Probe{chain.verilator, "Verilator (Debian package verilator)", &t.verilator_version},
          Probe{chain.compiler,
                "the C++ compiler this program was built with (Debian: "
                "build-essential)",
                &t.compiler_version},
          Probe{chain.make, "make (Debian: build-essential)", &make_version}}) {
        *probe.version = version_line(probe.program);
        if (probe.version->empty())
            throw ConfigError(fmt::format(
                "RTL routers, which are verilated on first use, need {}: {} --version failed",
                probe.what, probe.program));
    }
    t.verilog_directory = chain.verilog_directory();
    RtlSources sources = rtl_sources(t.verilog_directory);
    t.sources = std::move(sources.files);
    t.sources_hash = std::move(sources.hash);
    return t;
}

/// find_tools once per process (again after a failure).
const Tools& tools() {
    static const Tools found = find_tools();
    return found;
}

std::string model_prefix(const std::string& key) {
    return "Vwc_" + key.substr(0, 16);
}

/// Verilator's classes of the model in `obj` that it compiles for speed ("fast") or not.
std::pair<std::vector<std::string>, std::vector<std::string>> model_sources(
    const std::string& obj, const std::string& prefix) {
    std::vector<std::string> fast, slow;
    std::istringstream mk(read_file(obj + "/" + prefix + "_classes.mk"));
    std::vector<std::string>* into = nullptr;
    for (std::string line; std::getline(mk, line);) {
        if (line.empty() || line[0] == '#') continue;
        if (line.rfind("VM_", 0) == 0) {
            into = line.find("_SLOW +=") != std::string::npos   ? &slow
                   : line.find("_FAST +=") != std::string::npos ? &fast
                                                                : nullptr;
            if (line.rfind("VM_GLOBAL", 0) == 0) into = nullptr;  // the runtime: in the program
            continue;
        }
        if (!into) continue;
        std::istringstream words(line);
        for (std::string word; words >> word;)
            if (word != "\\") into->push_back(word + ".cpp");
    }
    return {fast, slow};
}

/// How the model's classes are compiled, part of the cache key: the fast (per-cycle) ones at -O1,
/// which simulates as fast as -Os here and compiles in two thirds of its time; the slow
/// (construction, trace declaration) ones at -O0; the shim at -O1, so that it shares the fast
/// classes' precompiled headers (docs/rtl.md, "Cost").
constexpr const char* kFastOptimisation = "-O1";
constexpr const char* kSlowOptimisation = "-O0";
constexpr const char* kShimOptimisation = kFastOptimisation;

/// The headers every generated file and the shim include first, precompiled once per cache and
/// optimisation level: parsing them took about 2 s of the 5-12 s each unit costs.
constexpr const char* kPrecompiledHeaders =
    "// The SystemC and Verilator headers of every verilated model, precompiled (RtlCache.cpp).\n"
    "#include \"systemc.h\"\n#include \"verilated_sc.h\"\n#include \"verilated.h\"\n"
    "#include \"verilated_vcd_sc.h\"\n";

/// Writes `units` (at most) files obj/unity_NAME_I.cpp that include `sources` between them, in
/// groups of about equal size, largest first; returns their names.
std::vector<std::string> unity_sources(const std::string& obj, const std::string& name,
                                       std::vector<std::string> sources, unsigned units) {
    std::vector<std::pair<std::uintmax_t, std::string>> sized;
    for (auto& source : sources) {
        std::error_code ec;
        const std::uintmax_t size = fs::file_size(obj + "/" + source, ec);
        sized.emplace_back(ec ? 0 : size, std::move(source));
    }
    std::sort(sized.begin(), sized.end(), std::greater<>());
    const std::size_t n = std::min<std::size_t>(std::max(units, 1u), sized.size());
    std::vector<std::uintmax_t> load(n, 0);
    std::vector<std::string> text(n);
    for (const auto& [size, source] : sized) {
        const std::size_t least =
            static_cast<std::size_t>(std::min_element(load.begin(), load.end()) - load.begin());
        load[least] += size;
        text[least] += "#include \"" + source + "\"\n";
    }
    std::vector<std::string> units_written;
    for (std::size_t i = 0; i < n; ++i) {
        const std::string unit = fmt::format("unity_{}_{}.cpp", name, i);
        std::ofstream(obj + "/" + unit) << text[i];
        units_written.push_back(unit);
    }
    return units_written;
}

std::string quoted(const std::vector<std::string>& words) {
    std::string out;
    for (const auto& w : words) {
        std::string q = "'";
        for (char c : w) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
        out += (out.empty() ? "" : " ") + q + "'";
    }
    return out;
}

unsigned build_jobs() {
    if (const char* jobs = std::getenv("WORMCAST_RTL_JOBS")) {
        const int n = std::atoi(jobs);
        if (n > 0) return static_cast<unsigned>(n);
    }
    const long cores = sysconf(_SC_NPROCESSORS_ONLN);
    return cores > 0 ? static_cast<unsigned>(cores) : 1;
}

void remove_unfinished(const std::string& cache, const std::string& key);

/// The precompiled SystemC and Verilator headers for compiling at `optimisation` with `flags`:
/// the header to pass with -include (its .gch beside it), built under CACHE/headers/ on first use
/// with the models' lock protocol; empty if precompiling failed (the models then compile without,
/// as correct and slower; the log stays as headers/KEY.failed.log).
std::string precompiled_headers(const std::string& cache, const std::vector<std::string>& flags,
                                const std::string& optimisation) {
    const RtlToolchain& chain = rtl_toolchain();
    const Tools& t = tools();
    std::string described = "wormcast rtl headers 1\n" + std::string(kPrecompiledHeaders);
    for (const auto& f : flags) described += f + "\n";
    described += optimisation + "\n" + t.verilator_version + "\n" + t.compiler_version + "\n";
    const std::string key = sha256_hex(described);
    const std::string folder = cache + "/headers";
    const std::string directory = folder + "/" + key;
    const std::string header = directory + "/wormcast_rtl_headers.h";
    const auto complete_headers = [&] { return fs::exists(directory + "/complete"); };
    if (complete_headers()) return header;
    std::error_code ec;
    fs::create_directories(folder, ec);
    if (ec) return "";
    FileLock lock(directory + ".lock", {});
    if (complete_headers()) return header;
    remove_unfinished(folder, key);
    const std::string work = fmt::format("{}/tmp-{}-{}-{}", folder, key, hostname(), getpid());
    fs::create_directories(work, ec);
    std::ofstream(work + "/wormcast_rtl_headers.h") << kPrecompiledHeaders;
    std::vector<std::string> compile = {chain.compiler};
    for (const auto& f : flags) compile.push_back(f);
    for (const auto& dir : chain.include_directories) compile.push_back("-isystem" + dir);
    compile.insert(compile.end(), {optimisation, "-x", "c++-header", "wormcast_rtl_headers.h", "-o",
                                   "wormcast_rtl_headers.h.gch"});
    const std::string log = work + "/build.log";
    std::ofstream(log) << "$ (cd " << work << " && " << quoted(compile) << ")\n";
    if (run_logged(compile, log, work) != 0) {
        fs::copy_file(log, folder + "/" + key + ".failed.log", fs::copy_options::overwrite_existing,
                      ec);
        fs::remove_all(work, ec);
        return "";
    }
    std::ofstream(work + "/complete") << optimisation << "\n";
    fs::rename(work, directory, ec);
    if (ec) fs::remove_all(work, ec);
    return complete_headers() ? header : "";
}

/// Verilates and compiles `config` into `work` (a new folder); the library is work/model.so.
void build_into(const RtlConfig& config, const std::string& key, const std::string& work) {
    const RtlToolchain& chain = rtl_toolchain();
    const Tools& t = tools();
    const std::string prefix = model_prefix(key);
    const std::string obj = work + "/obj";
    const std::string log = work + "/build.log";
    fs::create_directories(obj);
    std::vector<std::string> verilate = {
        chain.verilator, "--sc",     "--pins-bv", "2",    "--trace", "-Wall", "-Wno-fatal",
        "--top-module",  config.top, "--prefix",  prefix, "-Mdir",   obj};
    for (const auto& a : config.verilator_arguments()) verilate.push_back(a);
    for (const auto& s : t.sources) verilate.push_back(s);
    std::ofstream(log) << "$ " << quoted(verilate) << "\n";
    // A failed build's folder goes; its log stays beside the cache as KEY.failed.log.
    const std::string kept = fs::path(work).parent_path().string() + "/" + key + ".failed.log";
    if (run_logged(verilate, log) != 0) {
        std::error_code ec;
        fs::copy_file(log, kept, fs::copy_options::overwrite_existing, ec);
        throw ModelError(fmt::format("RTL routers: Verilator failed on {} (log {}):{}",
                                     config.describe(), kept, log_tail(log, 20)));
    }
    const auto [fast, slow] = model_sources(obj, prefix);
    if (fast.empty())
        throw ModelError(fmt::format("RTL routers: Verilator wrote no model classes for {} ({})",
                                     config.describe(), obj));
    // One makefile, so that the compiles run in parallel. Every generated file includes the
    // SystemC and Verilator headers, whose parsing cost more than most files' own code: the files
    // are compiled in a few translation units that include them (as Verilator's own makefile
    // does without VM_PARALLEL_BUILDS), the fast ones in as many as there are jobs.
    std::vector<std::string> common = chain.flags;
    common.push_back("-I" + obj);
    common.push_back("-I" + chain.header_root());
    for (const auto& dir : chain.include_directories) common.push_back("-isystem" + dir);
    std::ostringstream mk;
    mk << "CXX := " << chain.compiler << "\nCOMMON := " << quoted(common) << "\n";
    std::vector<std::string> objects;
    // The optimisation flag, then the precompiled headers made with it (when there are).
    const std::string cache = fs::path(work).parent_path().string();
    std::map<std::string, std::string> headers;
    const auto optimised = [&](const std::string& optimisation) {
        if (!headers.count(optimisation))
            headers[optimisation] = precompiled_headers(cache, chain.flags, optimisation);
        std::vector<std::string> f{optimisation};
        if (!headers[optimisation].empty())
            f.insert(f.end(), {"-Winvalid-pch", "-include", headers[optimisation]});
        return f;
    };
    const auto rule = [&](const std::string& source, const std::vector<std::string>& flags) {
        const std::string object = source.substr(0, source.size() - 4) + ".o";
        objects.push_back(object);
        mk << object << ": " << source << "\n\t$(CXX) $(COMMON) " << quoted(flags) << " -c "
           << source << " -o " << object << "\n";
    };
    const auto fast_units = unity_sources(obj, "fast", fast, build_jobs());
    for (const auto& s : fast_units) rule(s, optimised(kFastOptimisation));
    for (const auto& s : unity_sources(obj, "slow", slow, 1)) rule(s, optimised(kSlowOptimisation));
    // The shim is copied in, so that the makefile names only files of this folder.
    const std::string shim = chain.header_root() + "/systemc/rtl/shim/RtlModelShim.cpp";
    std::error_code copied;
    fs::copy_file(shim, obj + "/shim.cpp", fs::copy_options::overwrite_existing, copied);
    if (copied)
        throw ConfigError(
            fmt::format("RTL routers: cannot read the model shim {}: {}", shim, copied.message()));
    std::vector<std::string> shim_flags = optimised(kShimOptimisation);
    shim_flags.insert(shim_flags.end(), {"-DWORMCAST_RTL_MODEL=" + prefix,
                                         "-DWORMCAST_RTL_MODEL_HEADER=\"" + prefix + ".h\"",
                                         "-DWORMCAST_RTL_GLUE=\"" + chain.glue + "\""});
    rule("shim.cpp", shim_flags);
    std::string object_list;
    for (const auto& o : objects) object_list += " " + o;  // names of this folder, no spaces
    mk << "model.so:" << object_list << "\n\t$(CXX) -shared -o model.so" << object_list << "\n";
    std::ofstream(obj + "/wormcast.mk") << mk.str();
    const std::vector<std::string> make = {
        chain.make, "-s", "-f", "wormcast.mk", fmt::format("-j{}", build_jobs()), "model.so"};
    std::ofstream(log, std::ios::app) << "$ (cd " << obj << " && " << quoted(make) << ")\n";
    if (run_logged(make, log, obj) != 0) {
        std::error_code ec;
        fs::copy_file(log, kept, fs::copy_options::overwrite_existing, ec);
        fs::copy_file(obj + "/wormcast.mk", kept + ".mk", fs::copy_options::overwrite_existing, ec);
        throw ModelError(fmt::format("RTL routers: compiling the verilated {} failed (log {}):{}",
                                     config.describe(), kept, log_tail(log, 20)));
    }
    fs::rename(obj + "/model.so", work + "/model.so");
    // Keep the log and the model's header (for reading), not the objects and generated C++.
    for (const auto& entry : fs::directory_iterator(obj)) {
        const std::string ext = entry.path().extension().string();
        if (ext == ".o" || ext == ".cpp" || ext == ".d" || ext == ".dat") fs::remove(entry.path());
    }
}

nlohmann::ordered_json entry_json(const RtlConfig& config, const std::string& key, double seconds) {
    const Tools& t = tools();
    nlohmann::ordered_json j;
    j["key"] = key;
    j["top"] = config.top;
    j["summary"] = config.summary;
    j["parameters"] = config.describe();
    nlohmann::ordered_json params = nlohmann::ordered_json::object();
    for (const auto& p : config.parameters) params[p.name] = p.value;
    j["verilog_parameters"] = params;
    j["verilator"] = t.verilator_version;
    j["compiler"] = t.compiler_version;
    j["glue"] = rtl_toolchain().glue;
    j["sources"] = t.sources_hash;
    j["build_seconds"] = seconds;
    j["built"] = iso_time_now();
    return j;
}

bool complete(const std::string& directory) {
    return fs::exists(directory + "/model.so") && fs::exists(directory + "/config.json");
}

/// Removes builds of `key` left unfinished by a process that died (the caller holds the lock).
void remove_unfinished(const std::string& cache, const std::string& key) {
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(cache, ec)) {
        const std::string name = entry.path().filename().string();
        if (name.rfind("tmp-" + key + "-", 0) == 0) fs::remove_all(entry.path(), ec);
    }
}

}  // namespace

constexpr CacheLocation kRtlCache{"RTL cache", "WORMCAST_RTL_CACHE", "rtl", "--rtl-cache"};

std::string rtl_cache_directory() {
    return cache_directory(kRtlCache, directory_override());
}

void set_rtl_cache_directory(const std::string& directory) {
    directory_override() = set_cache_directory(kRtlCache, directory);
}

std::string rtl_cache_key(const RtlConfig& config) {
    const Tools& t = tools();
    return sha256_hex(fmt::format("wormcast rtl cache 1\n{}\n{}\n{}\n{}\n{}\n{} {} {}\n",
                                  config.canonical(), t.sources_hash, rtl_toolchain().glue,
                                  t.verilator_version, t.compiler_version, kFastOptimisation,
                                  kSlowOptimisation, kShimOptimisation));
}

void check_rtl_toolchain() {
    tools();
}

const RtlLibrary& load_rtl_library(const RtlConfig& config, const RtlProgress& progress) {
    static std::mutex mutex;
    static std::map<std::string, std::unique_ptr<RtlLibrary>> loaded;
    const std::string key = rtl_cache_key(config);
    std::lock_guard<std::mutex> guard(mutex);
    if (const auto it = loaded.find(key); it != loaded.end()) return *it->second;
    const auto say = [&progress](const std::string& line) {
        if (progress)
            progress(line);
        else
            std::cerr << line << std::endl;
    };
    const std::string cache = rtl_cache_directory();
    const std::string directory = cache + "/" + key;
    if (!complete(directory)) {
        std::error_code ec;
        fs::create_directories(cache, ec);
        if (ec)
            throw ConfigError(
                fmt::format("RTL cache: cannot create {}: {} (set --rtl-cache DIR or "
                            "WORMCAST_RTL_CACHE)",
                            cache, ec.message()));
        FileLock lock(directory + ".lock", [&] {
            say(fmt::format("rtl: waiting for another process building {} ({})", config.summary,
                            key.substr(0, 12)));
        });
        if (!complete(directory)) {  // nobody built it while we waited
            remove_unfinished(cache, key);
            const std::string work =
                fmt::format("{}/tmp-{}-{}-{}", cache, key, hostname(), getpid());
            say(fmt::format("rtl: verilating {} ({}) on first use into {} ...",
                            config.summary.empty() ? config.describe() : config.summary,
                            key.substr(0, 12), cache));
            const auto start = std::chrono::steady_clock::now();
            try {
                build_into(config, key, work);
                const double seconds =
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
                std::ofstream(work + "/config.json")
                    << entry_json(config, key, seconds).dump(2) << "\n";
                fs::rename(work, directory, ec);  // complete in one step
                if (ec) {  // another process finished it first (its lock file was replaced)
                    fs::remove_all(work, ec);
                    if (!complete(directory))
                        throw ConfigError(fmt::format("RTL cache: cannot complete {}", directory));
                }
                say(fmt::format("rtl: built {} in {:.1f} s", key.substr(0, 12), seconds));
            } catch (...) {
                fs::remove_all(work, ec);
                throw;
            }
        }
    }
    const std::string path = directory + "/model.so";
    void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle)
        throw ModelError(
            fmt::format("RTL routers: cannot load {}: {} (remove it with `wormcast "
                        "rtl clean {}`)",
                        path, dlerror(), key.substr(0, 12)));
    const auto glue = reinterpret_cast<RtlGlueFunction>(dlsym(handle, kRtlGlueSymbol));
    const auto make = reinterpret_cast<RtlMakeFunction>(dlsym(handle, kRtlMakeSymbol));
    if (!glue || !make || rtl_toolchain().glue != glue())
        throw ModelError(
            fmt::format("RTL routers: {} was built for another program (glue {}, "
                        "this program's {}); remove it with `wormcast rtl clean {}`",
                        path, glue ? glue() : "none", rtl_toolchain().glue, key.substr(0, 12)));
    auto library = std::make_unique<RtlLibrary>(key, make);
    return *loaded.emplace(key, std::move(library)).first->second;
}

std::vector<RtlCacheEntry> rtl_cache_entries() {
    std::vector<RtlCacheEntry> out;
    const std::string cache = rtl_cache_directory();
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(cache, ec)) {
        if (!entry.is_directory() || !complete(entry.path().string())) continue;
        RtlCacheEntry e;
        e.key = entry.path().filename().string();
        e.directory = entry.path().string();
        try {
            const auto j = nlohmann::json::parse(read_file(e.directory + "/config.json"));
            e.top = j.value("top", "");
            e.summary = j.value("summary", "");
            e.parameters = j.value("parameters", "");
            e.build_seconds = j.value("build_seconds", 0.0);
            e.built = j.value("built", "");
            e.loadable = j.value("glue", "") == rtl_toolchain().glue;
        } catch (const std::exception&) {
            e.summary = "(config.json unreadable)";
        }
        for (const auto& f : fs::recursive_directory_iterator(entry.path(), ec))
            if (f.is_regular_file()) e.bytes += f.file_size();
        out.push_back(e);
    }
    std::sort(out.begin(), out.end(),
              [](const RtlCacheEntry& a, const RtlCacheEntry& b) { return a.built > b.built; });
    return out;
}

std::vector<std::string> clean_rtl_cache(const std::vector<std::string>& keys) {
    std::vector<std::string> removed;
    const std::string cache = rtl_cache_directory();
    std::error_code ec;
    if (!fs::exists(cache, ec)) return removed;
    const auto chosen = [&keys](const std::string& key) {
        if (keys.empty()) return true;
        for (const auto& k : keys)
            if (!k.empty() && key.rfind(k, 0) == 0) return true;
        return false;
    };
    for (const auto& entry : fs::directory_iterator(cache, ec)) {
        const std::string name = entry.path().filename().string();
        if (name.rfind("tmp-", 0) == 0 && name.size() > 4 + 64) {
            // A build left unfinished by a process that died; one whose builder still holds
            // the key's lock is under way and stays.
            const std::string key = name.substr(4, 64);
            FileLock lock(cache + "/" + key + ".lock", {}, false);
            if (lock.held() && chosen(key)) fs::remove_all(entry.path(), ec);
            continue;
        }
        if (name == "headers" && keys.empty() && entry.is_directory()) {
            // The precompiled headers go with the last model (each under its own lock).
            for (const auto& h : fs::directory_iterator(entry.path(), ec)) {
                const std::string hname = h.path().filename().string();
                if (!h.is_directory() || hname.size() != 64) continue;
                FileLock lock(h.path().string() + ".lock", {});
                fs::remove_all(h.path(), ec);
            }
            continue;
        }
        if (!entry.is_directory() || name.size() != 64 || !chosen(name)) continue;
        // Lock files stay: a process waiting on one must lock the file the next builder locks.
        FileLock lock(entry.path().string() + ".lock", {});
        fs::remove_all(entry.path(), ec);
        removed.push_back(name);
    }
    return removed;
}

}  // namespace wormcast::rtl
