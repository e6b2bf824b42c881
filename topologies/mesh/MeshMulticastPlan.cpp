// Plan of one mesh multicast (see MeshMulticastPlan.hpp).
// Kesavan & Panda §2-§4; derived by running the NIC firmware in the start-up-only step model.
#include "topologies/mesh/MeshMulticastPlan.hpp"

#include <fmt/format.h>

#include "systemc/pure/StartupStepModel.hpp"
#include "topologies/mesh/MeshMulticastFirmware.hpp"

namespace wormcast::mesh {

const char* to_string(PlanSendKind kind) {
    return kind == PlanSendKind::Unicast ? "unicast" : "multidest";
}

std::vector<NodeId> ecube_worm_path(const MeshShape& shape, NodeId from,
                                    const std::vector<NodeId>& destinations) {
    std::vector<NodeId> path{from};
    NodeId here = from;
    for (NodeId destination : destinations) {
        const std::vector<NodeId> leg = shape.ecube_path(here, destination);
        path.insert(path.end(), leg.begin() + 1, leg.end());
        here = destination;
    }
    return path;
}

MeshMulticastPlan plan_mesh_multicast(const MeshMulticastConfig& config, NodeId source,
                                      const std::vector<NodeId>& destinations) {
    config.validate();
    if (source >= config.shape.nodes())
        throw ConfigError(fmt::format("source: node {} is outside the {} nodes of {}", source,
                                      config.shape.nodes(), config.shape.name()));
    MeshMulticastPlan plan;
    plan.config = config;
    plan.source = source;
    plan.destinations = destinations;

    MulticastRequest request;
    request.multicast = 0;
    request.source = source;
    request.destinations = destinations;
    StartupStepModel model(config.shape.nodes(), [&config](NodeId) {
        return std::make_unique<MeshMulticastFirmware>(config);
    });
    StepModelResult run = model.run({request});
    plan.steps = run.steps;
    for (StepModelSend& sent : run.sends) {
        PlanSend send;
        send.step = sent.step;
        send.from = sent.from;
        send.kind = sent.order.header.kind == HeaderKind::DestList ? PlanSendKind::Multidest
                                                                   : PlanSendKind::Unicast;
        send.to = sent.order.header.destinations;
        send.path = ecube_worm_path(config.shape, send.from, send.to);
        send.level = sent.order.level;
        plan.sends.push_back(std::move(send));
    }
    return plan;
}

}  // namespace wormcast::mesh
