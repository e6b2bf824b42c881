// Packed flits as text, for waveform viewers (pure C++): the GTKWave translate filter
// (`wormcast wave-filter`) reads one packed 64-bit flit per line and writes one line back.
// The packed layout is docs/flit-format.md (Flit::pack(), the RTL link wires); Flit.cpp checks
// that the constants below agree with it.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "systemc/pure/Header.hpp"

namespace wormcast {

/// Field positions of the packed flit (docs/flit-format.md).
struct PackedFlitLayout {
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

/// A value as GTKWave hands it to a filter: hexadecimal (optionally 0x / h prefixed, any case),
/// or binary when it is longer than 16 digits and all 0/1. Empty for x/z or anything else.
std::optional<std::uint64_t> parse_wave_value(const std::string& text);

/// One packed flit as text: kind, message, VC, and for heads the first header word decoded
/// (unicast destination, the destinations that fit the word, or the bit-string's node set);
/// bubbles are marked. Never throws: a malformed word is shown as such with its hex value.
std::string describe_packed_flit(std::uint64_t bits, const FlitTextOptions& options);

/// The filter's answer to one input line: the decoded flit, or the line itself unchanged when
/// it is not a flit value (x, z, a blank line).
std::string wave_filter_line(const std::string& line, const FlitTextOptions& options);

}  // namespace wormcast
