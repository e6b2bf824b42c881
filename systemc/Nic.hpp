// Network interface (DESIGN.md §5): start-up and receive overheads, injection and consumption
// channels, segmentation into flits and reassembly with checks, firmware for multi-phase
// multicast, a TLM-2.0 socket for hosts. One process; sleeps through start-ups (§7).
#pragma once

#include <deque>
#include <functional>
#include <memory>
#include <vector>

#include <tlm_utils/simple_initiator_socket.h>
#include <systemc>
#include <tlm>

#include "systemc/ActivityMonitor.hpp"
#include "systemc/BlockingTargetSocket.hpp"
#include "systemc/ChannelWires.hpp"
#include "systemc/CycleTimer.hpp"
#include "systemc/Flit.hpp"
#include "systemc/HostInterface.hpp"
#include "systemc/LinkWires.hpp"
#include "systemc/pure/CreditCounter.hpp"
#include "systemc/pure/DeliveryLedger.hpp"
#include "systemc/pure/Firmware.hpp"
#include "systemc/pure/Header.hpp"

namespace wormcast {

struct NicConfig {
    NodeId node = 0;
    std::uint32_t nodes = 1;  ///< NICs in the network (message ids are per node)
    unsigned injection_channels = 1;
    unsigned consumption_channels = 1;
    unsigned vcs = 1;           ///< VCs of the router's injection ports
    unsigned buffer_depth = 4;  ///< router input buffer depth (initial credits)
    unsigned t_startup = 0;     ///< send start-up t_s, cycles
    unsigned t_receive = 0;     ///< receive overhead, cycles
    unsigned t_inj = 1;         ///< injection channel latency (NIC -> router), cycles
    unsigned t_cons = 1;        ///< consumption credit latency (NIC -> router), cycles
    HeaderFormat header_format;
    bool always_clocked = false;
    /// All-port NIC: the injection channel a send leaves on (that of its first hop), each
    /// channel with its own send engine serving its sends in issue order, so sends in different
    /// directions start up and inject in parallel. Empty: one-port, one send engine (round robin
    /// across multicasts) whose sends take any free channel.
    std::function<unsigned(const Header&)> injection_channel;
};

struct NicStats {
    std::uint64_t startups = 0;
    std::uint64_t flits_injected = 0;
    std::uint64_t flits_consumed = 0;
    std::uint64_t bubbles_dropped = 0;
    std::uint64_t messages_received = 0;
};

class Nic : public sc_core::sc_module, private Clocked {
  public:
    BlockingTargetSocket<Nic> host_in;                 ///< SendDescriptor writes from the host
    tlm_utils::simple_initiator_socket<Nic> host_out;  ///< DeliveryRecord writes to the host

    Nic(sc_core::sc_module_name name, NicConfig config, std::unique_ptr<Firmware> firmware,
        sc_core::sc_time period, DeliveryLedger* ledger, ActivityMonitor* monitor,
        Ticker* ticker = nullptr);

    /// Connects injection channel i (into the router) and consumption channel c (from it),
    /// before the simulation starts; each once.
    void bind_injection(unsigned i, const ChannelOut& channel);
    void bind_consumption(unsigned c, const ChannelIn& channel);

    const NicConfig& config() const { return config_; }
    const NicStats& stats() const { return stats_; }
    /// Nothing queued, starting, injecting or awaiting delivery.
    bool quiescent() const;
    /// For observers outside the NIC (the kernel-floor benchmark): notified when a sleep decided
    /// on the ticker's edge is armed (CycleTimer::arm_event), and when the host submits a request.
    const sc_core::sc_event& sleep_armed_event() const { return timer_.arm_event(); }
    const sc_core::sc_event& submit_event() const { return submit_event_; }

  private:
    SC_HAS_PROCESS(Nic);
    void end_of_elaboration() override;
    void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
    void cycle();                      ///< the process: a cycle of its own, or a wake-up
    void on_edge(Cycle now) override;  ///< a cycle run on the ticker's edge
    void evaluate();

