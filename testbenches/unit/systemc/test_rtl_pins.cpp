// The pin helpers of the Verilated router wrapper (systemc/RtlRouter.hpp): a packed flit is
// flit_width + 32 bits on the ports above 32-bit flits, so its fields start anywhere in a 32-bit
// word of the sc_bv pins (41-bit flits are 73 bits apart: port p at bit 73 p).
#include <catch2/catch.hpp>

#include <cstdint>
#include <random>

#include "systemc/RtlRouter.hpp"

using namespace wormcast;

TEST_CASE("RTL pins: fields of up to 64 bits at any bit offset are written and read back",
          "[rtl][pins]") {
    std::mt19937_64 rng(11);
    for (int i = 0; i < 2000; ++i) {
        sc_dt::sc_bv<200> bits;
        const std::uint64_t background = rng();
        for (int w = 0; w < 7; ++w) bits.set_word(w, static_cast<std::uint32_t>(background >> w));
        const sc_dt::sc_bv<200> before = bits;
        const int n = 1 + static_cast<int>(rng() % 64);
        const int lo = static_cast<int>(rng() % static_cast<std::uint64_t>(200 - n + 1));
        const std::uint64_t value = rng() & (n == 64 ? ~0ULL : (std::uint64_t{1} << n) - 1);
        rtl_pins::put_bits(bits, lo, n, value | (n < 64 ? std::uint64_t{1} << n : 0));
        INFO("bits " << lo << " +: " << n);
        REQUIRE(rtl_pins::get_bits(bits, lo, n) == value);
        // Every other bit is as it was (a bit above the field in the value is not written).
        for (int b = 0; b < 200; ++b)
            if (b < lo || b >= lo + n) REQUIRE(bits.get_bit(b) == before.get_bit(b));
        for (int b = 0; b < n; ++b)
            REQUIRE((bits.get_bit(lo + b) == sc_dt::Log_1) == (((value >> b) & 1) != 0));
    }
}
