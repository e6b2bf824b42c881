#include "systemc/pure/FlitText.hpp"

#include <algorithm>
#include <cctype>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace wormcast {

namespace {

std::uint64_t field(std::uint64_t bits, unsigned shift, unsigned width) {
    return (bits >> shift) & ((std::uint64_t{1} << width) - 1);
}

std::string trim(const std::string& text) {
    std::size_t b = 0, e = text.size();
    while (b < e && std::isspace(static_cast<unsigned char>(text[b]))) ++b;
    while (e > b && std::isspace(static_cast<unsigned char>(text[e - 1]))) --e;
    return text.substr(b, e - b);
}

std::string name_of(NodeId node, const FlitTextOptions& options) {
    if (node >= options.format.nodes)
        return fmt::format("?{}", node);  // no such node: show the number
    return options.node_name ? options.node_name(node) : std::to_string(node);
}

/// The first header word read least-significant bit first, as encode_header writes it.
class WordReader {
  public:
    WordReader(std::uint64_t word, unsigned width) : word_(word), width_(width) {}
    bool has(unsigned n) const { return used_ + n <= width_; }
    std::uint64_t get(unsigned n) {
        const std::uint64_t v = n == 0 ? 0 : field(word_, used_, n);
        used_ += n;
        return v;
    }
    unsigned left() const { return width_ - used_; }

  private:
    std::uint64_t word_;
    unsigned width_;
    unsigned used_ = 0;
};

std::string node_set(WordReader& in, NodeId first, NodeId count, const FlitTextOptions& options) {
    std::vector<std::string> members;
    const NodeId seen = std::min<NodeId>(count, in.left());
    for (NodeId n = 0; n < seen; ++n)
        if (in.get(1)) members.push_back(name_of(first + n, options));
    std::string text = "{" + fmt::format("{}", fmt::join(members, " ")) + "}";
    if (seen < count) text += fmt::format(" +nodes {}..{} in next flits", first + seen, count - 1);
    return text;
}

std::string header_text(std::uint64_t word, unsigned data_bits, const FlitTextOptions& options) {
    const HeaderFormat& f = options.format;
    const unsigned width = std::min(f.flit_width, data_bits);
    WordReader in(word, width);
    if (f.encoding == HeaderEncoding::BitString) return "bits " + node_set(in, 0, f.nodes, options);
    const unsigned a = f.address_bits();
    switch (in.get(2)) {
        case 0: {
            if (!in.has(a)) return "to (next flit)";
            return "to " + name_of(static_cast<NodeId>(in.get(a)), options);
        }
        case 1: {
            if (!in.has(a)) return "list (count in next flit)";
            const std::uint64_t count = in.get(a) + 1;
            std::vector<std::string> names;
            while (names.size() < count && in.has(a))
                names.push_back(name_of(static_cast<NodeId>(in.get(a)), options));
            if (names.size() < count)
                names.push_back(fmt::format("+{} in next flits", count - names.size()));
            std::string text = fmt::format("list {} [{}", count, fmt::join(names, " "));
            return text + "]";
        }
        case 2:
            return "bits " + node_set(in, 0, f.nodes, options);
        default:
            return "bad header code 3";
    }
}

}  // namespace

std::optional<WaveBits> parse_wave_bits(const std::string& line) {
    std::string text = trim(line);
    if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X'))
        text = text.substr(2);
    else if (!text.empty() && (text[0] == 'h' || text[0] == 'H'))
        text = text.substr(1);
    if (text.empty()) return std::nullopt;
    // Hexadecimal up to 32 digits (128 bits); a packed flit shown in binary has 64 digits or more.
    // (Up to 32 digits a string of 0s and 1s is hex: a 48-bit flit's 20 digits can be all 0/1.)
    const bool binary = text.size() > 32 && std::all_of(text.begin(), text.end(), [](char c) {
                            return c == '0' || c == '1';
                        });
    WaveBits v;
    // Shifts the value left by `n` bits (n < 64) and adds `digit`.
    const auto push = [&v](unsigned n, std::uint64_t digit) {
        v.high = (v.high << n) | (v.low >> (64 - n));
        v.low = (v.low << n) | digit;
    };
    if (binary) {
        if (text.size() > 128) return std::nullopt;
        for (char c : text) push(1, static_cast<std::uint64_t>(c == '1'));
        return v;
    }
    if (text.size() > 32) return std::nullopt;
    for (char c : text) {
        const int d =
            std::isdigit(static_cast<unsigned char>(c))
                ? c - '0'
                : (std::isxdigit(static_cast<unsigned char>(c)) ? std::tolower(c) - 'a' + 10 : -1);
        if (d < 0) return std::nullopt;
        push(4, static_cast<std::uint64_t>(d));
    }
    return v;
}

