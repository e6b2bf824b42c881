// Saturation rule (see Saturation.hpp).
#include "testbenches/sim/Saturation.hpp"

#include <fmt/format.h>

namespace wormcast::sim {

namespace {
/// Submitted before `t`, not injected before it.
bool waiting_at(const SourceRequest& r, Cycle t) {
    return r.submitted < t && r.started >= t;
}
}  // namespace

double SaturationVerdict::offered_per_node_cycle() const {
    return to > from && nodes > 0 ? static_cast<double>(offered_flits) / nodes / (to - from) : 0;
}

double SaturationVerdict::accepted_per_node_cycle() const {
    return to > from && nodes > 0 ? static_cast<double>(accepted_flits) / nodes / (to - from) : 0;
}

std::string SaturationVerdict::words() const {
    const double share =
        offered_flits > 0 ? 100.0 * static_cast<double>(accepted_flits) / offered_flits : 100.0;
    return fmt::format(
        "{}: over cycles {}-{} the sources were offered {:.4f} flits/node/cycle and accepted "
        "{:.4f} ({:.0f} %); their queues went from {} to {} flits",
        saturated ? "saturated" : "not saturated", from, to, offered_per_node_cycle(),
        accepted_per_node_cycle(), share, backlog_from, backlog_to);
}

SaturationTally::SaturationTally(std::uint32_t nodes, Cycle from, Cycle to) {
    v_.from = from;
    v_.to = to;
    v_.nodes = nodes;
}

void SaturationTally::add(const SourceRequest& r) {
    if (r.submitted >= v_.from && r.submitted < v_.to) {
        v_.offered_flits += r.length;
        ++v_.messages_offered;
    }
    if (r.started >= v_.from && r.started < v_.to) v_.accepted_flits += r.length;
    if (waiting_at(r, v_.from)) {
        v_.backlog_from += r.length;
        --waiting_growth_;
    }
    if (waiting_at(r, v_.to)) {
        v_.backlog_to += r.length;
        ++waiting_growth_;
    }
}

SaturationVerdict SaturationTally::verdict() const {
    SaturationVerdict v = v_;
    v.messages_waiting_growth =
        waiting_growth_ > 0 ? static_cast<std::uint64_t>(waiting_growth_) : 0;
    const std::uint64_t growth = v.backlog_to > v.backlog_from ? v.backlog_to - v.backlog_from : 0;
    v.saturated =
        v.to > v.from && 10 * growth > v.offered_flits && v.messages_waiting_growth > v.nodes;
    return v;
}

SaturationVerdict judge_saturation(const std::vector<SourceRequest>& requests, std::uint32_t nodes,
                                   Cycle from, Cycle to) {
    SaturationTally tally(nodes, from, to);
    for (const SourceRequest& r : requests) tally.add(r);
    return tally.verdict();
}

}  // namespace wormcast::sim
