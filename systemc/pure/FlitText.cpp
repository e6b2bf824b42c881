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

std::string header_text(std::uint64_t word, const FlitTextOptions& options) {
    const HeaderFormat& f = options.format;
    const unsigned width = std::min(f.flit_width, PackedFlitLayout::kDataBits);
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

std::optional<std::uint64_t> parse_wave_value(const std::string& line) {
    std::string text = trim(line);
    if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X'))
        text = text.substr(2);
    else if (!text.empty() && (text[0] == 'h' || text[0] == 'H'))
        text = text.substr(1);
    if (text.empty()) return std::nullopt;
    const bool binary = text.size() > 16 && std::all_of(text.begin(), text.end(), [](char c) {
                            return c == '0' || c == '1';
                        });
    if (binary) {
        if (text.size() > 64) return std::nullopt;
        std::uint64_t v = 0;
        for (char c : text) v = (v << 1) | static_cast<std::uint64_t>(c == '1');
        return v;
    }
    if (text.size() > 16) return std::nullopt;
    std::uint64_t v = 0;
    for (char c : text) {
        const int d =
            std::isdigit(static_cast<unsigned char>(c))
                ? c - '0'
                : (std::isxdigit(static_cast<unsigned char>(c)) ? std::tolower(c) - 'a' + 10 : -1);
        if (d < 0) return std::nullopt;
        v = (v << 4) | static_cast<std::uint64_t>(d);
    }
    return v;
}

std::string describe_packed_flit(std::uint64_t bits, const FlitTextOptions& options) {
    using L = PackedFlitLayout;
    const unsigned kind = static_cast<unsigned>(field(bits, L::kKindShift, L::kKindBits));
    const std::uint64_t msg = field(bits, L::kMessageShift, L::kMessageBits);
    const std::uint64_t vc = field(bits, L::kVcShift, L::kVcBits);
    const std::uint64_t data = field(bits, 0, L::kDataBits);
    if (bits >> 63) return fmt::format("BAD spare bit 63 {:016x}", bits);
    const std::string tag = fmt::format("m{} vc{}", msg, vc);
    switch (kind) {
        case 0:
            return bits == 0 ? "idle" : fmt::format("idle? {:016x}", bits);
        case 1:
            return fmt::format("HEAD {} {}", tag, header_text(data, options));
        case 2:
            return fmt::format("body {} {:x}", tag, data);
        case 3:
            return fmt::format("tail {} {:x}", tag, data);
        case 4:
            return fmt::format("HEAD+TAIL {} {}", tag, header_text(data, options));
        case 5:
            return fmt::format("BUBBLE {}", tag);
        default:
            return fmt::format("BAD kind {} {:016x}", kind, bits);
    }
}

std::string wave_filter_line(const std::string& line, const FlitTextOptions& options) {
    const auto value = parse_wave_value(line);
    if (!value) return trim(line);
    return describe_packed_flit(*value, options);
}

}  // namespace wormcast
