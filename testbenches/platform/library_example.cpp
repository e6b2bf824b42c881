// The complete example of docs/library.md: a processor at node 0 of a 4x4 mesh writes a line to
// the memory at node 5, broadcasts one to the memories at nodes 5 and 10, reads the first back.
#include <algorithm>
#include <iostream>
#include <vector>

#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>
#include <wormcast/wormcast.hpp>

using namespace wormcast;

struct Ram : sc_core::sc_module {  // 4 KiB, 10 ns an access
    tlm_utils::simple_target_socket<Ram> socket{"socket"};
    std::vector<unsigned char> bytes = std::vector<unsigned char>(4096);
    explicit Ram(sc_core::sc_module_name name) : sc_module(name) {
        socket.register_b_transport(this, &Ram::access);
    }
    void access(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
        unsigned char* cell = &bytes.at(gp.get_address());
        if (gp.is_write())
            std::copy_n(gp.get_data_ptr(), gp.get_data_length(), cell);
        else
            std::copy_n(cell, gp.get_data_length(), gp.get_data_ptr());
        gp.set_response_status(tlm::TLM_OK_RESPONSE);
        delay += sc_core::sc_time(10, sc_core::SC_NS);
    }
};

struct Cpu : sc_core::sc_module {
    tlm_utils::simple_initiator_socket<Cpu> socket{"socket"};
    SC_HAS_PROCESS(Cpu);
    explicit Cpu(sc_core::sc_module_name name) : sc_module(name) { SC_THREAD(run); }
    tlm::tlm_response_status access(tlm::tlm_command command, std::uint64_t address,
                                    std::vector<unsigned char>& data,
                                    tlm_net::MulticastExtension* multicast = nullptr) {
        tlm::tlm_generic_payload gp;
        gp.set_command(command);
        gp.set_address(address);
        gp.set_data_ptr(data.data());
        gp.set_data_length(data.size());
        gp.set_streaming_width(data.size());
        if (multicast) gp.set_extension(multicast);
        sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
        socket->b_transport(gp, delay);  // returns when the response worm has arrived
        if (multicast) gp.clear_extension(multicast);
        return gp.get_response_status();
    }
    void run() {
        std::vector<unsigned char> line(32, 0xab), back(32);
        const sc_core::sc_time start = sc_core::sc_time_stamp();
        access(tlm::TLM_WRITE_COMMAND, 0x40, line);
        tlm_net::MulticastExtension both({5, 10});  // one multicast worm to nodes 5 and 10
        access(tlm::TLM_WRITE_COMMAND, 0x80, line, &both);
        access(tlm::TLM_READ_COMMAND, 0x40, back);
        std::cout << "three accesses took " << sc_core::sc_time_stamp() - start
                  << (back == line ? ", data read back" : ", DATA DIFFER") << "\n";
    }
};

int sc_main(int, char**) {
    const char* const yaml = R"(
        clock_ns: 5
        network: {topology: mesh, size: 4x4}
        router: {vcs: 1, buffer_depth: 4, t_node: 20ns, t_node_multidest: 20ns, t_sw: 5ns,
                 t_phy: 5ns, path_worms: true}
        nic: {consumption_channels: 4, t_inj: 5ns, t_cons: 5ns, multicast: schl}
    )";
    sim::Scenario scenario = sim::parse_scenario_text(yaml, {});
    scenario.run.warmup = scenario.run.measure = 0;  // results over the whole run
    sim::Simulation simulation(scenario);
    tlm_net::AddressMap map;
    map.add({0x0000, 0x1000, /*node=*/5, 0});
    map.add({0x1000, 0x1000, /*node=*/10, 0});
    auto* interconnect = new tlm_net::TlmInterconnect("tlm", simulation.network(), map);
    auto* ram5 = new Ram("ram5");
    auto* ram10 = new Ram("ram10");
    auto* cpu = new Cpu("cpu");
    interconnect->initiator_socket(5).bind(ram5->socket);
    interconnect->initiator_socket(10).bind(ram10->socket);
    cpu->socket.bind(interconnect->target_socket(0));
    simulation.run_for(2000);
    const sim::RunResult result = simulation.finish();
    sim::print_summary(std::cout, result, scenario.params);
    return result.ok() ? 0 : 1;
}
