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
static_assert(PackedFlitLayout::data_bits(8) == Flit::packed_data_bits(8) &&
                  PackedFlitLayout::data_bits(41) == Flit::packed_data_bits(41) &&
                  PackedFlitLayout::data_bits(64) == Flit::packed_data_bits(64),
              "packed data field");
static_assert(Flit::kControlBits == 1 + Flit::kKindBits + Flit::kVcBits + Flit::kMessageBits,
              "control word");

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

std::uint32_t Flit::pack_control() const {
    if (message > kMaxMessage)
        throw ModelError(
            fmt::format("flit pack: message tag {} does not fit {} bits", message, kMessageBits));
    if (vc >= kMaxVcs)
        throw ModelError(fmt::format("flit pack: VC {} does not fit {} bits", vc, kVcBits));
    using L = PackedFlitLayout;
    const unsigned at = L::kDataBits;  // the fields' shifts in the 64-bit word, less its data
    return static_cast<std::uint32_t>(message) << (L::kMessageShift - at) |
           static_cast<std::uint32_t>(vc) << (L::kVcShift - at) |
           static_cast<std::uint32_t>(static_cast<std::uint8_t>(kind)) << (L::kKindShift - at);
}

Flit Flit::unpack(std::uint32_t control, FlitWord data) {
    using L = PackedFlitLayout;
    const unsigned at = L::kDataBits;
    const unsigned kind_code = (control >> (L::kKindShift - at)) & ((1u << kKindBits) - 1);
    if (kind_code > static_cast<unsigned>(FlitKind::Bubble))
        throw ModelError(fmt::format("flit unpack: unknown kind code {}", kind_code));
    if (control >> (kControlBits - 1)) throw ModelError("flit unpack: the spare bit is set");
    Flit f;
    f.data = data;
    f.message = static_cast<MessageId>((control >> (L::kMessageShift - at)) & kMaxMessage);
    f.vc = static_cast<VcId>((control >> (L::kVcShift - at)) & (kMaxVcs - 1));
    f.kind = static_cast<FlitKind>(kind_code);
    return f;
}

std::uint64_t Flit::pack() const {
    if (data >> kDataBits)
        throw ModelError(fmt::format(
            "flit pack: data 0x{:x} is wider than the {}-bit data field of the 64-bit wire layout",
            data, kDataBits));
    return std::uint64_t{data} | std::uint64_t{pack_control()} << kDataBits;
}

Flit Flit::unpack(std::uint64_t bits) {
    if (bits >> 63) throw ModelError("flit unpack: spare bit 63 is set");
    return unpack(static_cast<std::uint32_t>(bits >> kDataBits), bits & 0xffffffffu);
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
