// Fixed-capacity set of port numbers (pure C++): the output masks of the route unit, switch
// allocator, crossbar and bubble logic, and the requester masks of the round-robin arbiters.
#pragma once

#include <array>
#include <cstdint>

namespace wormcast {

/// Ports 0..kCapacity-1 as bits of four 64-bit words (no heap, copied by value). kCapacity is
/// the most ports a router may have on either side (RouterConfig::validate); a BI-MIN stage-0
/// switch of 8x8 switches with 8 consumption channels per node needs 72 outputs.
class PortSet {
  public:
    static constexpr unsigned kCapacity = 256;
    static constexpr unsigned kWords = kCapacity / 64;
    /// Returned by first_from() when no member is at or above the start.
    static constexpr unsigned kNone = kCapacity;

    constexpr PortSet() = default;

    /// The set whose members 0..63 are the bits of `low`.
    static constexpr PortSet from_word(std::uint64_t low) {
        PortSet s;
        s.words_[0] = low;
        return s;
    }

    bool test(unsigned port) const { return (words_[port / 64] >> (port % 64)) & 1U; }
    void set(unsigned port) { words_[port / 64] |= std::uint64_t{1} << (port % 64); }
    void reset(unsigned port) { words_[port / 64] &= ~(std::uint64_t{1} << (port % 64)); }
    void clear() { words_ = {}; }
    std::uint64_t word(unsigned index) const { return words_[index]; }

    bool any() const {
        std::uint64_t all = 0;
        for (std::uint64_t w : words_) all |= w;
        return all != 0;
    }
    bool none() const { return !any(); }
    unsigned count() const {
        unsigned n = 0;
        for (std::uint64_t w : words_) n += popcount(w);
        return n;
    }

    /// The lowest member >= from, or kNone.
    unsigned first_from(unsigned from) const {
        for (unsigned i = from / 64; i < kWords; ++i) {
            std::uint64_t w = words_[i];
            if (i == from / 64) w &= ~std::uint64_t{0} << (from % 64);
            if (w) return i * 64 + static_cast<unsigned>(__builtin_ctzll(w));
        }
        return kNone;
    }
    unsigned first() const { return first_from(0); }

    /// Calls f(port) for every member, lowest first.
    template <typename F>
    void for_each(F&& f) const {
        for (unsigned i = 0; i < kWords; ++i)
            for (std::uint64_t w = words_[i]; w; w &= w - 1)
                f(i * 64 + static_cast<unsigned>(__builtin_ctzll(w)));
    }

    PortSet& operator|=(const PortSet& o) {
        for (unsigned i = 0; i < kWords; ++i) words_[i] |= o.words_[i];
        return *this;
    }
    PortSet& operator&=(const PortSet& o) {
        for (unsigned i = 0; i < kWords; ++i) words_[i] &= o.words_[i];
        return *this;
    }
    /// The members that are not in `o` (set difference).
    PortSet without(const PortSet& o) const {
        PortSet s = *this;
        for (unsigned i = 0; i < kWords; ++i) s.words_[i] &= ~o.words_[i];
        return s;
    }
    friend PortSet operator|(PortSet a, const PortSet& b) { return a |= b; }
    friend PortSet operator&(PortSet a, const PortSet& b) { return a &= b; }
    friend bool operator==(const PortSet& a, const PortSet& b) {
        std::uint64_t differ = 0;  // branch-free, no memcmp call
        for (unsigned i = 0; i < kWords; ++i) differ |= a.words_[i] ^ b.words_[i];
        return differ == 0;
    }
    friend bool operator!=(const PortSet& a, const PortSet& b) { return !(a == b); }

  private:
    /// Bits set in w. Without the POPCNT instruction (a generic x86-64 build) the builtin is a
    /// library call; the bit-parallel count inlines.
    static unsigned popcount(std::uint64_t w) {
#ifdef __POPCNT__
        return static_cast<unsigned>(__builtin_popcountll(w));
#else
        w = w - ((w >> 1) & 0x5555555555555555ULL);
        w = (w & 0x3333333333333333ULL) + ((w >> 2) & 0x3333333333333333ULL);
        w = (w + (w >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
        return static_cast<unsigned>((w * 0x0101010101010101ULL) >> 56);
#endif
    }

    std::array<std::uint64_t, kWords> words_{};
};

}  // namespace wormcast
