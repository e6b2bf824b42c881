// One network in a fresh SystemC kernel, run in phases: built, its NICs' TLM sockets bound (to
// the traffic hosts of a SendPlan, or to the caller's own modules), run, drained, and its results
// collected. run_network (Runner.hpp) is the traffic-host case; a virtual platform binds its own.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <systemc>

#include "systemc/NetworkSpec.hpp"
#include "systemc/pure/Statistics.hpp"
#include "testbenches/sim/Runner.hpp"
#include "testbenches/sim/Scenario.hpp"
#include "testbenches/traffic/TrafficSchedule.hpp"

namespace wormcast {
class Network;
class Nic;
class TrafficHost;
class MessageTraceLog;
namespace rtl {
class RtlWaves;
class RtlActivity;
}  // namespace rtl
}  // namespace wormcast

namespace wormcast::sim {

class Simulation {
  public:
    /// Makes a fresh SystemC kernel current and elaborates the network of `spec` in it (module
    /// "net"), with the faults, message trace and waveform of `options`. The kernel's modules
    /// live as long as the process (SystemC cannot tear a context down piecemeal).
    Simulation(NetworkSpec spec, const NetworkParams& params, RunOptions options);
    /// The network of a scenario (Scenario::network: its topology, nic.multicast firmware and RTL
    /// routers) with its parameters and run options. Its traffic is left out: attach_traffic
    /// (scenario.send_plan()) runs it as `wormcast run` does.
    explicit Simulation(const Scenario& scenario);
    Simulation(const Simulation&) = delete;
    Simulation& operator=(const Simulation&) = delete;
    ~Simulation();

    Network& network() { return *network_; }
    std::uint32_t nodes() const;
    sc_core::sc_time clock() const { return clock_; }
    /// Cycles simulated so far.
    Cycle now() const;
    /// Node n's NIC: its TLM sockets host_in (SendDescriptor writes) and host_out (DeliveryRecord
    /// writes), systemc/HostInterface.hpp.
    Nic& nic(NodeId n);

    /// Binds a TrafficHost fed from `sends` to every NIC (what `wormcast run` does). At most once,
    /// before the first run_for.
    void attach_traffic(SendPlan sends);
    /// Runs `cycles` more cycles; rethrows an error a process raised.
    void run_for(Cycle cycles);
    /// The traffic hosts' run: to the end of the traffic (RunOptions::warmup + measure, or the
    /// last send), the saturation verdict, then drained (at most RunOptions::drain_limit cycles).
    /// The traffic phases run in slices of about a tenth of a second of wall time each (the
    /// slices change no result), reporting RunOptions::progress and judging RunOptions::max_hours
    /// after each.
    void run_traffic();
    /// Runs until every message is delivered, every NIC idle and every traffic host done, or for
    /// at most `limit` cycles; true if it got there. Stops at once after a deadlock.
    bool drain(Cycle limit);
    /// Closes the waveforms and collects the results (RunResult, as `run --json` writes them).
    /// Without traffic hosts, the measured window is [warmup, warmup + measure) or, with measure
    /// 0, from warmup to now. Call once, last.
    RunResult finish();

  private:
    void fold_multicast(const MulticastRecord& mc);
    void fold_message(const MessageRecord& m);
    void check_fault();
    void start();  ///< before the first cycle: the RTL routers' waveform
    bool all_quiet() const;
    /// Where the run is, for RunOptions::progress and the cycle budget.
    RunProgress progress_at(bool draining, bool final) const;
    /// An interrupted run leaves no waveform: closes and removes the partial VCD.
    void abandon_waveform();
    /// Seconds on RunOptions::wall_clock (steady_clock without one).
    double wall_now() const;

    RunOptions options_;
    NetworkParams params_;
    RunResult result_;
    std::function<nlohmann::ordered_json(const std::vector<std::uint64_t>&)> link_metrics_;
    Network* network_ = nullptr;  ///< owned by the kernel context
    sc_core::sc_time clock_;
    std::vector<TrafficHost*> hosts_;  ///< owned by the kernel context; empty without traffic
    Cycle traffic_last_send_ = 0;
    std::vector<std::size_t> fault_index_;  ///< of each armed fault in its router's faults()
    std::unique_ptr<MessageTraceLog> message_trace_;
    std::unique_ptr<TrafficTally> tally_;
    std::optional<SaturationTally> saturation_;
    std::uint64_t offered_flits_ = 0;         ///< measured payload flits submitted (without hosts)
    std::uint64_t delivered_multicasts_ = 0;  ///< multicasts complete so far (progress lines)
    Cycle progress_end_ = 0;                  ///< end of the traffic phases (progress lines)
    sc_core::sc_trace_file* vcd_ = nullptr;
    std::string vcd_partial_, written_vcd_, fst_, rtl_vcd_, rtl_fst_;
    bool fst_only_ = false;
    std::unique_ptr<rtl::RtlWaves> rtl_waves_;
    std::unique_ptr<rtl::RtlActivity> activity_;  ///< RunOptions::rtl_activity
    double wall_seconds_ = 0;                     ///< in run_for so far
    bool started_ = false;
    bool finished_ = false;
};

}  // namespace wormcast::sim
