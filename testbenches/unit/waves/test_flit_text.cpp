// The GTKWave translate filter's decoding (systemc/pure/FlitText.hpp), without SystemC.
#include <catch2/catch.hpp>

#include <random>
#include <string>

#include <fmt/format.h>

#include "systemc/pure/FlitText.hpp"
#include "systemc/pure/Header.hpp"

using namespace wormcast;

namespace {

FlitTextOptions mesh4x4() {
    FlitTextOptions o;
    o.format.nodes = 16;
    o.format.flit_width = 32;
    o.node_name = [](NodeId n) { return fmt::format("{},{}", n % 4, n / 4); };
    return o;
}

std::uint64_t packed(unsigned kind, std::uint64_t msg, unsigned vc, std::uint64_t data) {
    return data | (msg << 32) | (std::uint64_t{vc} << 56) | (std::uint64_t{kind} << 60);
}

}  // namespace

TEST_CASE("wave filter: values from the demo's trace decode to kind, message, VC and header",
          "[wave-filter]") {
    // From `wormcast run testbenches/scenarios/demo.yaml --set traffic.measure=400 --vcd ...`
    // (mesh 4x4): values of the flit.packed signals, in hex as GTKWave hands them to the filter.
    const FlitTextOptions o = mesh4x4();
    CHECK(wave_filter_line("1000000C00000034", o) == "HEAD m12 vc0 to 1,3");
    CHECK(wave_filter_line("1000000E00000010", o) == "HEAD m14 vc0 to 0,1");
    CHECK(wave_filter_line("2000000C624942C2", o) == "body m12 vc0 624942c2");
    CHECK(wave_filter_line("3000000C54A66DED", o) == "tail m12 vc0 54a66ded");
    CHECK(wave_filter_line("0000000000000000", o) == "idle");
    // Made by hand (the demo has neither): a bubble, and a one-flit worm on VC 1.
    CHECK(wave_filter_line("5000000C00000000", o) == "BUBBLE m12 vc0");
    CHECK(wave_filter_line("4100002A0000003C", o) == "HEAD+TAIL m42 vc1 to 3,3");
}

TEST_CASE("wave filter: destination lists and bit-strings show the nodes the first word holds",
          "[wave-filter]") {
    FlitTextOptions o = mesh4x4();
    const auto list = encode_header(Header::dest_list({3, 7, 12}), o.format);
    REQUIRE(list.size() == 1);
    CHECK(describe_packed_flit(packed(1, 9, 0, list[0]), o) == "HEAD m9 vc0 list 3 [3,0 3,1 0,3]");
    const auto bits = encode_header(Header::bit_string(16, {0, 5}), o.format);
    CHECK(describe_packed_flit(packed(1, 9, 2, bits[0]), o) == "HEAD m9 vc2 bits {0,0 1,1}");

    // A list longer than the first word: what fits, and how many follow.
    o.format.flit_width = 10;  // kind, count and one destination
    const auto longer = encode_header(Header::dest_list({1, 2, 3}), o.format);
    CHECK(describe_packed_flit(packed(1, 1, 0, longer[0]), o) ==
          "HEAD m1 vc0 list 3 [1,0 +2 in next flits]");

    // The MIN paper's bare bit-string: 64 nodes in 32-bit flits.
    FlitTextOptions bare;
    bare.format.nodes = 64;
    bare.format.encoding = HeaderEncoding::BitString;
    const auto b = encode_header(Header::bit_string(64, {1, 31, 40}), bare.format);
    CHECK(describe_packed_flit(packed(1, 3, 0, b[0]), bare) ==
          "HEAD m3 vc0 bits {1 31} +nodes 32..63 in next flits");
}

TEST_CASE("wave filter: what GTKWave may send", "[wave-filter]") {
    const FlitTextOptions o = mesh4x4();
    CHECK(parse_wave_value("0x10") == std::uint64_t{0x10});
    CHECK(parse_wave_value("h1f") == std::uint64_t{0x1f});
    CHECK(parse_wave_value(" 1F \r") == std::uint64_t{0x1f});
    CHECK(parse_wave_value(std::string(60, '0') + "1010") == std::uint64_t{10});  // binary display
    CHECK_FALSE(parse_wave_value("xxxxxxxxxxxxxxxx"));
    CHECK_FALSE(parse_wave_value(std::string(17, 'f')));
    // 20 hexadecimal digits of 0s and 1s (an 80-bit packed flit) are hex, not 20 bits.
    CHECK(parse_wave_bits("10000001000000000010") == WaveBits{0x0001000000000010ull, 0x1000});
    CHECK(wave_filter_line("zzzz", o) == "zzzz");  // not a value: shown as it came
    CHECK(wave_filter_line("7000000000000000", o).rfind("BAD kind 7", 0) == 0);
    CHECK(wave_filter_line("8000000000000000", o).rfind("BAD spare bit", 0) == 0);
}

