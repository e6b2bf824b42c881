// The library's way to run a network (testbenches/sim/Simulation.hpp, docs/library.md): a
// scenario from YAML text or from C++ structs of any family, the network run in phases with its
// NICs' TLM sockets bound to the caller's own host, and the same results run_network gives.
#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <unistd.h>

#include <fmt/format.h>

#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "systemc/HostInterface.hpp"
#include "systemc/Network.hpp"
#include "testbenches/sim/Results.hpp"
#include "testbenches/sim/Runner.hpp"
#include "testbenches/sim/Scenario.hpp"
#include "testbenches/sim/Simulation.hpp"

using namespace wormcast;

namespace {

const char* const kDemo = R"(
clock_ns: 5
network: {topology: mesh, size: 4x4}
router: {vcs: 1, buffer_depth: 4, t_node: 20ns, t_sw: 5ns, t_phy: 5ns}
traffic: {kind: uniform, load: 0.1, length: 16, warmup: 200, measure: 800}
run: {seed: 3}
)";

/// The results JSON without its wall-clock figures.
nlohmann::json comparable(const sim::RunResult& r, const NetworkParams& p) {
    nlohmann::json j = sim::to_json(r, p);
    j.erase("wall_seconds");
    j.erase("router_cycles_per_second");
    return j;
}

/// A host of the caller's own: sends one multicast at cycle 10 and keeps what the NIC delivers.
class OneShotHost : public sc_core::sc_module {
  public:
    tlm_utils::simple_initiator_socket<OneShotHost> to_nic;
    tlm_utils::simple_target_socket<OneShotHost> from_nic;
    std::vector<DeliveryRecord> delivered;
    SC_HAS_PROCESS(OneShotHost);
    OneShotHost(sc_core::sc_module_name name, std::vector<NodeId> destinations,
                sc_core::sc_time clock)
        : sc_module(name),
          to_nic("to_nic"),
          from_nic("from_nic"),
          destinations_(std::move(destinations)),
          clock_(clock) {
        from_nic.register_b_transport(this, &OneShotHost::deliver);
        if (!destinations_.empty()) SC_THREAD(send);
    }

  private:
    void send() {
        wait(clock_ * 10.0);
        SendDescriptor d;
        d.destinations = destinations_;
        d.length = 6;
        tlm::tlm_generic_payload gp;
        tlm_write(gp, d);
        sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
        to_nic->b_transport(gp, delay);
        REQUIRE(gp.is_response_ok());
    }
    void deliver(tlm::tlm_generic_payload& gp, sc_core::sc_time&) {
        delivered.push_back(*tlm_object<DeliveryRecord>(gp));
    }
    std::vector<NodeId> destinations_;
    sc_core::sc_time clock_;
};

}  // namespace

TEST_CASE("Simulation in phases gives run_network's results (the same JSON as `run --json`)",
          "[simulation]") {
    const sim::Scenario s = sim::parse_scenario_text(kDemo, {"traffic.multicast_ratio=0.2"});
    const sim::RunResult once = sim::run_network(s.network(), s.params, s.send_plan(), s.run);
    sim::Simulation simulation(s);
    simulation.attach_traffic(s.send_plan());
    simulation.run_traffic();
    const sim::RunResult phases = simulation.finish();
    REQUIRE(once.ok());
    REQUIRE(once.traffic.completed > 50);
    REQUIRE(comparable(once, s.params) == comparable(phases, s.params));
    REQUIRE_THROWS_WITH(simulation.run_for(1), Catch::Contains("after finish()"));
}

