// Congestion checker and schedule replay (see ScheduleChecks.hpp).
#include "topologies/broadcast/ScheduleChecks.hpp"

#include <fmt/format.h>

namespace wormcast::broadcast {

namespace {

mesh::EcubeOptions router_options(const mesh::MeshShape& shape) {
    // As a torus network with one consumption channel per input direction (all-port) builds it.
    return mesh::EcubeOptions{2, true, shape.network_ports()};
}

std::string where(const BroadcastSchedule& s, std::size_t step) {
    return fmt::format("step {} ({} {})", step + 1, s.steps[step].phase, s.steps[step].level);
}

std::string worm(const mesh::MeshShape& shape, const ScheduleSend& send) {
    return fmt::format("{}->{}", shape.format(send.from), shape.format(send.to));
}

}  // namespace

RouteTracer::RouteTracer(const mesh::MeshShape& shape) : shape_(shape) {
    validate_broadcast_torus(shape_);
    routing_.reserve(shape_.nodes());
    for (NodeId v = 0; v < shape_.nodes(); ++v)
        routing_.emplace_back(shape_, v, router_options(shape_));
}

std::vector<Channel> RouteTracer::channels(NodeId from, NodeId to) const {
    std::vector<Channel> path;
    const Header header = Header::unicast(to);
    PortId in_port = shape_.network_ports();  // the first injection port
    NodeId here = from;
    for (std::uint32_t hops = 0; hops <= shape_.nodes(); ++hops) {
        const RouteDecision d = routing_[here].route(RouteQuery{in_port, 0, &header});
        if (d.branches.size() != 1)
            throw ModelError("route tracer: a unicast route split or stopped");
        if (d.branches[0].consume) {
            if (here != to) throw ModelError("route tracer: consumed at the wrong node");
            return path;
        }
        const PortId out = d.branches[0].port;
        path.push_back(Channel{here, out});
        here = shape_.neighbour(here, out);
        in_port = static_cast<PortId>(out ^ 1U);
    }
    throw ModelError(fmt::format("route tracer: no route from {} to {}", shape_.format(from),
                                 shape_.format(to)));
}

std::vector<std::string> check_congestion(const BroadcastSchedule& schedule, std::size_t limit) {
    const RouteTracer tracer(schedule.shape);
    const mesh::MeshShape& shape = schedule.shape;
    const std::size_t ports = shape.network_ports();
    std::vector<std::string> problems;
    const auto report = [&](std::string what) {
        if (problems.size() < limit) problems.push_back(std::move(what));
    };
    // Per (node, direction): the step (1-based) and send that last claimed it; tables are
    // reused from step to step, an entry of an earlier step counting as free.
    struct Claim {
        std::size_t step = 0;
        std::size_t send = 0;
    };
    std::vector<Claim> channel(shape.nodes() * ports), injection(channel.size()),
        consumption(channel.size());
    for (std::size_t s = 0; s < schedule.steps.size(); ++s) {
        const auto& sends = schedule.steps[s].sends;
        for (std::size_t i = 0; i < sends.size(); ++i) {
            const auto path = tracer.channels(sends[i].from, sends[i].to);
            if (path.empty()) {
                report(fmt::format("{}: a worm {} from a node to itself", where(schedule, s),
                                   worm(shape, sends[i])));
                continue;
            }
            const auto claim = [&](std::vector<Claim>& table, NodeId node, PortId port,
                                   const char* what) {
                Claim& c = table[node * ports + port];
                if (c.step == s + 1)
                    report(fmt::format("{}: worms {} and {} share {} {} port {}",
                                       where(schedule, s), worm(shape, sends[c.send]),
                                       worm(shape, sends[i]), what, shape.format(node), port));
                c = Claim{s + 1, i};
            };
            claim(injection, sends[i].from, path.front().port, "the injection channel of");
            // A worm arrives through the port facing the last link it crossed.
            claim(consumption, sends[i].to, static_cast<PortId>(path.back().port ^ 1U),
                  "the consumption channel of");
            for (const Channel& c : path) claim(channel, c.node, c.port, "the channel out of");
        }
    }
    return problems;
}

std::vector<std::string> replay_schedule(const BroadcastSchedule& schedule, std::size_t limit) {
    const mesh::MeshShape& shape = schedule.shape;
    const std::uint32_t nodes = shape.nodes();
    const auto messages = static_cast<std::uint32_t>(schedule.sources.size());
    const std::uint32_t parts = schedule.parts();
    std::vector<std::string> problems;
    const auto report = [&](std::string what) {
        if (problems.size() < limit) problems.push_back(std::move(what));
    };
    const auto unit = [&](NodeId v, std::uint32_t m, std::uint32_t p) {
        return (static_cast<std::size_t>(v) * messages + m) * parts + p;
    };
    std::vector<bool> held(static_cast<std::size_t>(nodes) * messages * parts, false);
    for (std::uint32_t m = 0; m < messages; ++m) {
        if (schedule.sources[m] >= nodes) return {fmt::format("source {} outside the torus", m)};
        for (std::uint32_t p = 0; p < parts; ++p) held[unit(schedule.sources[m], m, p)] = true;
    }
    std::vector<bool> arriving_now(held.size(), false);
    for (std::size_t s = 0; s < schedule.steps.size(); ++s) {
        std::vector<std::size_t> arriving;
        for (const ScheduleSend& send : schedule.steps[s].sends) {
            const std::string w = where(schedule, s) + " " + worm(shape, send);
            if (send.from >= nodes || send.to >= nodes || send.from == send.to) {
                report(w + ": bad ends");
                continue;
            }
            if (send.control()) {
                if (send.flits != 1) report(w + ": a control message of more than one flit");
                continue;
            }
            if (send.part >= parts) {
                report(fmt::format("{}: part {} of {}", w, send.part, parts));
                continue;
            }
            if (send.flits != send.messages.size() * schedule.part_flits[send.part])
                report(fmt::format("{}: {} flits for {} messages of {}", w, send.flits,
                                   send.messages.size(), schedule.part_flits[send.part]));
            for (std::uint32_t m : send.messages) {
                if (m >= messages) {
                    report(fmt::format("{}: message {} of {}", w, m, messages));
                    continue;
                }
                if (!held[unit(send.from, m, send.part)])
                    report(fmt::format("{}: the sender does not hold message {}", w, m));
                const std::size_t u = unit(send.to, m, send.part);
                if (held[u]) {
                    report(fmt::format("{}: the receiver already holds message {}", w, m));
                } else if (arriving_now[u]) {
                    report(fmt::format("{}: message {} reaches the receiver twice", w, m));
                } else {
                    arriving_now[u] = true;
                    arriving.push_back(u);
                }
            }
        }
        for (std::size_t u : arriving) {
            held[u] = true;
            arriving_now[u] = false;
        }
    }
    for (NodeId v = 0; v < nodes; ++v)
        for (std::uint32_t m = 0; m < messages; ++m)
            for (std::uint32_t p = 0; p < parts; ++p)
                if (!held[unit(v, m, p)])
                    report(fmt::format("{} ends without part {} of message {} (from {})",
                                       shape.format(v), p, m, shape.format(schedule.sources[m])));
    return problems;
}

}  // namespace wormcast::broadcast