TEST_CASE("wave filter: random headers encoded as routers write them decode to their destination",
          "[wave-filter]") {
    std::mt19937 rng(18);
    for (int i = 0; i < 300; ++i) {
        FlitTextOptions o;
        o.format.nodes = 2 + rng() % 200;
        o.format.flit_width = 16 + rng() % 17;
        const NodeId dest = rng() % o.format.nodes;
        const std::uint64_t msg = rng() % (1u << 24);
        const unsigned vc = rng() % 16;
        const auto words = encode_header(Header::unicast(dest), o.format);
        const std::string text = describe_packed_flit(packed(1, msg, vc, words[0]), o);
        INFO(text);
        CHECK(text == fmt::format("HEAD m{} vc{} to {}", msg, vc, dest));
    }
}

TEST_CASE("wave filter: flits wider than 32 bits in their flit_width + 32-bit layout",
          "[wave-filter]") {
    // The packed flit of a `width`-bit flit as GTKWave shows it: hex digits of data, then the
    // control word (message, VC, kind, spare) above bit width - 1.
    const auto wide = [](unsigned width, unsigned kind, std::uint64_t msg, unsigned vc,
                         std::uint64_t data) {
        const std::uint64_t control = msg | (std::uint64_t{vc} << 24) | (std::uint64_t{kind} << 28);
        WaveBits b;
        b.low = data | (width < 64 ? control << width : 0);
        b.high = width < 64 ? control >> (64 - width) : control;
        return b;
    };
    const auto hex = [](const WaveBits& b) { return fmt::format("{:x}{:016x}", b.high, b.low); };
    std::mt19937_64 rng(7);
    for (int i = 0; i < 300; ++i) {
        FlitTextOptions o = mesh4x4();
        o.format.flit_width = 33 + static_cast<unsigned>(rng() % 32);
        const unsigned w = o.format.flit_width;
        const std::uint64_t msg = rng() % (1u << 24);
        const unsigned vc = static_cast<unsigned>(rng() % 16);
        const std::uint64_t data = w == 64 ? rng() : rng() & ((std::uint64_t{1} << w) - 1);
        INFO("width " << w << " " << hex(wide(w, 2, msg, vc, data)));
        const auto parsed = parse_wave_bits(hex(wide(w, 2, msg, vc, data)));
        REQUIRE(parsed);
        CHECK(*parsed == wide(w, 2, msg, vc, data));
        CHECK(wave_filter_line(hex(wide(w, 2, msg, vc, data)), o) ==
              fmt::format("body m{} vc{} {:x}", msg, vc, data));
        const NodeId dest = static_cast<NodeId>(rng() % 16);
        const auto words = encode_header(Header::unicast(dest), o.format);
        CHECK(describe_packed_flit(wide(w, 1, msg, vc, words[0]), o) ==
              fmt::format("HEAD m{} vc{} to {},{}", msg, vc, dest % 4, dest / 4));
        CHECK(describe_packed_flit(wide(w, 5, msg, vc, 0), o) ==
              fmt::format("BUBBLE m{} vc{}", msg, vc));
        CHECK(wave_filter_line(hex(wide(w, 0, 0, 0, 0)), o) == "idle");
        // The spare bit above the control word, and anything above the packed flit.
        WaveBits spare = wide(w, 2, msg, vc, data);
        (w + 31 < 64 ? spare.low : spare.high) |= std::uint64_t{1} << ((w + 31) % 64);
        CHECK(describe_packed_flit(spare, o).rfind("BAD spare bit " + std::to_string(w + 31), 0) ==
              0);
        WaveBits above = wide(w, 2, msg, vc, data);
        above.high |= std::uint64_t{1} << (w + 32 - 64);
        CHECK(describe_packed_flit(above, o).rfind("BAD bits above", 0) == 0);
    }
    // A destination list of 15 nodes in one 64-bit flit (62 bits).
    FlitTextOptions o = mesh4x4();
    o.format.flit_width = 64;
    const auto list =
        encode_header(Header::dest_list({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14}), o.format);
    REQUIRE(list.size() == 1);
    CHECK_THAT(
        describe_packed_flit(wide(64, 1, 3, 0, list[0]), o),
        Catch::StartsWith("HEAD m3 vc0 list 14 [1,0 2,0 3,0 0,1") && Catch::EndsWith("1,3 2,3]"));
    CHECK(parse_wave_bits(std::string(32, 'f')) == WaveBits{~0ULL, ~0ULL});
    CHECK_FALSE(parse_wave_bits(std::string(33, 'f')));
    CHECK_FALSE(parse_wave_value(std::string(17, 'f')));
    // 20 hexadecimal digits of 0s and 1s (an 80-bit packed flit) are hex, not 20 bits.
    CHECK(parse_wave_bits("10000001000000000010") == WaveBits{0x0001000000000010ull, 0x1000});
}
