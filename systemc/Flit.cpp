// Flit printing, tracing and the packed wire layout (see Flit.hpp, docs/flit-format.md).
#include "systemc/Flit.hpp"

#include <ostream>

#include <fmt/format.h>

#include "systemc/pure/FlitText.hpp"

namespace wormcast {

// The waveform filter (pure layer) decodes this layout without SystemC: keep the two in step.
static_assert(PackedFlitLayout::kDataBits == Flit::kDataBits, "packed data width");
static_assert(PackedFlitLayout::kMessageBits == Flit::kMessageBits, "packed message width");
static_assert(PackedFlitLayout::kVcBits == Flit::kVcBits, "packed VC width");
static_assert(PackedFlitLayout::kKindBits == Flit::kKindBits, "packed kind width");

std::uint64_t trace_word(const Flit& flit) {
    using L = PackedFlitLayout;
    const std::uint64_t kind = static_cast<std::uint8_t>(flit.kind);
    return (flit.data & 0xffffffffu) |
           ((std::uint64_t{flit.message} & Flit::kMaxMessage) << L::kMessageShift) |
           ((std::uint64_t{flit.vc} & (Flit::kMaxVcs - 1)) << L::kVcShift) |
           (kind << L::kKindShift);
}

const char* to_string(FlitKind kind) {
    switch (kind) {
        case FlitKind::Idle:
            return "idle";
        case FlitKind::Head:
            return "head";
        case FlitKind::Body:
            return "body";
        case FlitKind::Tail:
            return "tail";
        case FlitKind::HeadTail:
            return "head+tail";
        case FlitKind::Bubble:
            return "bubble";
    }
    return "?";
}

std::uint64_t Flit::pack() const {
    if (message > kMaxMessage)
        throw ModelError(
            fmt::format("flit pack: message tag {} does not fit {} bits", message, kMessageBits));
    if (data >> kDataBits)
        throw ModelError(fmt::format(
            "flit pack: data 0x{:x} is wider than the {}-bit data field of the RTL wire layout",
            data, kDataBits));
    if (vc >= kMaxVcs)
        throw ModelError(fmt::format("flit pack: VC {} does not fit {} bits", vc, kVcBits));
    return std::uint64_t{data} | (std::uint64_t{message} << 32) | (std::uint64_t{vc} << 56) |
           (std::uint64_t{static_cast<std::uint8_t>(kind)} << 60);
}

Flit Flit::unpack(std::uint64_t bits) {
    const unsigned kind_code = static_cast<unsigned>((bits >> 60) & 0x7);
    if (kind_code > static_cast<unsigned>(FlitKind::Bubble))
        throw ModelError(fmt::format("flit unpack: unknown kind code {}", kind_code));
    if (bits >> 63) throw ModelError("flit unpack: spare bit 63 is set");
    Flit f;
    f.data = bits & 0xffffffffu;
    f.message = static_cast<MessageId>((bits >> 32) & kMaxMessage);
    f.vc = static_cast<VcId>((bits >> 56) & 0xf);
    f.kind = static_cast<FlitKind>(kind_code);
    return f;
}

std::ostream& operator<<(std::ostream& os, const Flit& flit) {
    return os << to_string(flit);
}

std::string to_string(const Flit& flit) {
    return fmt::format("{}(msg={},vc={},data=0x{:08x})", to_string(flit.kind), flit.message,
                       static_cast<unsigned>(flit.vc), flit.data);
}

void sc_trace(sc_core::sc_trace_file* tf, const Flit& flit, const std::string& name) {
    // Trace the fields separately so a waveform viewer shows them readably.
    sc_core::sc_trace(tf, reinterpret_cast<const std::uint8_t&>(flit.kind), name + ".kind", 3);
    sc_core::sc_trace(tf, flit.vc, name + ".vc", 4);
    sc_core::sc_trace(tf, flit.message, name + ".msg", 24);
    sc_core::sc_trace(tf, flit.data, name + ".data", 64);
}

}  // namespace wormcast
