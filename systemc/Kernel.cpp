// A fresh SystemC simulation context (see Kernel.hpp), and where SystemC's own reports go.
#include "systemc/Kernel.hpp"

#include <cstdlib>
#include <iostream>
#include <vector>

#include <fmt/format.h>
#include <systemc>

namespace wormcast {

namespace {

// SystemC's report handler is one per process (sc_report_handler keeps it in a static), so the
// choice of what it shows is too.
KernelReports kernel_reports = KernelReports::quiet;

/// SystemC's warnings that can reach a wormcast run, said as what they mean for it.
const char* warning_meaning(int id) {
    switch (id) {
        case 571:
            return "the simulation was started with nothing left to simulate";
        case 710:
            return "a signal cannot be traced: the waveform leaves it out";
        case 711:
            return "a traced signal's name has characters a VCD does not allow: renamed";
        case 713:
            return "a time in the waveform is not a whole number of its time unit: rounded";
        case 714:
            return "the waveform saw the same time twice: the later values are left out";
        case 715:
            return "the waveform ended before any cycle was traced: no file was written";
        default:
            return "the SystemC kernel warns";
    }
}

void report_handler(const sc_core::sc_report& report, const sc_core::sc_actions& actions) {
    using namespace sc_core;
    if (kernel_reports == KernelReports::verbose || !(actions & SC_DISPLAY)) {
        sc_report_handler::default_handler(report, actions);
        return;
    }
    const sc_severity severity = report.get_severity();
    if (severity == SC_WARNING) {
        std::string message = report.get_msg_type();
        if (*report.get_msg()) message += fmt::format(": {}", report.get_msg());
        std::cerr << kernel_warning_text(report.get_id(), message) << std::endl;
    }
    // Info and warnings are not displayed by SystemC; everything else it does as usual (errors
    // throw, a fatal report aborts after printing itself).
    if (severity == SC_INFO || severity == SC_WARNING)
        sc_report_handler::default_handler(report, actions & ~SC_DISPLAY);
    else
        sc_report_handler::default_handler(report, actions);
}

}  // namespace

std::string kernel_warning_text(int id, const std::string& message) {
    if (id < 0)
        return fmt::format("wormcast: warning: {} (SystemC: {})", warning_meaning(id), message);
    return fmt::format("wormcast: warning: {} (SystemC W{}: {})", warning_meaning(id), id, message);
}

void set_kernel_reports(KernelReports reports) {
    kernel_reports = reports;
}

void fresh_kernel() {
    using namespace sc_core;
    setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
    // SystemC 2.3 allocates and zeroes a 3 MiB scratch heap for the temporaries of sc_dt
    // concatenations when the library loads. Our models make none (the heap hands out its space
    // round and round, so a small one only recycles sooner): 64 KiB gives 3 MiB of resident
    // memory back to every process (docs/performance.md).
    if (sc_temp_heap.length() > kSystemcTempHeapBytes)
        sc_temp_heap.initialize(kSystemcTempHeapBytes);
    // SystemC 2.3 cannot tear a kernel down with the modules it elaborated, so a finished
    // simulation's kernel is kept, with everything registered in it, until the process ends.
    // Kept in this list rather than dropped, it stays reachable: the leak checker of the
    // sanitizer run (docs/hardening.md) reports only memory nothing points to, so a real leak of
    // our code still shows.
    static auto* finished = new std::vector<sc_simcontext*>;
    if (sc_curr_simcontext) finished->push_back(sc_curr_simcontext);
    sc_curr_simcontext = new sc_simcontext();
    sc_default_global_context = sc_curr_simcontext;
    sc_report_handler::set_handler(&report_handler);
    sc_report_handler::set_actions(SC_ID_INSTANCE_EXISTS_, SC_DO_NOTHING);
    sc_report_handler::set_actions("/IEEE_Std_1666/deprecated", SC_DO_NOTHING);
    sc_report_handler::set_actions("/OSCI/SystemC: Simulation stopped by user.", SC_DO_NOTHING);
}

}  // namespace wormcast
