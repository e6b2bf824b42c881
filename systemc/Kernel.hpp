// A fresh SystemC simulation context for each run: SystemC cannot elaborate again after sc_start
// in one context, so every run (and every bench of a test) starts its own. The old context and
// its modules are left alone: a SystemC context cannot be torn down piecemeal.
#pragma once

#include <cstddef>
#include <string>

namespace wormcast {

/// Makes a new simulation context current, with the copyright banner off and the reports that a
/// new context repeats (instance names, deprecations, sc_stop) silenced. The first call also
/// shrinks SystemC's scratch heap for datatype concatenations to kSystemcTempHeapBytes. SystemC's
/// other reports go where set_kernel_reports() says.
void fresh_kernel();

/// Size fresh_kernel() gives SystemC's concatenation scratch heap (sc_core::sc_temp_heap).
constexpr std::size_t kSystemcTempHeapBytes = 64 * 1024;

/// How SystemC's own reports reach the terminal.
enum class KernelReports {
    /// The default: its info reports (such as "Info: (I703) tracing timescale unit set") are not
    /// shown, and its warnings are printed as wormcast's ("wormcast: warning: ..." on stderr).
    quiet,
    /// Every report as SystemC prints it (`wormcast --verbose`).
    verbose,
};

/// Sets how SystemC's reports are shown from now on, in this process and the workers it forks.
void set_kernel_reports(KernelReports reports);

/// The line a SystemC warning becomes when reports are quiet: what it means for a wormcast run,
/// then SystemC's own message and id. `id` is SystemC's message number (W<id>).
std::string kernel_warning_text(int id, const std::string& message);

}  // namespace wormcast
