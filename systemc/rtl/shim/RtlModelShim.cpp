// The one C++ file compiled into every verilated configuration built on first use
// (systemc/rtl/RtlCache): the maker of RtlRouter<Model> for the model verilated beside it. Not
// part of the program; the cache compiles it with WORMCAST_RTL_MODEL (the verilated class),
// WORMCAST_RTL_MODEL_HEADER and WORMCAST_RTL_GLUE (the program's glue hash) defined.
#include WORMCAST_RTL_MODEL_HEADER

#include "systemc/rtl/RtlModelAbi.hpp"

extern "C" wormcast::RouterModule* wormcast_rtl_make(const wormcast::rtl::RtlMakeArgs& args) {
    return new wormcast::RtlRouter<WORMCAST_RTL_MODEL>(args.config->name.c_str(), *args.config,
                                                       args.period, args.monitor, args.strap,
                                                       args.table, args.token);
}

extern "C" const char* wormcast_rtl_glue() {
    return WORMCAST_RTL_GLUE;
}
