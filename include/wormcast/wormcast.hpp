// wormcast as a library (docs/library.md): build a network from a scenario file, YAML text or C++
// structs, reach each node's TLM-2.0 sockets, run it, read its results; put a memory-mapped
// TLM-2.0 interconnect on it. Include as <wormcast/wormcast.hpp>; link wormcast::wormcast.
#pragma once

#include "systemc/HostInterface.hpp"   // SendDescriptor, DeliveryRecord: what NIC sockets carry
#include "systemc/Network.hpp"         // Network: routers, NICs (Nic::host_in, Nic::host_out)
#include "systemc/NetworkParams.hpp"   // NetworkParams: every parameter, declared once
#include "systemc/tlm/AddressMap.hpp"  // tlm_net::AddressMap, AddressRange
#include "systemc/tlm/MulticastExtension.hpp"  // tlm_net::MulticastExtension
#include "systemc/tlm/TlmInterconnect.hpp"     // tlm_net::TlmInterconnect
#include "testbenches/sim/Results.hpp"         // sim::to_json, sim::print_summary
#include "testbenches/sim/Runner.hpp"          // sim::run_network, sim::RunOptions, sim::RunResult
#include "testbenches/sim/Scenario.hpp"        // sim::Scenario, load_scenario, parse_scenario_text
#include "testbenches/sim/Simulation.hpp"      // sim::Simulation
#include "topologies/TopologyFamily.hpp"       // parse_topology, Topology
