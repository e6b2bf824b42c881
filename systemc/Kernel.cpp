// A fresh SystemC simulation context (see Kernel.hpp).
#include "systemc/Kernel.hpp"

#include <cstdlib>
#include <vector>

#include <systemc>

namespace wormcast {

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
    sc_report_handler::set_actions(SC_ID_INSTANCE_EXISTS_, SC_DO_NOTHING);
    sc_report_handler::set_actions("/IEEE_Std_1666/deprecated", SC_DO_NOTHING);
    sc_report_handler::set_actions("/OSCI/SystemC: Simulation stopped by user.", SC_DO_NOTHING);
}

}  // namespace wormcast
