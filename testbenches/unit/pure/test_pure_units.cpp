// Unit tests of the pure hardware building blocks: FIFO, credit counter, round-robin arbiter,
// header encodings (pack/unpack round trips). No SystemC kernel involved.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <vector>

#include "systemc/pure/CreditCounter.hpp"
#include "systemc/pure/Fifo.hpp"
#include "systemc/pure/Header.hpp"
#include "systemc/pure/PortSet.hpp"
#include "systemc/pure/RoundRobinArbiter.hpp"

using namespace wormcast;

TEST_CASE("FIFO keeps order, wraps around and refuses misuse", "[fifo]") {
    for (std::size_t depth : {1u, 2u, 4u, 7u}) {
        Fifo<int> fifo(depth);
        int next_in = 0, next_out = 0;
        std::mt19937_64 rng(depth);
        for (int step = 0; step < 1000; ++step) {
            if (!fifo.full() && (fifo.empty() || rng() % 2))
                fifo.push(next_in++);
            else
                REQUIRE(fifo.pop() == next_out++);
            REQUIRE(fifo.size() == static_cast<std::size_t>(next_in - next_out));
        }
        while (!fifo.full()) fifo.push(0);
        REQUIRE_THROWS_AS(fifo.push(1), ModelError);
        fifo.clear();
        REQUIRE_THROWS_AS(fifo.pop(), ModelError);
    }
    REQUIRE_THROWS_AS(Fifo<int>(0), ConfigError);
}

TEST_CASE("credit counter never exceeds its depth nor goes negative", "[credit]") {
    CreditCounter c(3);
    REQUIRE(c.credits() == 3);
    c.consume();
    c.consume();
    c.consume();
    REQUIRE_FALSE(c.available());
    REQUIRE_THROWS_AS(c.consume(), ModelError);
    c.release();
    REQUIRE(c.credits() == 1);
    c.release();
    c.release();
    REQUIRE(c.full());
    REQUIRE_THROWS_AS(c.release(), ModelError);
}

TEST_CASE("round-robin arbiter is fair and grants only requesters", "[arbiter]") {
    RoundRobinArbiter arb(5);
    REQUIRE(arb.arbitrate(0) == RoundRobinArbiter::kNone);
    // All requesting: grants rotate 0,1,2,3,4,0...
    for (int i = 0; i < 12; ++i) REQUIRE(arb.arbitrate(0b11111) == i % 5);
    // Random masks: the grant is a requester, and it is the first at/after the pointer.
    std::mt19937_64 rng(7);
    for (int i = 0; i < 2000; ++i) {
        const std::uint64_t mask = rng() & 0b11111;
        const unsigned before = arb.priority();
        const int g = arb.arbitrate(mask);
        if (mask == 0) {
            REQUIRE(g == RoundRobinArbiter::kNone);
            continue;
        }
        REQUIRE(((mask >> g) & 1U) == 1U);
        for (unsigned k = before; k != static_cast<unsigned>(g); k = (k + 1) % 5)
            REQUIRE(((mask >> k) & 1U) == 0U);
    }
    // Starvation freedom: a constant requester is served within size() grants.
    RoundRobinArbiter a64(64);
    int waited = 0;
    while (a64.arbitrate(~std::uint64_t{0}) != 63) ++waited;
    REQUIRE(waited == 63);
}

TEST_CASE("port set: members, order, set operations across its 64-bit words", "[portset]") {
    PortSet s;
    REQUIRE(s.none());
    REQUIRE(s.first() == PortSet::kNone);
    const std::vector<unsigned> members{0, 5, 63, 64, 71, 127, 200, 255};
    for (unsigned q : members) s.set(q);
    REQUIRE(s.count() == members.size());
    std::vector<unsigned> seen;
    s.for_each([&](unsigned q) { seen.push_back(q); });
    REQUIRE(seen == members);
    REQUIRE(s.first_from(6) == 63);
    REQUIRE(s.first_from(64) == 64);
    REQUIRE(s.first_from(72) == 127);
    REQUIRE(s.first_from(201) == 255);
    s.reset(255);
    REQUIRE(s.first_from(201) == PortSet::kNone);
    PortSet t;
    t.set(64);
    t.set(3);
    REQUIRE((s & t).count() == 1);
    REQUIRE((s | t).count() == s.count() + 1);
    REQUIRE(s.without(t).test(64) == false);
    REQUIRE(s.without(t).count() == s.count() - 1);
    REQUIRE(PortSet::from_word(0b1010).word(0) == 0b1010);
    REQUIRE(PortSet::from_word(0b1010) != t);
}

TEST_CASE("round-robin arbiter: PortSet requests pick as the 64-bit masks do, and beyond 64",
          "[arbiter][portset]") {
    // Up to 64 requesters the two forms must agree grant for grant (the allocator uses PortSet,
    // the exact-latency and RTL lock-step tests were written against the 64-bit arbiter).
    std::mt19937_64 rng(11);
    for (unsigned size : {1u, 2u, 5u, 33u, 63u, 64u}) {
        RoundRobinArbiter words(size), sets(size);
        for (int i = 0; i < 3000; ++i) {
            std::uint64_t mask = rng() & rng();
            if (i % 7 == 0) mask = 0;
            const int a = words.arbitrate(mask);
            const int b = sets.arbitrate(PortSet::from_word(mask));
            REQUIRE(a == b);
            REQUIRE(words.priority() == sets.priority());
        }
    }
    // 72 requesters (a BI-MIN stage-0 switch of 8x8 switches with 8 consumption channels).
    RoundRobinArbiter arb(72);
    PortSet all;
    for (unsigned q = 0; q < 72; ++q) all.set(q);
    for (int i = 0; i < 150; ++i) REQUIRE(arb.arbitrate(all) == i % 72);
    for (int i = 0; i < 3000; ++i) {
        PortSet mask;
        for (unsigned q = 0; q < 72; ++q)
            if (rng() % 5 == 0) mask.set(q);
        if (i % 3 == 0) mask.set(71);
        const unsigned before = arb.priority();
        const int g = arb.arbitrate(mask);
        if (mask.none()) {
            REQUIRE(g == RoundRobinArbiter::kNone);
            continue;
        }
        REQUIRE(mask.test(static_cast<unsigned>(g)));
        for (unsigned k = before; k != static_cast<unsigned>(g); k = (k + 1) % 72)
            REQUIRE(!mask.test(k));
    }
    // Members at or beyond size() are not requesters.
    RoundRobinArbiter small(70);
    PortSet beyond;
    beyond.set(70);
    beyond.set(100);
    REQUIRE(small.pick(beyond) == RoundRobinArbiter::kNone);
    REQUIRE_THROWS_AS(RoundRobinArbiter(257), ConfigError);
}

