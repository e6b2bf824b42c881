// Header bit encoding (see Header.hpp and docs/flit-format.md).
// The header is a bit stream, least-significant bit first, cut into flit-width words.
#include "systemc/pure/Header.hpp"

#include <algorithm>
#include <ostream>

#include <fmt/format.h>

namespace wormcast {

namespace {

constexpr unsigned kKindBits = 2;

/// Appends fields to a little-endian bit stream and cuts it into words.
class BitWriter {
  public:
    void put(std::uint64_t value, unsigned bits) {
        for (unsigned i = 0; i < bits; ++i) bits_.push_back((value >> i) & 1U);
    }
    std::vector<FlitWord> words(unsigned width) const {
        std::vector<FlitWord> out((bits_.size() + width - 1) / width, 0);
        for (std::size_t i = 0; i < bits_.size(); ++i)
            if (bits_[i]) out[i / width] |= FlitWord{1} << (i % width);
        return out;
    }

  private:
    std::vector<bool> bits_;
};

class BitReader {
  public:
    BitReader(const std::vector<FlitWord>& words, unsigned width) : words_(words), width_(width) {}
    std::uint64_t get(unsigned bits) {
        std::uint64_t value = 0;
        for (unsigned i = 0; i < bits; ++i, ++pos_) {
            const std::size_t word = pos_ / width_;
            if (word >= words_.size())
                throw ModelError("header decode: header shorter than announced");
            value |= ((words_[word] >> (pos_ % width_)) & 1U) << i;
        }
        return value;
    }

  private:
    const std::vector<FlitWord>& words_;
    unsigned width_;
    std::size_t pos_ = 0;
};

bool bare_bit_string(const HeaderFormat& format) {
    return format.encoding == HeaderEncoding::BitString;
}

}  // namespace

const char* to_string(HeaderEncoding encoding) {
    switch (encoding) {
        case HeaderEncoding::Tagged:
            return "tagged";
        case HeaderEncoding::BitString:
            return "bitstring";
    }
    return "?";
}

HeaderEncoding header_encoding_from_string(const std::string& text) {
    if (text == "tagged") return HeaderEncoding::Tagged;
    if (text == "bitstring") return HeaderEncoding::BitString;
    throw ConfigError(fmt::format("header encoding '{}' is not one of: tagged, bitstring", text));
}

const char* to_string(HeaderKind kind) {
    switch (kind) {
        case HeaderKind::Unicast:
            return "unicast";
        case HeaderKind::DestList:
            return "dest-list";
        case HeaderKind::BitString:
            return "bit-string";
    }
    return "?";
}

void HeaderFormat::validate() const {
    if (flit_width < 8 || flit_width > 64)
        throw ConfigError(fmt::format("flit_width: {} bits is not in 8..64", flit_width));
    if (nodes < 2)
        throw ConfigError(fmt::format("a network needs at least 2 nodes, not {}", nodes));
    if (encoding == HeaderEncoding::Tagged && kKindBits + address_bits() > flit_width)
        throw ConfigError(fmt::format(
            "flit_width: {} bits cannot hold a unicast header for {} nodes ({} bits needed)",
            flit_width, nodes, kKindBits + address_bits()));
}

Header Header::unicast(NodeId destination) {
    Header h;
    h.kind = HeaderKind::Unicast;
    h.destinations = {destination};
    return h;
}

Header Header::dest_list(std::vector<NodeId> ordered) {
    Header h;
    h.kind = HeaderKind::DestList;
    h.destinations = std::move(ordered);
    return h;
}

Header Header::bit_string(std::uint32_t nodes, const std::vector<NodeId>& members) {
    Header h;
    h.kind = HeaderKind::BitString;
    h.bits.assign((nodes + 63) / 64, 0);
    for (NodeId m : members) {
        if (m >= nodes)
            throw ConfigError(fmt::format("bit-string member {} outside {} nodes", m, nodes));
        h.set_bit(m);
    }
    return h;
}

bool Header::has_bit(NodeId node) const {
    const std::size_t word = node / 64;
    return word < bits.size() && ((bits[word] >> (node % 64)) & 1U);
}

void Header::set_bit(NodeId node) {
    const std::size_t word = node / 64;
    if (word >= bits.size()) bits.resize(word + 1, 0);
    bits[word] |= std::uint64_t{1} << (node % 64);
}

std::vector<NodeId> Header::bit_members(std::uint32_t nodes) const {
    std::vector<NodeId> out;
    for (NodeId a = 0; a < nodes; ++a)
        if (has_bit(a)) out.push_back(a);
    return out;
}

std::string Header::bit_text(std::uint32_t nodes) const {
    std::string text(nodes, '0');
    for (NodeId a = 0; a < nodes; ++a)
        if (has_bit(a)) text[nodes - 1 - a] = '1';
    return text;
}

bool Header::operator==(const Header& other) const {
    if (kind != other.kind) return false;
    if (kind == HeaderKind::BitString) {
        const std::size_t n = std::max(bits.size(), other.bits.size());
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint64_t a = i < bits.size() ? bits[i] : 0;
            const std::uint64_t b = i < other.bits.size() ? other.bits[i] : 0;
            if (a != b) return false;
        }
        return true;
    }
    return destinations == other.destinations;
}

std::ostream& operator<<(std::ostream& os, const Header& header) {
    os << to_string(header.kind) << '[';
    if (header.kind == HeaderKind::BitString) {
        bool first = true;
        for (std::size_t w = 0; w < header.bits.size(); ++w)
            for (unsigned b = 0; b < 64; ++b)
                if ((header.bits[w] >> b) & 1U) {
                    os << (first ? "" : ",") << w * 64 + b;
                    first = false;
                }
    } else {
        for (std::size_t i = 0; i < header.destinations.size(); ++i)
            os << (i ? "," : "") << header.destinations[i];
    }
    return os << ']';
}

