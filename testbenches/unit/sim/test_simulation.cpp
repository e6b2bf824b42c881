// The library's way to run a network (testbenches/sim/Simulation.hpp, docs/library.md): a
// scenario from YAML text or from C++ structs of any family, the network run in phases with its
// NICs' TLM sockets bound to the caller's own host, and the same results run_network gives.
#include <catch2/catch.hpp>

#include <map>

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