TEST_CASE("Scenarios from C++ structs of each family run with their hardware multicast",
          "[simulation]") {
    struct Case {
        const char* topology;
        const char* multicast;
        bool tree_worms, path_worms;
    };
    for (const Case& c :
         {Case{"mesh:4x4", "schl", false, true}, Case{"min-bi:b=4,n=2", "atbm", true, false},
          Case{"star:4", "multipath", false, true}}) {
        INFO(c.topology);
        sim::Scenario s = sim::scenario_for(parse_topology(c.topology, "topology"));
        s.params.tree_worms = c.tree_worms;
        s.params.path_worms = c.path_worms;
        s.params.consumption_channels = 4;
        s.multicast = c.multicast;
        s.check();
        s.uniform.load = 0.02;
        s.uniform.length = 8;
        s.uniform.worm_flits = 10;
        s.uniform.multicast_ratio = 0.2;
        s.uniform.multicast_min = 2;
        s.uniform.multicast_max = 6;
        s.uniform.measure = 1500;
        s.run.measure = 1500;
        sim::Simulation simulation(s);
        simulation.attach_traffic(s.send_plan());
        simulation.run_traffic();
        const sim::RunResult r = simulation.finish();
        REQUIRE(r.ok());
        REQUIRE(r.multicast_latency.count > 0);
    }
    sim::Scenario bad = sim::scenario_for(parse_topology("mesh:4x4", "topology"));
    bad.multicast = "atbm";  // a MIN scheme
    REQUIRE_THROWS_WITH(bad.check(), Catch::Contains("nic.multicast"));
    REQUIRE_THROWS_WITH(sim::parse_scenario_text("network: {topology: mesh, size: 4x4}\nrouter: "
                                                 "{vcs: 0}\n",
                                                 {}, "text.yaml"),
                        Catch::Contains("router.vcs"));
}

TEST_CASE("A Simulation's NIC sockets carry the caller's own sends and deliveries",
          "[simulation][threads]") {
    sim::Scenario s = sim::parse_scenario_text(kDemo, {});
    s.run.warmup = s.run.measure = 0;
    sim::Simulation simulation(s);
    std::vector<OneShotHost*> hosts;
    for (NodeId n = 0; n < simulation.nodes(); ++n) {
        hosts.push_back(new OneShotHost(
            fmt::format("host{}", n).c_str(),
            n == 5 ? std::vector<NodeId>{0, 10, 15} : std::vector<NodeId>{}, simulation.clock()));
        hosts.back()->to_nic.bind(simulation.nic(n).host_in);
        simulation.nic(n).host_out.bind(hosts.back()->from_nic);
    }
    simulation.run_for(100);
    REQUIRE(simulation.drain(10000));
    const sim::RunResult r = simulation.finish();
    REQUIRE(r.ok());
    for (NodeId n = 0; n < simulation.nodes(); ++n) {
        const bool destination = n == 0 || n == 10 || n == 15;
        REQUIRE(hosts[n]->delivered.size() == (destination ? 1u : 0u));
        if (destination) REQUIRE(hosts[n]->delivered[0].source == 5);
    }
    REQUIRE(r.traffic.completed == 1);
    REQUIRE(r.offered_flits_per_node_cycle > 0);  // the caller's send counts as offered
}

namespace {

/// A wall clock of the test's own: 1024 simulated cycles of kDemo's 5 ns clock take a second, on
/// any machine (1024 keeps the sums of seconds exact).
double fake_wall_clock() {
    return sc_core::sc_time_stamp() / sc_core::sc_time(5, sc_core::SC_NS) / 1024.0;
}

}  // namespace

TEST_CASE("The run's speed is measured on RunOptions::wall_clock", "[simulation][progress]") {
    sim::Scenario s = sim::parse_scenario_text(kDemo, {});
    s.run.wall_clock = fake_wall_clock;
    std::vector<sim::RunProgress> seen;
    s.run.progress = [&seen](const sim::RunProgress& p) { seen.push_back(p); };
    const sim::RunResult r = sim::run_network(s.network(), s.params, s.send_plan(), s.run);
    REQUIRE(r.ok());
    REQUIRE(r.wall_seconds == static_cast<double>(r.cycles) / 1024.0);
    REQUIRE(seen.size() >= 2);
    // The first slice of the traffic: 1000 cycles at 1024 cycles/s, 0 s to the window's end.
    CHECK(seen.front().cycle == 1000);
    CHECK(seen.front().cycles_per_second() == 1024.0);
    CHECK(seen.front().line() ==
          "cycle 1000/1000 (measuring) | " + std::to_string(seen.front().delivered) +
              " delivered | 1.02e+03 cycles/s | measured window ends in 0:00:00");
    CHECK(seen.back().final);
    CHECK(seen.back().cycle == r.cycles);
}

