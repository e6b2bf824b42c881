// Destination lists before all their flits are in (see DestListPrefix.hpp). The header is a bit
// stream, least-significant bit first, cut into flit-width words: a 2-bit kind, count - 1 in A
// bits, then A bits per destination (docs/flit-format.md).
#include "systemc/pure/DestListPrefix.hpp"

#include <algorithm>

namespace wormcast {

namespace {

constexpr unsigned kHeaderKindBits = 2;  // docs/flit-format.md

/// Bit i of the header stream cut into `width`-bit words.
bool stream_bit(const std::vector<FlitWord>& words, unsigned width, std::size_t i) {
    return (words[i / width] >> (i % width)) & 1U;
}

}  // namespace

DestListPrefix decode_dest_list_prefix(const std::vector<FlitWord>& words,
                                       const HeaderFormat& format) {
    if (words.empty() || format.encoding != HeaderEncoding::Tagged ||
        header_kind(words.front(), format) != HeaderKind::DestList)
        throw ModelError("header decode: not the start of a destination list");
    const unsigned a = format.address_bits();
    const unsigned width = format.flit_width;
    if (kHeaderKindBits + a > width)
        throw ModelError("header decode: list count does not fit the first flit");
    DestListPrefix out;
    out.count =
        static_cast<std::uint32_t>(((words.front() >> kHeaderKindBits) & ((1U << a) - 1)) + 1);
    const std::size_t available = words.size() * width;
    for (std::uint32_t i = 0; i < out.count; ++i) {
        const std::size_t start = kHeaderKindBits + a + std::size_t{i} * a;
        if (start + a > available) break;
        NodeId node = 0;
        for (unsigned b = 0; b < a; ++b)
            node |= static_cast<NodeId>(stream_bit(words, width, start + b)) << b;
        out.known.push_back(node);
    }
    return out;
}

std::vector<FlitWord> popped_dest_list_words(const std::vector<FlitWord>& words,
                                             const HeaderFormat& format) {
    const DestListPrefix prefix = decode_dest_list_prefix(words, format);
    if (prefix.count < 2)
        throw ModelError("header: a destination list of one cannot lose its first destination");
    const unsigned a = format.address_bits();
    const unsigned width = format.flit_width;
    const std::size_t in_bits = kHeaderKindBits + a + std::size_t{prefix.count} * a;
    const std::size_t available = std::min(words.size() * width, in_bits);
    const std::size_t out_bits = in_bits - a;
    // The kind and count fields are written anew; every later bit is the arriving bit one
    // address further on.
    const std::size_t fields = kHeaderKindBits + a;
    const FlitWord field_value = (words.front() & ((1U << kHeaderKindBits) - 1)) |
                                 (FlitWord{prefix.count - 2} << kHeaderKindBits);
    std::vector<FlitWord> out;
    for (std::size_t k = 0; k * width < out_bits; ++k) {
        const std::size_t end = std::min((k + 1) * width, out_bits);
        if (end > fields && end + a > available) break;
        FlitWord word = 0;
        for (std::size_t p = k * width; p < end; ++p) {
            const bool bit =
                p < fields ? ((field_value >> p) & 1U) != 0 : stream_bit(words, width, p + a);
            if (bit) word |= FlitWord{1} << (p - k * width);
        }
        out.push_back(word);
    }
    return out;
}

}  // namespace wormcast
