// JSON rendering of ATBM plans, software plans and switch groups (see MinJson.hpp).
// Keys keep the order the issue lists them in (nlohmann::ordered_json).
#include "topologies/min/MinJson.hpp"

#include <nlohmann/json.hpp>

namespace wormcast::min {

nlohmann::ordered_json atbm_plan_json(const AtbmPlan& plan) {
    nlohmann::ordered_json out;
    out["turnaround_stage"] = plan.turnaround_stage ? nlohmann::ordered_json(*plan.turnaround_stage)
                                                    : nlohmann::ordered_json(nullptr);
    out["bitstring"] = plan.bitstring;
    out["hops"] = nlohmann::ordered_json::array();
    for (const AtbmHop& hop : plan.hops) {
        nlohmann::ordered_json entry;
        entry["stage"] = hop.switch_id.stage;
        entry["row"] = hop.switch_id.row;
        entry["direction"] = to_string(hop.direction);
        entry["in_port"] = hop.in_port;
        entry["out_ports"] = hop.out_ports;
        entry["tree_op"] = hop.tree_op;
        out["hops"].push_back(std::move(entry));
    }
    return out;
}

nlohmann::ordered_json software_plan_json(const SoftwareMulticastPlan& plan) {
    nlohmann::ordered_json out;
    out["sends"] = nlohmann::ordered_json::array();
    for (const UnicastSend& send : plan.sends) {
        nlohmann::ordered_json entry;
        entry["step"] = send.step;
        entry["from"] = send.from;
        entry["kind"] = "unicast";
        entry["to"] = nlohmann::ordered_json::array({send.to});
        out["sends"].push_back(std::move(entry));
    }
    return out;
}

nlohmann::ordered_json groups_json(const SwitchGrouping& grouping) {
    nlohmann::ordered_json out;
    out["switches"] = nlohmann::ordered_json::array();
    for (const GroupedSwitch& entry : grouping.switches()) {
        nlohmann::ordered_json item;
        item["stage"] = entry.switch_id.stage;
        item["row"] = entry.switch_id.row;
        item["kstage"] = entry.kstage;
        item["group"] =
            entry.group ? nlohmann::ordered_json(*entry.group) : nlohmann::ordered_json(nullptr);
        item["group_size"] = entry.group_size;
        out["switches"].push_back(std::move(item));
    }
    return out;
}

}  // namespace wormcast::min
