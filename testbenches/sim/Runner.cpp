// Simulation point runner (see Runner.hpp): a Simulation (Simulation.hpp) with traffic hosts.
#include "testbenches/sim/Runner.hpp"

#include "testbenches/sim/Simulation.hpp"

namespace wormcast::sim {

RunResult run_network(NetworkSpec spec, const NetworkParams& params, SendPlan sends,
                      const RunOptions& options) {
    Simulation simulation(std::move(spec), params, options);
    simulation.attach_traffic(std::move(sends));
    simulation.run_traffic();
    return simulation.finish();
}

}  // namespace wormcast::sim
