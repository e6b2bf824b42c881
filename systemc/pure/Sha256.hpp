// SHA-256 (FIPS 180-4) of bytes, as lower-case hex: the keys of the RTL model cache
// (systemc/rtl/RtlCache) and the fingerprints of the files they depend on.
#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace wormcast {

class Sha256 {
  public:
    Sha256();
    /// Adds bytes to the message.
    Sha256& update(const void* data, std::size_t size);
    Sha256& update(const std::string& text) { return update(text.data(), text.size()); }
    /// The digest of everything added, as 64 hex digits; the object is then spent.
    std::string hex();

  private:
    void compress(const std::uint8_t* block);

    std::array<std::uint32_t, 8> state_;
    std::array<std::uint8_t, 64> buffer_{};
    std::size_t buffered_ = 0;
    std::uint64_t length_ = 0;  // bytes
};

/// SHA-256 of a string, as hex.
std::string sha256_hex(const std::string& bytes);

}  // namespace wormcast
