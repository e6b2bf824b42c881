// SHA-256 (FIPS 180-4) of a byte string, for the results JSON to name the scenario file it ran
// (written here: no dependency beyond the standard library).
#pragma once

#include <string>

namespace wormcast {

/// The SHA-256 digest of `bytes` as 64 lower-case hex digits.
std::string sha256_hex(const std::string& bytes);

}  // namespace wormcast