std::optional<std::uint64_t> parse_wave_value(const std::string& line) {
    const auto bits = parse_wave_bits(line);
    if (!bits || bits->high != 0) return std::nullopt;
    return bits->low;
}

namespace {

/// The fields of a packed flit, whatever its width: the control word above the data field.
std::string describe_fields(std::uint32_t control, std::uint64_t data, unsigned data_bits,
                            const std::string& hex, const FlitTextOptions& options) {
    using L = PackedFlitLayout;
    const unsigned at = L::kDataBits;  // the shifts of the 64-bit word, less its data field
    const unsigned kind = static_cast<unsigned>(field(control, L::kKindShift - at, L::kKindBits));
    const std::uint64_t msg = field(control, L::kMessageShift - at, L::kMessageBits);
    const std::uint64_t vc = field(control, L::kVcShift - at, L::kVcBits);
    if (control >> 31) return fmt::format("BAD spare bit {} {}", data_bits + 31, hex);
    const std::string tag = fmt::format("m{} vc{}", msg, vc);
    switch (kind) {
        case 0:
            return control == 0 && data == 0 ? "idle" : fmt::format("idle? {}", hex);
        case 1:
            return fmt::format("HEAD {} {}", tag, header_text(data, data_bits, options));
        case 2:
            return fmt::format("body {} {:x}", tag, data);
        case 3:
            return fmt::format("tail {} {:x}", tag, data);
        case 4:
            return fmt::format("HEAD+TAIL {} {}", tag, header_text(data, data_bits, options));
        case 5:
            return fmt::format("BUBBLE {}", tag);
        default:
            return fmt::format("BAD kind {} {}", kind, hex);
    }
}

}  // namespace

std::string describe_packed_flit(std::uint64_t bits, const FlitTextOptions& options) {
    using L = PackedFlitLayout;
    return describe_fields(static_cast<std::uint32_t>(bits >> L::kDataBits),
                           field(bits, 0, L::kDataBits), L::kDataBits, fmt::format("{:016x}", bits),
                           options);
}

std::string describe_packed_flit(const WaveBits& bits, const FlitTextOptions& options) {
    const unsigned data_bits = PackedFlitLayout::data_bits(options.format.flit_width);
    if (data_bits == PackedFlitLayout::kDataBits && bits.high == 0)
        return describe_packed_flit(bits.low, options);
    const unsigned total = data_bits + 32;  // at most 96
    const std::string hex =
        fmt::format("{:0{}x}{:016x}", bits.high, (total - 64 + 3) / 4, bits.low);
    const std::uint64_t data = data_bits >= 64 ? bits.low : field(bits.low, 0, data_bits);
    const std::uint64_t upper =  // bits data_bits .. data_bits + 63
        data_bits >= 64 ? bits.high : (bits.low >> data_bits) | (bits.high << (64 - data_bits));
    if (bits.high >> (total - 64) != 0) return fmt::format("BAD bits above {} {}", total - 1, hex);
    return describe_fields(static_cast<std::uint32_t>(upper), data, data_bits, hex, options);
}

std::string wave_filter_line(const std::string& line, const FlitTextOptions& options) {
    const auto value = parse_wave_bits(line);
    if (!value) return trim(line);
    return describe_packed_flit(*value, options);
}

}  // namespace wormcast
