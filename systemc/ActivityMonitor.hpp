// Network-wide progress bookkeeping read by the deadlock watchdog (DESIGN.md §6).
// Routers and NICs report flit movements; no process runs for it.
#pragma once

#include <cstdint>
#include <exception>
#include <utility>

#include <systemc>

#include "systemc/pure/Types.hpp"

namespace wormcast {

struct ActivityMonitor {
    std::int64_t flits_in_network =
        0;  ///< injected by NICs and not yet consumed (bubbles excluded)
    /// Flits and bubbles in the input buffers of RTL routers (received, credit not yet returned).
    /// An RTL router is a black box whose replication cannot be followed flit by flit, so its
    /// flits leave flits_in_network while inside; this keeps the watchdog seeing them.
    std::int64_t flits_in_rtl_buffers = 0;
    Cycle last_progress = 0;       ///< last cycle any flit moved anywhere
    std::uint64_t flit_moves = 0;  ///< total flit hops (crossbar traversals + NIC transfers)

    /// First error raised inside a process (bad header, broken invariant): the run stops and the
    /// runner rethrows it as it was, instead of SystemC's generic report.
    std::exception_ptr fault;

    /// Something waits to move: flits between NICs, or in an RTL router's buffers.
    bool holds_flits() const { return flits_in_network > 0 || flits_in_rtl_buffers > 0; }

    void moved(Cycle now) {
        last_progress = now;
        ++flit_moves;
    }

    /// Run one process activation; an error it raises is kept (the first one) and stops the
    /// simulation, so that the runner can rethrow it unchanged.
    template <typename Body>
    void guarded(Body&& body) {
        try {
            body();
        } catch (const std::exception&) {
            if (!fault) fault = std::current_exception();
            sc_core::sc_stop();
        }
    }
};

/// Runs `body` guarded by `monitor` (ActivityMonitor::guarded), or as it is without one.
template <typename Body>
void run_guarded(ActivityMonitor* monitor, Body&& body) {
    if (monitor)
        monitor->guarded(std::forward<Body>(body));
    else
        body();
}

}  // namespace wormcast
