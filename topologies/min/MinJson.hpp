// JSON of the MIN plans and groupings for `wormcast plan` and `wormcast groups` (pure C++),
// in the exact shapes the issue specifies. Varavithya & Mohapatra §3 (Fig. 9), §4.
#pragma once

#include <nlohmann/json.hpp>

#include "topologies/min/AtbmPlan.hpp"
#include "topologies/min/SoftwareMinMulticast.hpp"
#include "topologies/min/SwitchGrouping.hpp"

namespace wormcast::min {

/// {"turnaround_stage":T|null,"bitstring":"...","hops":[{"stage":j,"row":i,
///  "direction":"uni"|"forward"|"turn"|"backward","in_port":p,"out_ports":[...],"tree_op":b},...]}
nlohmann::ordered_json atbm_plan_json(const AtbmPlan& plan);

/// {"sends":[{"step":s,"from":f,"kind":"unicast","to":[d]},...]}
nlohmann::ordered_json software_plan_json(const SoftwareMulticastPlan& plan);

/// {"switches":[{"stage":j,"row":i,"kstage":k,"group":g|null,"group_size":s},...]}
/// (group_size 0 for a switch in no group).
nlohmann::ordered_json groups_json(const SwitchGrouping& grouping);

}  // namespace wormcast::min
