// Packed flits as text, for waveform viewers (pure C++): the GTKWave translate filter
// (`wormcast wave-filter`) reads one packed flit per line and writes one line back: 64 bits up to
// 32-bit flits, flit_width + 32 bits above (the data field widens, the fields above it move up).
// The packed layout is docs/flit-format.md (Flit::pack(), the RTL link wires); Flit.cpp checks
// that the constants below agree with it.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "systemc/pure/Header.hpp"

namespace wormcast {

/// Field positions of the packed flit (docs/flit-format.md): as given for the 64-bit word of
/// flits up to 32 bits; above, the data field is flit_width bits and every shift below grows by
/// data_bits(flit_width) - 32.
struct PackedFlitLayout {
    /// Data bits of the packed flit: 32 up to 32-bit flits, else the flit width.
    static constexpr unsigned data_bits(unsigned flit_width) {
        return flit_width > kDataBits ? flit_width : kDataBits;
    }
    static constexpr unsigned kDataBits = 32;
    static constexpr unsigned kMessageShift = 32;
    static constexpr unsigned kMessageBits = 24;
    static constexpr unsigned kVcShift = 56;
    static constexpr unsigned kVcBits = 4;
    static constexpr unsigned kKindShift = 60;
    static constexpr unsigned kKindBits = 3;
};

/// How the filter names nodes and reads headers.
struct FlitTextOptions {
    HeaderFormat format;                           ///< header layout of the traced network
    std::function<std::string(NodeId)> node_name;  ///< empty: node numbers
};

/// A value of up to 128 bits: a packed flit wider than 64 bits (flit_width above 32).
struct WaveBits {
    std::uint64_t low = 0;
    std::uint64_t high = 0;  ///< bits 127..64
    bool operator==(const WaveBits& o) const { return low == o.low && high == o.high; }
};

/// A value as GTKWave hands it to a filter: hexadecimal (optionally 0x / h prefixed, any case),
/// or binary when it is longer than 32 digits (a packed flit is at least 64 bits) and all 0/1.
/// Empty for x/z or anything else.
std::optional<std::uint64_t> parse_wave_value(const std::string& text);
/// The same for values up to 128 bits (32 hexadecimal digits, 128 binary ones).
std::optional<WaveBits> parse_wave_bits(const std::string& text);

/// One packed 64-bit flit (flits up to 32 bits) as text: kind, message, VC, and for heads the
/// first header word decoded (unicast destination, the destinations that fit the word, or the
/// bit-string's node set); bubbles are marked. Never throws: a malformed word is shown as such
/// with its hex value.
std::string describe_packed_flit(std::uint64_t bits, const FlitTextOptions& options);
/// The same in the layout of `options.format.flit_width` (wider than 64 bits above 32-bit flits).
std::string describe_packed_flit(const WaveBits& bits, const FlitTextOptions& options);

/// The filter's answer to one input line: the decoded flit, or the line itself unchanged when
/// it is not a flit value (x, z, a blank line).
std::string wave_filter_line(const std::string& line, const FlitTextOptions& options);

}  // namespace wormcast
