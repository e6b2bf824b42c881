// Memory-access traces (see MemoryTrace.hpp).
#include "MemoryTrace.hpp"

#include <fstream>
#include <random>
#include <sstream>

#include <fmt/format.h>

namespace wormcast::platform {

std::vector<Access> memory_trace(const TraceOptions& options, std::uint32_t initiator,
                                 std::uint64_t seed) {
    if (options.memories == 0) throw ConfigError("memories: must be at least 1");
    if (options.memory_size < 0x2000)
        throw ConfigError("memory size: must be at least 8 KiB (the last 4 KiB are invalidations)");
    std::mt19937_64 random(seed * 0x9E3779B97F4A7C15ull + initiator);
    std::uniform_int_distribution<std::uint32_t> memory(0, options.memories - 1);
    std::uniform_int_distribution<std::uint32_t> size_log(2, 6);  // 4..64 bytes
    std::uniform_int_distribution<Cycle> think(0, options.max_think);
    std::bernoulli_distribution write(options.write_fraction);
    const std::uint64_t data_bytes = options.memory_size - 0x1000;
    std::vector<Access> trace;
    for (std::uint32_t i = 0; i < options.accesses; ++i) {
        Access a;
        a.think = think(random);
        if (options.invalidate_every > 0 && (i + 1) % options.invalidate_every == 0) {
            a.write = true;
            a.broadcast = true;
            a.bytes = 8;
            a.address = data_bytes + (initiator * 8) % 0x1000;
        } else {
            a.write = write(random);
            a.bytes = 1u << size_log(random);
            const std::uint64_t k = memory(random);
            std::uniform_int_distribution<std::uint64_t> line(0, data_bytes / a.bytes - 1);
            a.address = k * options.memory_size + line(random) * a.bytes;
        }
        trace.push_back(a);
    }
    return trace;
}

std::vector<Access> read_trace(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw ConfigError(fmt::format("trace '{}' cannot be read", path));
    std::vector<Access> trace;
    std::string text;
    for (unsigned number = 1; std::getline(in, text); ++number) {
        if (const auto hash = text.find('#'); hash != std::string::npos) text.resize(hash);
        std::istringstream line(text);
        std::string think, kind, address, bytes, extra;
        if (!(line >> think)) continue;
        const std::string where = fmt::format("trace '{}' line {}", path, number);
        if (!(line >> kind >> address >> bytes) || (line >> extra))
            throw ConfigError(where + ": expected THINK R|W|B ADDRESS BYTES");
        Access a;
        try {
            std::size_t used = 0;
            a.think = std::stoull(think, &used);
            if (used != think.size()) throw std::invalid_argument("think");
        } catch (const std::exception&) {
            throw ConfigError(fmt::format("{}: THINK '{}' is not a whole number", where, think));
        }
        if (kind != "R" && kind != "W" && kind != "B")
            throw ConfigError(fmt::format("{}: kind '{}' is not R, W or B", where, kind));
        a.write = kind != "R";
        a.broadcast = kind == "B";
        try {
            std::size_t used = 0;
            a.address = std::stoull(address, &used, 0);
            if (used != address.size()) throw std::invalid_argument("address");
            a.bytes = static_cast<std::uint32_t>(std::stoul(bytes, &used, 0));
            if (used != bytes.size() || a.bytes == 0) throw std::invalid_argument("bytes");
        } catch (const std::exception&) {
            throw ConfigError(
                fmt::format("{}: ADDRESS '{}' and BYTES '{}' must be numbers (BYTES at least 1)",
                            where, address, bytes));
        }
        trace.push_back(a);
    }
    return trace;
}

}  // namespace wormcast::platform
