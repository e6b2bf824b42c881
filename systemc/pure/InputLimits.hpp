// The limits every reader of user input checks before it starts work (docs/hardening.md,
// "Limits"): declared once here, so a hostile file is refused in the first second, not after
// minutes of work or an exhausted memory.
#pragma once

#include <cstdint>
#include <string>

namespace wormcast::limits {

/// Bytes of one input file (scenario, topology file, message file, pattern, trace): a larger
/// file (or a device such as /dev/zero) is refused after reading this many.
constexpr std::uint64_t kMaxInputFileBytes = std::uint64_t{64} << 20;

/// YAML nodes of one document counted as a reader walks them, an alias counted again each time
/// it is used: an anchor/alias bomb ("billion laughs") is refused at this count.
constexpr std::uint64_t kMaxYamlNodes = 200000;

/// Nesting depth of mappings and lists in one YAML document (a scenario needs 3).
constexpr unsigned kMaxYamlDepth = 64;

/// Destinations of one multicast (a message file line, a pattern, a plan's --dests).
constexpr std::uint64_t kMaxMulticastDestinations = 65535;

/// Cycles of a run's phases (traffic.warmup, traffic.measure, run.drain_limit, a fault's cycle).
constexpr std::uint64_t kMaxCycles = std::uint64_t{1} << 40;

/// The text of the file at `path`, for the reader named `what` (an option or a field): refuses a
/// directory, a file that cannot be opened, one of more than kMaxInputFileBytes and one that is
/// not UTF-8 text (a NUL byte, a UTF-16/32 byte-order mark), each with the path and the reason
/// (ConfigError).
std::string read_input_file(const std::string& path, const std::string& what);

/// Refuses `text` (named `what`) if it is not UTF-8 text: UTF-16/32 (a byte-order mark, or NUL
/// bytes) or any NUL byte. A UTF-8 byte-order mark is allowed.
void check_text(const std::string& text, const std::string& what);

/// A whole number written in decimal digits only (no sign, no 0x, no exponent) in min..max;
/// ConfigError naming `where` otherwise.
std::uint64_t parse_decimal(const std::string& text, const std::string& where, std::uint64_t min,
                            std::uint64_t max);

}  // namespace wormcast::limits
