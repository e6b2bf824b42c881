// Routing headers carried by head flits, and their bit encoding into flit data words (pure C++).
// DESIGN.md §3: unicast destination, ordered destination list (path worms), N-bit destination
// bit-string (tree worms). The layout is documented in docs/flit-format.md and shared with rtl/.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "systemc/pure/Types.hpp"

namespace wormcast {

enum class HeaderKind : std::uint8_t { Unicast = 0, DestList = 1, BitString = 2 };

const char* to_string(HeaderKind kind);

/// How a network writes its headers into flits (docs/flit-format.md).
enum class HeaderEncoding : std::uint8_t {
    /// A 2-bit kind field, then the kind's fields: unicast, destination list and bit-string
    /// headers can share one network.
    Tagged = 0,
    /// Every header is the bare N-bit destination bit-string, ceil(N / flit_width) flits (the MIN
    /// paper's header); a unicast is written as a bit-string naming its one destination, and
    /// destination lists cannot be carried.
    BitString = 1
};

const char* to_string(HeaderEncoding encoding);
/// "tagged" or "bitstring"; throws ConfigError naming the accepted values otherwise.
HeaderEncoding header_encoding_from_string(const std::string& text);

/// Parameters that fix the header bit layout of one network.
struct HeaderFormat {
    unsigned flit_width = 32;  ///< data bits per flit (8..64; the RTL wire layout carries 32)
    std::uint32_t nodes = 2;   ///< number of addressable nodes N
    HeaderEncoding encoding = HeaderEncoding::Tagged;

    unsigned address_bits() const { return bits_for(nodes); }
    void validate() const;
};

/// A decoded routing header.
struct Header {
    HeaderKind kind = HeaderKind::Unicast;
    /// Unicast: one destination. DestList: destinations in visiting order (front = next).
    std::vector<NodeId> destinations;
    /// BitString: bit a of word a/64 set iff node a is a destination.
    std::vector<std::uint64_t> bits;

    static Header unicast(NodeId destination);
    static Header dest_list(std::vector<NodeId> ordered);
    static Header bit_string(std::uint32_t nodes, const std::vector<NodeId>& members);

    bool has_bit(NodeId node) const;
    void set_bit(NodeId node);
    /// Destinations named by a bit-string header, ascending.
    std::vector<NodeId> bit_members(std::uint32_t nodes) const;
    /// Character N-1-a is '1' iff node a is set (the MIN paper's notation).
    std::string bit_text(std::uint32_t nodes) const;

    bool operator==(const Header& other) const;
    bool operator!=(const Header& other) const { return !(*this == other); }
};

std::ostream& operator<<(std::ostream& os, const Header& header);

/// Number of header bits for this header in the given format.
std::uint32_t header_bits(const Header& header, const HeaderFormat& format);
/// Number of flits needed to carry the header (ceil(bits / flit width)).
std::uint32_t header_flits(const Header& header, const HeaderFormat& format);

/// Pack a header into flit data words (word 0 goes into the head flit).
std::vector<FlitWord> encode_header(const Header& header, const HeaderFormat& format);

/// Kind read from the first header word; throws ModelError for an unknown code.
HeaderKind header_kind(FlitWord first_word, const HeaderFormat& format);
/// Number of header flits announced by the first header word.
std::uint32_t header_flits_from_first(FlitWord first_word, const HeaderFormat& format);
/// Decode a complete header from its words; throws ModelError on malformed input.
Header decode_header(const std::vector<FlitWord>& words, const HeaderFormat& format);

}  // namespace wormcast