std::uint32_t header_bits(const Header& header, const HeaderFormat& format) {
    if (bare_bit_string(format)) {
        if (header.kind == HeaderKind::DestList)
            throw ConfigError(
                "a destination-list header cannot be carried by the bit-string "
                "header encoding (path worms need the tagged encoding)");
        return format.nodes;
    }
    const unsigned a = format.address_bits();
    switch (header.kind) {
        case HeaderKind::Unicast:
            return kKindBits + a;
        case HeaderKind::DestList:
            return kKindBits + a + static_cast<std::uint32_t>(header.destinations.size()) * a;
        case HeaderKind::BitString:
            return kKindBits + format.nodes;
    }
    throw ModelError("header_bits: unknown header kind");
}

std::uint32_t header_flits(const Header& header, const HeaderFormat& format) {
    return (header_bits(header, format) + format.flit_width - 1) / format.flit_width;
}

std::vector<FlitWord> encode_header(const Header& header, const HeaderFormat& format) {
    const unsigned a = format.address_bits();
    BitWriter out;
    if (bare_bit_string(format)) {
        (void)header_bits(header, format);  // refuses destination lists
        const std::vector<NodeId> members = header.kind == HeaderKind::Unicast
                                                ? header.destinations
                                                : header.bit_members(format.nodes);
        if (header.kind == HeaderKind::Unicast && members.size() != 1)
            throw ModelError("unicast header must name exactly one destination");
        for (NodeId d : members)
            if (d >= format.nodes)
                throw ConfigError(fmt::format("destination {} outside {} nodes", d, format.nodes));
        const Header bits = Header::bit_string(format.nodes, members);
        for (NodeId n = 0; n < format.nodes; ++n) out.put(bits.has_bit(n) ? 1 : 0, 1);
        return out.words(format.flit_width);
    }
    out.put(static_cast<unsigned>(header.kind), kKindBits);
    switch (header.kind) {
        case HeaderKind::Unicast:
            if (header.destinations.size() != 1)
                throw ModelError("unicast header must name exactly one destination");
            if (header.destinations[0] >= format.nodes)
                throw ConfigError(fmt::format("destination {} outside {} nodes",
                                              header.destinations[0], format.nodes));
            out.put(header.destinations[0], a);
            break;
        case HeaderKind::DestList:
            if (header.destinations.empty() || header.destinations.size() >= format.nodes + 1u)
                throw ConfigError(fmt::format("destination list of {} entries is not in 1..{}",
                                              header.destinations.size(), format.nodes));
            // The count field holds size-1 so that a list naming every node still fits.
            out.put(header.destinations.size() - 1, a);
            for (NodeId d : header.destinations) {
                if (d >= format.nodes)
                    throw ConfigError(
                        fmt::format("destination {} outside {} nodes", d, format.nodes));
                out.put(d, a);
            }
            break;
        case HeaderKind::BitString:
            for (NodeId n = 0; n < format.nodes; ++n) out.put(header.has_bit(n) ? 1 : 0, 1);
            break;
    }
    return out.words(format.flit_width);
}

HeaderKind header_kind(FlitWord first_word, const HeaderFormat& format) {
    if (bare_bit_string(format)) return HeaderKind::BitString;
    const unsigned code = first_word & ((1U << kKindBits) - 1);
    if (code > static_cast<unsigned>(HeaderKind::BitString))
        throw ModelError(fmt::format("header decode: unknown header kind code {}", code));
    return static_cast<HeaderKind>(code);
}

std::uint32_t header_flits_from_first(FlitWord first_word, const HeaderFormat& format) {
    if (bare_bit_string(format)) return (format.nodes + format.flit_width - 1) / format.flit_width;
    const unsigned a = format.address_bits();
    const HeaderKind kind = header_kind(first_word, format);
    std::uint32_t bits = 0;
    switch (kind) {
        case HeaderKind::Unicast:
            bits = kKindBits + a;
            break;
        case HeaderKind::BitString:
            bits = kKindBits + format.nodes;
            break;
        case HeaderKind::DestList: {
            if (kKindBits + a > format.flit_width)
                throw ModelError("header decode: list count does not fit the first flit");
            const std::uint32_t count = ((first_word >> kKindBits) & ((1U << a) - 1)) + 1;
            bits = kKindBits + a + count * a;
            break;
        }
    }
    return (bits + format.flit_width - 1) / format.flit_width;
}

Header decode_header(const std::vector<FlitWord>& words, const HeaderFormat& format) {
    if (words.empty()) throw ModelError("header decode: no header words");
    const unsigned a = format.address_bits();
    BitReader in(words, format.flit_width);
    Header h;
    h.kind =
        bare_bit_string(format) ? HeaderKind::BitString : header_kind(in.get(kKindBits), format);
    switch (h.kind) {
        case HeaderKind::Unicast:
            h.destinations = {static_cast<NodeId>(in.get(a))};
            break;
        case HeaderKind::DestList: {
            const std::uint64_t count = in.get(a) + 1;
            h.destinations.reserve(count);
            for (std::uint64_t i = 0; i < count; ++i)
                h.destinations.push_back(static_cast<NodeId>(in.get(a)));
            break;
        }
        case HeaderKind::BitString:
            h.bits.assign((format.nodes + 63) / 64, 0);
            for (NodeId n = 0; n < format.nodes; ++n)
                if (in.get(1)) h.set_bit(n);
            break;
    }
    return h;
}

}  // namespace wormcast
