// Reference for testbenches/cosim/route_dtag_tb.sv: the unicast routing decisions of every switch
// of a MIN by the SystemC model's routing functions (UniMinRouting / BiMinRouting), for every
// input port and every destination value of a NODE_BITS-wide header field, in the testbench's
// line format. Usage: min_route_ref BI B STAGES CONSUMPTION
#include <cstdio>
#include <cstdlib>
#include <exception>

#include "topologies/min/MinReachTable.hpp"
#include "topologies/min/MinRoutingConfig.hpp"
#include "topologies/min/MinWiring.hpp"

using namespace wormcast;
using namespace wormcast::min;

int main(int argc, char** argv) {
    if (argc != 5) {
        std::fprintf(stderr, "usage: %s BI B STAGES CONSUMPTION\n", argv[0]);
        return 2;
    }
    try {
        MinShape shape;
        shape.kind = std::atoi(argv[1]) != 0 ? MinKind::Bidirectional : MinKind::Unidirectional;
        shape.radix = static_cast<std::uint32_t>(std::atoi(argv[2]));
        shape.stages = static_cast<std::uint32_t>(std::atoi(argv[3]));
        MinRoutingConfig config;
        config.consumption_channels = static_cast<std::uint32_t>(std::atoi(argv[4]));
        config.network_vc_mask = 1;  // as the testbench: VC 0 between switches
        config.node_vc_mask = 2;     // VC 1 towards nodes
        const MinWiring wiring(shape);
        const MinReachTable table(wiring);
        const std::uint32_t nodes = shape.nodes();
        const unsigned node_bits = nodes > 2 ? bits_for(nodes) : 1;
        for (std::uint32_t j = 0; j < shape.stages; ++j)
            for (std::uint32_t i = 0; i < shape.rows(); ++i) {
                const auto routing = make_min_routing(wiring, table, SwitchId{j, i}, config);
                for (PortId p = 0; p < shape.switch_ports(); ++p)
                    for (std::uint32_t d = 0; d < (1u << node_bits); ++d) {
                        const Header header = Header::unicast(d);
                        RouteQuery query;
                        query.in_port = p;
                        query.header = &header;
                        try {
                            const RouteDecision decision = routing->route(query);
                            std::printf("%u %u %u %u %u %u 0\n", j, i, p, d,
                                        static_cast<unsigned>(decision.branches.at(0).port),
                                        decision.branches[0].vc_mask);
                        } catch (const ModelError&) {
                            std::printf("%u %u %u %u E\n", j, i, p, d);
                        }
                    }
            }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "min_route_ref: %s\n", e.what());
        return 2;
    }
    return 0;
}
