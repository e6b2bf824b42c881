// fresh_kernel() (systemc/Kernel.hpp): SystemC's concatenation scratch heap is given back down to
// its small size, and sc_dt concatenations still compute right on it, also once it has wrapped
// round many times; SystemC's own reports are quiet (info dropped, warnings in our words) unless
// set_kernel_reports() asks for them.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <iostream>
#include <random>
#include <sstream>
#include <string>

#include <sysc/tracing/sc_tracing_ids.h>
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

namespace {

/// What std::cout and std::cerr (where SystemC and the report handler write) receive while
/// `body` runs.
template <typename Body>
std::pair<std::string, std::string> captured(Body body) {
    std::ostringstream out, err;
    auto* const old_out = std::cout.rdbuf(out.rdbuf());
    auto* const old_err = std::cerr.rdbuf(err.rdbuf());
    body();
    std::cout.rdbuf(old_out);
    std::cerr.rdbuf(old_err);
    return {out.str(), err.str()};
}

/// An info report as a VCD's time unit gives one, and a real warning: a VCD closed before any
/// cycle was traced (W715).
void info_and_warning(const std::string& vcd_base) {
    SC_REPORT_INFO(sc_core::SC_ID_TRACING_TIMESCALE_UNIT_, "1 ns (test)");
    sc_core::sc_trace_file* vcd = sc_core::sc_create_vcd_trace_file(vcd_base.c_str());
    sc_core::sc_close_vcd_trace_file(vcd);
}

}  // namespace

TEST_CASE("kernel: SystemC's info reports are quiet and its warnings are in wormcast's words",
          "[kernel]") {
    const std::string vcd_base =
        (std::filesystem::temp_directory_path() / ("wormcast_kernel_" + std::to_string(::getpid())))
            .string();
    fresh_kernel();
    set_kernel_reports(KernelReports::quiet);
    const auto [quiet_out, quiet_err] = captured([&] { info_and_warning(vcd_base); });
    CHECK(quiet_out.empty());
    CHECK(quiet_err ==
          kernel_warning_text(715,
                              "trace file closed before any cycles were traced, file not "
                              "written: " +
                                  vcd_base + ".vcd") +
              "\n");
    CHECK(quiet_err.rfind("wormcast: warning: the waveform ended before any cycle was traced", 0) ==
          0);

    fresh_kernel();
    set_kernel_reports(KernelReports::verbose);
    const auto [verbose_out, verbose_err] = captured([&] { info_and_warning(vcd_base); });
    set_kernel_reports(KernelReports::quiet);
    CHECK(verbose_out.find("Info: (I703) tracing timescale unit set: 1 ns (test)") !=
          std::string::npos);
    CHECK(verbose_out.find("Warning: (W715) trace file closed before any cycles were traced") !=
          std::string::npos);
    CHECK(verbose_err.empty());
    std::filesystem::remove(vcd_base + ".vcd");
}