TEST_CASE("A run whose traffic would outlast run.max_hours stops with the estimate",
          "[simulation][progress]") {
    // 2^40 cycles of traffic at 1024 cycles/s: about 3e5 hours, judged after the first slice
    // (1000 cycles, 0.98 s, past the half second of start-up the budget waits for).
    sim::Scenario s =
        sim::parse_scenario_text(kDemo, {"traffic.measure=1099511627776", "run.max_hours=1"});
    s.run.wall_clock = fake_wall_clock;
    const std::string vcd =
        (std::filesystem::temp_directory_path() / fmt::format("wormcast-budget-{}", ::getpid()))
            .string();
    s.run.vcd_path = vcd;
    REQUIRE_THROWS_MATCHES(
        sim::run_network(s.network(), s.params, s.send_plan(), s.run), ConfigError,
        Catch::Message("run.max_hours: at the speed measured over the first 1.0 s (1.02e+03 "
                       "cycles/s, 1000 of 1099511627976 cycles of traffic.warmup + "
                       "traffic.measure), the rest would take about 2.98e+05 hours, more than "
                       "run.max_hours (1); stopped. Set run.max_hours higher to run it anyway, or "
                       "shorten the traffic"));
    // No waveform is left that looks complete, nor the partial one.
    const auto dir = std::filesystem::temp_directory_path();
    for (const auto& entry : std::filesystem::directory_iterator(dir))
        CHECK(entry.path().filename().string().rfind(std::filesystem::path(vcd).filename().string(),
                                                     0) != 0);
    // 10,200 cycles: after the first slice, 9200 cycles left take 9.0 s, 0.0025 hours.
    sim::Scenario fits = sim::parse_scenario_text(kDemo, {"traffic.measure=10000"});
    fits.run.wall_clock = fake_wall_clock;
    fits.run.max_hours = 0.003;
    REQUIRE(sim::run_network(fits.network(), fits.params, fits.send_plan(), fits.run).ok());
    fits.run.max_hours = 0.002;
    REQUIRE_THROWS_WITH(sim::run_network(fits.network(), fits.params, fits.send_plan(), fits.run),
                        Catch::Contains("about 0.0025 hours, more than run.max_hours (0.002)"));
}

TEST_CASE("The cycle budget is judged from the speed after the start-up",
          "[simulation][progress]") {
    sim::RunProgress p;
    p.cycle = 1000;
    p.warmup = 500;
    p.traffic_end = 3'601'000;
    p.wall_seconds = 1.0;  // 1000 cycles/s: 3600 s, one hour, left
    CHECK_NOTHROW(sim::check_run_budget(p, 1.0));
    CHECK_THROWS_WITH(sim::check_run_budget(p, 0.99), Catch::Contains("about 1 hours"));
    p.wall_seconds = 0.4;  // the start-up: not judged yet
    CHECK_NOTHROW(sim::check_run_budget(p, 1e-9));
    p.wall_seconds = 1.0;
    p.cycle = p.traffic_end;  // past the traffic: nothing left to judge
    CHECK_NOTHROW(sim::check_run_budget(p, 1e-9));
    p.cycle = 12000;
    p.traffic_end = 40000;
    p.wall_seconds = 6;  // 2000 cycles/s, 14 s left
    CHECK(p.line() ==
          "cycle 12000/40000 (measuring) | 0 delivered | 2e+03 cycles/s | measured window ends "
          "in 0:00:14");
    p.cycle = 100;
    CHECK(p.line().find("(warm-up)") != std::string::npos);
    p.wall_seconds = 0;
    CHECK(p.line().find("measured window ends in ?") != std::string::npos);
}
