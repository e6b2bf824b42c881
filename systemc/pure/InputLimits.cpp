// Input files read within the declared limits (see InputLimits.hpp).
#include "systemc/pure/InputLimits.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include <fmt/format.h>

#include "systemc/pure/Types.hpp"

namespace wormcast::limits {

void check_text(const std::string& text, const std::string& what) {
    const auto starts = [&](const char* bytes, std::size_t n) {
        return text.size() >= n && std::memcmp(text.data(), bytes, n) == 0;
    };
    if (starts("\xFF\xFE\x00\x00", 4) || starts("\x00\x00\xFE\xFF", 4))
        throw ConfigError(fmt::format("{}: the file is UTF-32; save it as UTF-8", what));
    if (starts("\xFF\xFE", 2) || starts("\xFE\xFF", 2))
        throw ConfigError(fmt::format("{}: the file is UTF-16; save it as UTF-8", what));
    const auto nul = text.find('\0');
    if (nul != std::string::npos)
        throw ConfigError(fmt::format(
            "{}: byte {} is NUL: not a UTF-8 text file (UTF-16 without a byte-order mark, or "
            "binary)",
            what, nul));
}

std::string read_input_file(const std::string& path, const std::string& what) {
    namespace fs = std::filesystem;
    std::error_code error;
    if (fs::is_directory(path, error))
        throw ConfigError(fmt::format("{}: '{}' is a directory, not a file", what, path));
    const fs::file_type type = fs::status(path, error).type();
    if (type == fs::file_type::character || type == fs::file_type::block)
        throw ConfigError(fmt::format("{}: '{}' is a device, not a file", what, path));
    if (type == fs::file_type::regular && fs::file_size(path, error) > kMaxInputFileBytes)
        throw ConfigError(fmt::format("{}: '{}' is larger than {} MiB (the input limit)", what,
                                      path, kMaxInputFileBytes >> 20));
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw ConfigError(
            fmt::format("{}: cannot read '{}': {}", what, path, std::strerror(errno)));
    std::string text;
    char buffer[1 << 16];
    while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
        text.append(buffer, static_cast<std::size_t>(in.gcount()));
        if (text.size() > kMaxInputFileBytes)
            throw ConfigError(fmt::format("{}: '{}' is larger than {} MiB (the input limit)", what,
                                          path, kMaxInputFileBytes >> 20));
    }
    if (in.bad()) throw ConfigError(fmt::format("{}: reading '{}' failed", what, path));
    check_text(text, fmt::format("{} '{}'", what, path));
    return text;
}

std::uint64_t parse_decimal(const std::string& text, const std::string& where, std::uint64_t min,
                            std::uint64_t max) {
    if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos)
        throw ConfigError(
            fmt::format("{}: '{}' is not a whole number in decimal digits", where, text));
    const auto first = text.find_first_not_of('0');
    const std::size_t digits = first == std::string::npos ? 1 : text.size() - first;
    if (digits > 19 || std::stoull(text) < min || std::stoull(text) > max)
        throw ConfigError(fmt::format("{}: {} is not in {}..{}", where, text, min, max));
    return std::stoull(text);
}

}  // namespace wormcast::limits
