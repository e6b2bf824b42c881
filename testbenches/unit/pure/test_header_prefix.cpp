// Destination lists read and rewritten before the whole header is in (router.route_timing fixed,
// issue 34): the prefix decoder and the popped list's leading words against encode_header.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>

#include "systemc/pure/DestListPrefix.hpp"

using namespace wormcast;

TEST_CASE(
    "a destination list's first words give its count, the destinations they hold, and the "
    "leading words of the list without its first destination",
    "[pure][header][route_timing]") {
    std::mt19937_64 rng(34);
    int partial = 0;
    for (int trial = 0; trial < 400; ++trial) {
        HeaderFormat format;
        format.flit_width = 8 + static_cast<unsigned>(rng() % 57);
        format.nodes = 2 + static_cast<std::uint32_t>(rng() % 1000);
        if (2 + 2 * format.address_bits() > format.flit_width) continue;  // count in word 0
        // A list may name up to N destinations (its count field has A bits).
        std::vector<NodeId> list(2 + rng() % std::min<std::uint32_t>(40, format.nodes - 1));
        for (auto& d : list) d = static_cast<NodeId>(rng() % format.nodes);
        const std::vector<FlitWord> words = encode_header(Header::dest_list(list), format);
        const std::vector<FlitWord> popped =
            encode_header(Header::dest_list({list.begin() + 1, list.end()}), format);
        const unsigned a = format.address_bits();
        INFO("width " << format.flit_width << " nodes " << format.nodes << " count "
                      << list.size());
        for (std::size_t n = 1; n <= words.size(); ++n) {
            const std::vector<FlitWord> first(words.begin(), words.begin() + static_cast<long>(n));
            const DestListPrefix prefix = decode_dest_list_prefix(first, format);
            REQUIRE(prefix.count == list.size());
            // Destination i ends at bit 2 + a + (i + 1) a.
            const std::size_t held =
                std::min<std::size_t>(list.size(), (n * format.flit_width - 2 - a) / a);
            REQUIRE(prefix.known ==
                    std::vector<NodeId>(list.begin(), list.begin() + static_cast<long>(held)));
            const std::vector<FlitWord> out = popped_dest_list_words(first, format);
            REQUIRE(out.size() <= popped.size());
            REQUIRE(out == std::vector<FlitWord>(popped.begin(),
                                                 popped.begin() + static_cast<long>(out.size())));
            if (n == words.size()) REQUIRE(out == popped);
            // Word k needs the arriving bits up to one address past its end: never more than
            // one word ahead.
            if (n < words.size()) {
                REQUIRE(out.size() + 1 >= n);
                ++partial;
            }
        }
    }
    REQUIRE(partial > 100);
    HeaderFormat format;
    format.nodes = 720;
    REQUIRE_THROWS_AS(popped_dest_list_words(encode_header(Header::dest_list({5}), format), format),
                      ModelError);
    REQUIRE_THROWS_AS(decode_dest_list_prefix(encode_header(Header::unicast(5), format), format),
                      ModelError);
}
