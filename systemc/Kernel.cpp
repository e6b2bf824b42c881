// A fresh SystemC simulation context (see Kernel.hpp).
#include "systemc/Kernel.hpp"

#include <cstdlib>

#include <systemc>

namespace wormcast {

void fresh_kernel() {
    using namespace sc_core;
    setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
    sc_curr_simcontext = new sc_simcontext();
    sc_default_global_context = sc_curr_simcontext;
    sc_report_handler::set_actions(SC_ID_INSTANCE_EXISTS_, SC_DO_NOTHING);
    sc_report_handler::set_actions("/IEEE_Std_1666/deprecated", SC_DO_NOTHING);
    sc_report_handler::set_actions("/OSCI/SystemC: Simulation stopped by user.", SC_DO_NOTHING);
}

}  // namespace wormcast