    struct PendingRequest {
        Cycle submitted;
        MulticastRequest request;
        bool measured;
    };
    struct Work {  ///< sends still to make for one multicast at this node
        std::uint32_t multicast;
        std::deque<SendOrder> orders;
    };
    /// A send engine: queued work, the start-up in progress, messages waiting for a channel.
    /// One-port: one lane for every channel, round robin across multicasts; all-port: one lane
    /// per injection channel, first come first served.
    struct Lane {
        std::deque<Work> work;  ///< round robin across multicasts
        bool starting = false;
        Cycle startup_done = 0;
        MessageRecord starting_message;
        std::deque<MessageId> ready;  ///< start-up done, waiting for the injection channel
    };
    struct Outgoing {  ///< a message on an injection channel
        MessageId id = 0;
        std::vector<FlitWord> header;
        std::uint32_t length = 0;
        std::uint32_t sent = 0;  ///< flits sent so far
        VcId vc = 0;
        bool active = false;
    };
    struct Incoming {  ///< a worm being reassembled on one consumption channel and VC
        bool active = false;
        MessageId id = 0;
        std::vector<FlitWord> header;
        std::uint32_t header_flits = 0;
        std::uint32_t payload = 0;
    };
    struct Due {
        Cycle at;
        MessageId message;
    };

    // Stages of one cycle.
    void consume(Cycle now);
    void boot(Cycle now);
    void accept_requests(Cycle now);
    void run_startup(Lane& lane, Cycle now);
    /// Ends a finished start-up and begins the next queued send; true if one began.
    bool start_next_send(Lane& lane, Cycle now);
    void inject(Cycle now);
    void deliver(Cycle now);
    void drive(Cycle now);
    void enqueue_work(std::uint32_t multicast, std::vector<SendOrder> orders);
    void reset();
    Cycle next_timed_event(Cycle now) const;
    bool busy_next_cycle() const;

    NicConfig config_;
    std::unique_ptr<Firmware> firmware_;
    CycleTimer timer_;
    DeliveryLedger* ledger_;
    ActivityMonitor* monitor_;
    NicStats stats_;

    Lane& lane_of_channel(unsigned channel) { return lanes_[lanes_.size() == 1 ? 0 : channel]; }
    const Lane& lane_of_channel(unsigned channel) const {
        return lanes_[lanes_.size() == 1 ? 0 : channel];
    }

    std::vector<PendingRequest> submitted_;
    std::vector<Lane> lanes_;
    std::vector<Outgoing> outgoing_;
    std::vector<std::vector<CreditCounter>> inj_credits_;
    std::vector<std::vector<Incoming>> incoming_;
    std::deque<Due> deliveries_;
    // Per-node counters: ids are sequence * nodes + node. Separate, because host writes and the
    // NIC's own process may come in either order within a cycle.
    std::uint32_t next_multicast_ = 0;
    std::uint32_t next_message_ = 0;
    unsigned next_vc_ = 0;

    // Output registers: injection pipelines (t_inj) and consumption credit pipelines (t_cons).
    std::vector<std::vector<std::pair<bool, Flit>>> inj_pipeline_;
    std::vector<std::vector<std::uint32_t>> credit_pipeline_;
    std::vector<ChannelOut> inj_;  ///< injection channels, as bound
    std::vector<ChannelIn> cons_;  ///< consumption channels
    // What each active cycle reads and writes on them without a virtual call (end_of_elaboration):
    // the current values of the wires read in place, writers of the flit and credit wires.
    std::vector<const bool*> cons_valid_value_;
    std::vector<const Flit*> cons_flit_value_;
    std::vector<const std::uint32_t*> inj_credit_value_;
    std::vector<WireWriter<Flit>> inj_flit_writer_;
    std::vector<WireWriter<std::uint32_t>> cons_credit_writer_;
    std::vector<bool> driven_valid_;
    std::vector<std::uint32_t> driven_credit_;
    unsigned in_flight_ = 0;
    bool saw_input_ = false;  ///< a flit or a credit was read this cycle
    sc_core::sc_event submit_event_;
    sc_core::sc_event_or_list wake_;  ///< what a sleep waits on (wake_events)
    const sc_core::sc_event_or_list& wake_events();
};

}  // namespace wormcast