TEST_CASE("headers round-trip through their bit encoding", "[header]") {
    std::mt19937_64 rng(42);
    for (unsigned width : {8u, 16u, 20u, 32u, 48u, 64u}) {
        for (std::uint32_t nodes : {4u, 16u, 64u, 216u, 256u}) {
            HeaderFormat f{width, nodes};
            if (2 + f.address_bits() > width) {
                REQUIRE_THROWS_AS(f.validate(), ConfigError);
                continue;
            }
            f.validate();
            for (int trial = 0; trial < 50; ++trial) {
                const NodeId d = static_cast<NodeId>(rng() % nodes);
                Header u = Header::unicast(d);
                auto words = encode_header(u, f);
                REQUIRE(words.size() == header_flits(u, f));
                REQUIRE(header_flits_from_first(words[0], f) == words.size());
                REQUIRE(decode_header(words, f) == u);

                std::vector<NodeId> list(1 + rng() % std::min<std::uint32_t>(12, nodes));
                for (auto& x : list) x = static_cast<NodeId>(rng() % nodes);
                Header p = Header::dest_list(list);
                words = encode_header(p, f);
                REQUIRE(words.size() == header_flits(p, f));
                REQUIRE(header_flits_from_first(words[0], f) == words.size());
                REQUIRE(decode_header(words, f) == p);

                Header b = Header::bit_string(nodes, list);
                words = encode_header(b, f);
                REQUIRE(words.size() == (2 + nodes + width - 1) / width);
                REQUIRE(header_flits_from_first(words[0], f) == words.size());
                REQUIRE(decode_header(words, f) == b);
                for (unsigned w = 0; w < words.size(); ++w)
                    REQUIRE((words[w] >> (width - 1) >> 1) == 0);
            }
        }
    }
    REQUIRE_THROWS_AS((HeaderFormat{65, 16}.validate()), ConfigError);
    REQUIRE_THROWS_AS((HeaderFormat{7, 16}.validate()), ConfigError);
}

TEST_CASE("the bare bit-string encoding writes every header as N bits in ceil(N/w) flits",
          "[header]") {
    std::mt19937_64 rng(7);
    for (unsigned width : {8u, 16u, 32u, 64u}) {
        for (std::uint32_t nodes : {4u, 16u, 64u, 256u, 512u}) {
            const HeaderFormat f{width, nodes, HeaderEncoding::BitString};
            f.validate();
            const std::uint32_t flits = (nodes + width - 1) / width;
            for (int trial = 0; trial < 20; ++trial) {
                std::vector<NodeId> members;
                for (NodeId a = 0; a < nodes; ++a)
                    if (rng() % 3 == 0) members.push_back(a);
                if (members.empty()) members.push_back(static_cast<NodeId>(rng() % nodes));
                const Header b = Header::bit_string(nodes, members);
                auto words = encode_header(b, f);
                REQUIRE(words.size() == flits);
                REQUIRE(header_flits(b, f) == flits);
                REQUIRE(header_flits_from_first(words[0], f) == flits);
                REQUIRE(decode_header(words, f) == b);
                // No kind field: bit a of the stream is node a.
                for (NodeId a = 0; a < nodes; ++a)
                    REQUIRE(((words[a / width] >> (a % width)) & 1U) == (b.has_bit(a) ? 1U : 0U));
                // A unicast travels as the bit-string naming its one destination.
                const NodeId d = members.front();
                words = encode_header(Header::unicast(d), f);
                REQUIRE(words.size() == flits);
                REQUIRE(decode_header(words, f) == Header::bit_string(nodes, {d}));
            }
        }
    }
    // Path worms need the kind and count fields of the tagged encoding.
    const HeaderFormat f{16, 64, HeaderEncoding::BitString};
    REQUIRE_THROWS_AS(encode_header(Header::dest_list({1, 2}), f), ConfigError);
    REQUIRE_THROWS_AS(header_flits(Header::dest_list({1, 2}), f), ConfigError);
    REQUIRE_THROWS_AS(encode_header(Header::unicast(64), f), ConfigError);
    REQUIRE(header_encoding_from_string("bitstring") == HeaderEncoding::BitString);
    REQUIRE(header_encoding_from_string("tagged") == HeaderEncoding::Tagged);
    REQUIRE_THROWS_AS(header_encoding_from_string("compact"), ConfigError);
}

TEST_CASE("bit-string text follows the MIN paper's notation", "[header]") {
    Header b = Header::bit_string(8, {0, 2, 5, 7});
    REQUIRE(b.bit_text(8) == "10100101");
    REQUIRE(b.bit_members(8) == std::vector<NodeId>{0, 2, 5, 7});
    REQUIRE_THROWS_AS(Header::bit_string(8, {8}), ConfigError);
}
