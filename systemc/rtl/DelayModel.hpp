// The Peh–Dally router delay model next to the measured RTL (docs/hardware-cost.md, "Against the
// Peh–Dally delay model"): L.-S. Peh and W. J. Dally, "A Delay Model and Speculative Architecture
// for Pipelined Routers", Proc. 7th International Symposium on High-Performance Computer
// Architecture (HPCA-7), Monterrey, January 2001, pp. 255-266 (the same model: "A Delay Model for
// Router Microarchitectures", IEEE Micro 21(1), 2001). The paper estimates each stage of a router
// from logical effort, in tau (the delay of an inverter driving an identical inverter) as a
// latency t_i (the stage's result is ready) and an overhead h_i (its state is updated), per
// router parameters: p ports, v virtual channels per port, w-bit flits.
//
// Which equations are confirmed: none could be checked against the paper's own text here (the
// copies at hand hold its abstract and introduction, not its Table 1). The coefficients below
// are the paper's Table 1 as recalled; docs/hardware-cost.md lists them with that caveat, and
// the VC allocator's constant term is the least certain of them.
//
// The FO4 delay that converts tau to picoseconds on a cell library is measured with OpenSTA
// (measure_fo4_ps), not assumed. No SystemC here.
#pragma once

#include <string>
#include <vector>

#include "systemc/rtl/RtlConfig.hpp"

namespace wormcast::rtl {

/// Tau per FO4, as the paper converts: an inverter driving four copies of itself has logical
/// effort 1 x electrical effort 4 plus parasitic delay 1, so 5 tau.
inline constexpr double kTauPerFo4 = 5.0;
/// The clock the paper's pipelines are drawn for, in FO4 (a typical 20 FO4 cycle).
inline constexpr double kPehDallyClockFo4 = 20.0;

/// One stage of the model: latency t_i and overhead h_i in tau.
struct StageDelay {
    std::string stage;  ///< "routing", "vc_allocation", "switch_allocation", "crossbar"
    double latency_tau = 0;
    double overhead_tau = 0;
};

// The stage equations (log4 x = ln x / ln 4; every argument at least 1, ports at least 2).

/// Routing decision: the paper gives it no equation (it depends on the routing function) and
/// its pipelines charge decode and routing one clock, 20 FO4; that clock is what is charged.
StageDelay routing_delay();
/// Wormhole router, switch arbitration (one p:1 arbiter per output):
/// t_SB(p) = 23 log4 p + 20 5/6 tau, h_SB = 9 tau.
StageDelay switch_arbiter_delay(unsigned ports);
/// Virtual-channel router, separable VC allocation for a routing function that returns the v
/// VCs of one output port (R -> v, what e-cube and table routing do): a v:1 arbiter per input VC
/// for the output VC it asks for, then a pv:1 arbiter per output VC;
/// t_VC(p, v) = 16 1/2 log4 p + 33 log4 v + 14 1/12 tau, h_VC = 9 tau.
StageDelay vc_allocator_delay(unsigned ports, unsigned vcs);
/// Virtual-channel router, separable switch allocation (a v:1 arbiter per input port, then a
/// p:1 arbiter per output port): t_SL(p, v) = 11 1/2 log4 p + 23 log4 v + 20 5/6 tau,
/// h_SL = 9 tau.
StageDelay switch_allocator_delay(unsigned ports, unsigned vcs);
/// Crossbar traversal, p x p of w bits: t_XB(p, w) = 9 log8(w floor(p/2)) + 6 log2 p + 6 tau,
/// h_XB = 0.
StageDelay crossbar_delay(unsigned ports, unsigned flit_bits);

/// The model of one router: the wormhole router (routing, switch arbitration, crossbar) for one
/// VC, else the virtual-channel router (routing, VC allocation, switch allocation, crossbar).
struct RouterDelayModel {
    bool virtual_channels = false;
    unsigned ports = 0, vcs = 1, flit_bits = 0;
    std::vector<StageDelay> stages;  ///< in pipeline order

    /// A router that does every stage in one clock (as the RTL does): the stages' latencies one
    /// after the other. Each overhead overlaps the stages after it (an arbiter's state is
    /// updated while the flit crosses the crossbar), so none is added.
    double single_cycle_tau() const;
    double single_cycle_fo4() const { return single_cycle_tau() / kTauPerFo4; }
};

/// ConfigError for fewer than 2 ports, 0 VCs or 0 flit bits.
RouterDelayModel peh_dally_router(unsigned ports, unsigned vcs, unsigned flit_bits);

/// What the model needs of an RTL configuration: its ports, VCs and flit width, from its
/// parameters and the top module's defaults (rtl/wc_router.sv, rtl/wc_min_switch.sv).
struct RouterShape {
    unsigned inputs = 0, outputs = 0, vcs = 1, flit_bits = 0;
    /// The model's p: the larger side (the model's crossbar and allocators are p x p).
    unsigned ports() const { return inputs > outputs ? inputs : outputs; }
};
/// ConfigError for a top module it does not know.
RouterShape router_shape(const RtlConfig& config);

/// The FO4 delay of the library at `liberty` in picoseconds, measured with OpenSTA: `inverter`
/// driving four copies of itself and driven by one, the mean of its rise and fall arc delays.
/// Measured once per library path and inverter in a process. ConfigError when OpenSTA (`sta`)
/// is missing or the library has no such cell (naming `field`); ModelError when OpenSTA fails.
double measure_fo4_ps(const std::string& liberty, const std::string& field = "--liberty",
                      const std::string& inverter = "INVX1");

}  // namespace wormcast::rtl
