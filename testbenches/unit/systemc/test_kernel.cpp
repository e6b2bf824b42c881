// fresh_kernel() (systemc/Kernel.hpp): SystemC's concatenation scratch heap is given back down to
// its small size, and sc_dt concatenations still compute right on it, also once it has wrapped
// round many times.
#include <catch2/catch.hpp>

#include <cstdint>
#include <random>

#include <systemc>

#include "systemc/Kernel.hpp"

using namespace wormcast;

TEST_CASE("kernel: the SystemC scratch heap is small and concatenations still work on it",
          "[kernel]") {
    fresh_kernel();
    REQUIRE(sc_core::sc_temp_heap.length() == kSystemcTempHeapBytes);
    // The wide concatenation takes scratch space for its digits (16 bytes); 20,000 of them pass
    // through the 64 KiB heap several times over.
    std::mt19937_64 rng(7);
    int wraps = 0;
    for (int i = 0; i < 20000; ++i) {
        const char* before = sc_core::sc_temp_heap.m_next_p;
        const std::uint32_t hi = static_cast<std::uint32_t>(rng());
        const std::uint32_t lo = static_cast<std::uint32_t>(rng());
        sc_dt::sc_uint<32> a = hi, b = lo;
        const sc_dt::sc_uint<64> joined = (a, b);
        REQUIRE(joined.to_uint64() == (std::uint64_t{hi} << 32 | lo));
        sc_dt::sc_biguint<96> wide = (sc_dt::sc_biguint<64>(joined), sc_dt::sc_uint<32>(hi));
        REQUIRE(wide.range(95, 32).to_uint64() == joined.to_uint64());
        REQUIRE(wide.range(31, 0).to_uint64() == hi);
        if (sc_core::sc_temp_heap.m_next_p < before) ++wraps;
    }
    REQUIRE(wraps >= 3);  // the loop did go round the small heap
    fresh_kernel();       // a second call leaves it as it is
    REQUIRE(sc_core::sc_temp_heap.length() == kSystemcTempHeapBytes);
}
