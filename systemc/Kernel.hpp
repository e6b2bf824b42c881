// A fresh SystemC simulation context for each run: SystemC cannot elaborate again after sc_start
// in one context, so every run (and every bench of a test) starts its own. The old context and
// its modules are left alone: a SystemC context cannot be torn down piecemeal.
#pragma once

namespace wormcast {

/// Makes a new simulation context current, with the copyright banner off and the reports that a
/// new context repeats (instance names, deprecations, sc_stop) silenced.
void fresh_kernel();

}  // namespace wormcast
