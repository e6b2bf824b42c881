// The flit carried by a link, and its packed layout shared with rtl/ (DESIGN.md §3).
// Layout (docs/flit-format.md): a data field of D = max(32, flit_width) bits, then the 32-bit
// control word: [D+23:D] message tag, [D+27:D+24] VC, [D+30:D+28] kind, [D+31] 0. Up to 32-bit
// flits that is the 64-bit word [31:0] data, [55:32] message, [59:56] VC, [62:60] kind, [63] 0
// (pack()/unpack()); wider flits (up to 64 data bits) widen the data field and move the control
// word up (pack_control(), packed_data_bits()).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>

#include <systemc>

#include "systemc/pure/Types.hpp"

namespace wormcast {

enum class FlitKind : std::uint8_t {
    Idle = 0,
    Head = 1,
    Body = 2,
    Tail = 3,
    HeadTail = 4,
    Bubble = 5
};

const char* to_string(FlitKind kind);

struct Flit {
    FlitKind kind = FlitKind::Idle;
    VcId vc = 0;
    MessageId message = 0;  ///< message tag (sideband for checking; 24 bits on the wire)
    FlitWord data = 0;      ///< header word or payload word (flit_width bits used)

    static constexpr unsigned kDataBits = 32;     ///< data bits of the 64-bit packed layout
    static constexpr unsigned kControlBits = 32;  ///< message, VC, kind, spare above the data
    static constexpr unsigned kMessageBits = 24;
    static constexpr unsigned kVcBits = 4;
    static constexpr unsigned kKindBits = 3;
    static constexpr unsigned kMaxVcs = 1u << kVcBits;
    static constexpr MessageId kMaxMessage = (MessageId{1} << kMessageBits) - 1;

    bool is_head() const { return kind == FlitKind::Head || kind == FlitKind::HeadTail; }
    bool is_tail() const { return kind == FlitKind::Tail || kind == FlitKind::HeadTail; }
    bool is_bubble() const { return kind == FlitKind::Bubble; }

    /// Data bits of the packed layout for flits of `flit_width` bits: 32 up to 32-bit flits
    /// (the 64-bit word), else the flit width (the packed flit is this + kControlBits).
    static constexpr unsigned packed_data_bits(unsigned flit_width) {
        return flit_width > kDataBits ? flit_width : kDataBits;
    }

    /// Pack to the 64-bit wire layout; throws ModelError if a field (data wider than 32 bits
    /// included) does not fit.
    std::uint64_t pack() const;
    /// Unpack from the 64-bit wire layout; throws ModelError for an unknown kind code or set
    /// spare bit.
    static Flit unpack(std::uint64_t bits);
    /// The control word that sits above the data field: [23:0] message, [27:24] VC, [30:28]
    /// kind, [31] 0. Throws ModelError if the message tag or VC does not fit.
    std::uint32_t pack_control() const;
    /// A flit from its control word and data field (any width up to 64 bits); throws ModelError
    /// for an unknown kind code or set spare bit.
    static Flit unpack(std::uint32_t control, FlitWord data);

    bool operator==(const Flit& other) const {
        return kind == other.kind && vc == other.vc && message == other.message &&
               data == other.data;
    }
    bool operator!=(const Flit& other) const { return !(*this == other); }
};

std::ostream& operator<<(std::ostream& os, const Flit& flit);
std::string to_string(const Flit& flit);

/// The packed layout for waveforms: as pack(), but never throws (data above 32 bits, a message
/// tag above 24 bits are cut to their fields; the separate .data/.msg traces keep them whole).
std::uint64_t trace_word(const Flit& flit);

/// SystemC tracing: one 64-bit vector in the packed layout plus the kind as an integer.
void sc_trace(sc_core::sc_trace_file* tf, const Flit& flit, const std::string& name);

}  // namespace wormcast
