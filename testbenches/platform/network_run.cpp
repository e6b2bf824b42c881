// The smallest use of wormcast as a library (docs/library.md): a network from YAML text, run with
// the scenario's own traffic as `wormcast run` would, then its results as `run --json` writes
// them. Built against the installed package by find_package and by pkg-config
// (ci/install-check.sh).
#include <iostream>

#include <wormcast/wormcast.hpp>

int sc_main(int, char**) {
    using namespace wormcast;
    const sim::Scenario scenario = sim::parse_scenario_text(R"(
        network: {topology: mesh, size: 4x4}
        router: {vcs: 1, buffer_depth: 4, t_node: 4, t_sw: 1, t_phy: 1}
        traffic: {kind: uniform, load: 0.05, length: 8, warmup: 200, measure: 1000}
        run: {seed: 7}
    )",
                                                            {});
    sim::Simulation simulation(scenario);
    simulation.attach_traffic(scenario.send_plan());
    simulation.run_traffic();
    const sim::RunResult result = simulation.finish();
    std::cout << sim::to_json(result, scenario.params).dump(2) << "\n";
    return result.ok() ? 0 : 3;
}
