// Naive multinode broadcast schedule (see NaiveSchedule.hpp).
#include "topologies/broadcast/NaiveSchedule.hpp"

#include "topologies/broadcast/FiveAryReduction.hpp"
#include "topologies/broadcast/ScheduleBuilder.hpp"

namespace wormcast::broadcast {

BroadcastSchedule build_naive(const BroadcastConfig& config) {
    BroadcastConfig naive = config;
    naive.scheme = BroadcastScheme::Naive;
    naive.validate();
    const mesh::MeshShape& shape = naive.shape;
    BroadcastSchedule schedule;
    schedule.shape = shape;
    schedule.scheme = BroadcastScheme::Naive;
    schedule.sources = naive.sources;
    schedule.message_flits = naive.message_flits;
    schedule.part_flits = {naive.message_flits};
    ScheduleBuilder builder(schedule);
    const std::uint32_t n1 = shape.radix[0], nodes = shape.nodes();
    const unsigned rounds = ceil_log(2, nodes);
    for (unsigned t = 1; t <= rounds; ++t) {
        const std::uint32_t span = 1u << (t - 1);
        std::vector<PlannedSend> sends;
        for (std::uint32_t i = 0; i < schedule.sources.size(); ++i) {
            const NodeId s = schedule.sources[i];
            const auto at = [&](std::uint32_t r) {
                return torus_node(shape, std::int64_t{s % n1} + r % n1,
                                  std::int64_t{s / n1} + r / n1);
            };
            for (std::uint32_t r = 0; r < span && r + span < nodes; ++r)
                sends.push_back({at(r), at(r + span), {i}, 0, false});
        }
        builder.add_step("binomial", t, std::move(sends), /*merge=*/false);
    }
    return schedule;
}

}  // namespace wormcast::broadcast
