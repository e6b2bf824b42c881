// Broadcast schedule JSON (see ScheduleJson.hpp).
#include "topologies/broadcast/ScheduleJson.hpp"

#include <fmt/format.h>

namespace wormcast::broadcast {

std::string algorithm_name(const BroadcastSchedule& schedule) {
    if (schedule.scheme == BroadcastScheme::Atd) return fmt::format("atd:h={}", schedule.h);
    return to_string(schedule.scheme);
}

nlohmann::json schedule_json(const BroadcastSchedule& schedule) {
    const mesh::MeshShape& shape = schedule.shape;
    const bool edst = schedule.scheme == BroadcastScheme::Edst;
    nlohmann::json j;
    j["algorithm"] = algorithm_name(schedule);
    j["topology"] = shape.name();
    j["message_flits"] = schedule.message_flits;
    j["part_flits"] = schedule.part_flits;
    j["sources"] = nlohmann::json::array();
    for (NodeId s : schedule.sources) j["sources"].push_back(shape.format(s));
    j["steps"] = nlohmann::json::array();
    std::uint64_t flits = 0, worms = 0;
    for (std::size_t s = 0; s < schedule.steps.size(); ++s) {
        const ScheduleStep& step = schedule.steps[s];
        nlohmann::json sends = nlohmann::json::array();
        for (const ScheduleSend& send : step.sends) {
            nlohmann::json js = {{"from", shape.format(send.from)},
                                 {"to", shape.format(send.to)},
                                 {"messages", send.messages},
                                 {"flits", send.flits}};
            if (edst) js["part"] = send.part;
            sends.push_back(std::move(js));
        }
        j["steps"].push_back({{"phase", step.phase}, {"level", step.level}, {"sends", sends}});
        flits += schedule.max_flits(s);
        worms += step.sends.size();
    }
    j["startups"] = schedule.startups();
    j["flits"] = flits;
    j["worms"] = worms;
    if (edst) {
        j["trees"] = nlohmann::json::array();
        for (const SpanningTree& tree : schedule.trees) {
            nlohmann::json parent = nlohmann::json::object();
            for (NodeId v = 0; v < tree.parent.size(); ++v)
                if (tree.parent[v] != kNoNode)
                    parent[shape.format(v)] = shape.format(tree.parent[v]);
            j["trees"].push_back({{"root", shape.format(tree.root)}, {"parent", parent}});
        }
    }
    return j;
}

nlohmann::json atd_json(const AtdPlan& plan) {
    nlohmann::json j = schedule_json(plan.schedule);
    j["ddn_loads_aggregated"] = plan.ddn_loads_aggregated;
    j["ddn_loads_tuned"] = plan.ddn_loads_tuned;
    j["collectors"] = nlohmann::json::array();
    for (const CollectorLoad& c : plan.collectors)
        if (c.count > 0)
            j["collectors"].push_back({{"node", plan.schedule.shape.format(c.node)},
                                       {"ddn", c.ddn},
                                       {"count", c.count},
                                       {"prefix", c.prefix}});
    return j;
}

}  // namespace wormcast::broadcast
