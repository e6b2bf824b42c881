// A fresh SystemC simulation context for each run: SystemC cannot elaborate again after sc_start
// in one context, so every run (and every bench of a test) starts its own. The old context and
// its modules are left alone: a SystemC context cannot be torn down piecemeal.
#pragma once

#include <cstddef>

namespace wormcast {

/// Makes a new simulation context current, with the copyright banner off and the reports that a
/// new context repeats (instance names, deprecations, sc_stop) silenced. The first call also
/// shrinks SystemC's scratch heap for datatype concatenations to kSystemcTempHeapBytes.
void fresh_kernel();

/// Size fresh_kernel() gives SystemC's concatenation scratch heap (sc_core::sc_temp_heap).
constexpr std::size_t kSystemcTempHeapBytes = 64 * 1024;

}  // namespace wormcast
