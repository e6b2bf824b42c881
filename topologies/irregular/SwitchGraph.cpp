// Validation and port assignment of an irregular switch graph (see SwitchGraph.hpp).
// Libeskind-Hadas, Mazzoni & Rajagopalan §3.1: a switch of k ports has degree at most k.
#include "topologies/irregular/SwitchGraph.hpp"

#include <algorithm>
#include <deque>
#include <map>

#include <fmt/format.h>

#include "systemc/pure/PortSet.hpp"

namespace wormcast::irregular {

namespace {

std::string link_name(std::size_t index) {
    return fmt::format("links[{}]", index);
}
std::string processor_name(std::size_t index) {
    return fmt::format("processor {}", index);
}

/// Which link or processor holds each port while ports are assigned.
struct PortClaims {
    std::vector<std::vector<std::string>> owner;  ///< [switch][port]: empty = free
    unsigned ports;

    void claim(SwitchId s, PortId p, const std::string& who) {
        if (p >= ports)
            throw ConfigError(
                fmt::format("{}: port {} of switch {} is outside 0..{}", who, p, s, ports - 1));
        if (!owner[s][p].empty())
            throw ConfigError(fmt::format("{}: port {} of switch {} is already used by {}", who, p,
                                          s, owner[s][p]));
        owner[s][p] = who;
    }
    PortId lowest_free(SwitchId s, const std::string& who) {
        for (PortId p = 0; p < ports; ++p)
            if (owner[s][p].empty()) {
                owner[s][p] = who;
                return p;
            }
        throw ModelError(fmt::format("{}: switch {} has no free port left", who, s));
    }
};

}  // namespace

SwitchGraph::SwitchGraph(const SwitchGraphSpec& spec)
    : name_(spec.name), ports_(spec.ports), root_(spec.root), positions_(spec.positions) {
    const std::uint32_t n = spec.switches;
    if (n == 0) throw ConfigError(fmt::format("{}: switches = 0, a network needs a switch", name_));
    if (n > kMaxSwitches)
        throw ConfigError(
            fmt::format("{}: switches = {} exceeds the supported {}", name_, n, kMaxSwitches));
    if (ports_ == 0 || ports_ > PortSet::kCapacity)
        throw ConfigError(
            fmt::format("{}: ports = {} is outside 1..{}", name_, ports_, PortSet::kCapacity));
    if (root_ >= n)
        throw ConfigError(
            fmt::format("{}: root = {} is not a switch (switches are 0..{})", name_, root_, n - 1));
    if (!positions_.empty() && positions_.size() != n)
        throw ConfigError(
            fmt::format("{}: {} positions for {} switches", name_, positions_.size(), n));

    // Every id known, no self-link, no duplicate.
    std::map<std::pair<SwitchId, SwitchId>, std::size_t> first_mention;
    for (std::size_t i = 0; i < spec.links.size(); ++i) {
        const LinkRequest& l = spec.links[i];
        for (SwitchId s : {l.a, l.b})
            if (s >= n)
                throw ConfigError(fmt::format("{}: {} names switch {}, but switches are 0..{}",
                                              name_, link_name(i), s, n - 1));
        if (l.a == l.b)
            throw ConfigError(
                fmt::format("{}: {} links switch {} to itself", name_, link_name(i), l.a));
        const auto key = std::minmax(l.a, l.b);
        const auto [it, fresh] = first_mention.emplace(key, i);
        if (!fresh)
            throw ConfigError(fmt::format("{}: {} links switches {} and {} again (as {} did)",
                                          name_, link_name(i), l.a, l.b, link_name(it->second)));
    }
    std::vector<ProcessorRequest> processors;
    if (spec.processors) {
        processors = *spec.processors;
    } else {
        for (SwitchId s = 0; s < n; ++s) processors.push_back(ProcessorRequest{s, std::nullopt});
    }
    if (processors.empty())
        throw ConfigError(fmt::format("{}: no processor: a network needs at least one", name_));
    for (std::size_t p = 0; p < processors.size(); ++p)
        if (processors[p].switch_id >= n)
            throw ConfigError(fmt::format("{}: {} hangs on switch {}, but switches are 0..{}",
                                          name_, processor_name(p), processors[p].switch_id,
                                          n - 1));

    // Degree within the port count.
    std::vector<unsigned> link_count(n, 0), processor_count(n, 0);
    for (const LinkRequest& l : spec.links) {
        ++link_count[l.a];
        ++link_count[l.b];
    }
    for (const ProcessorRequest& p : processors) ++processor_count[p.switch_id];
    for (SwitchId s = 0; s < n; ++s)
        if (link_count[s] + processor_count[s] > ports_)
            throw ConfigError(
                fmt::format("{}: switch {} has {} links and {} processors but only {} ports", name_,
                            s, link_count[s], processor_count[s], ports_));

    // Ports: explicit ones first, then processors, then links (SwitchGraph.hpp).
    PortClaims claims{std::vector<std::vector<std::string>>(n, std::vector<std::string>(ports_)),
                      ports_};
    for (std::size_t i = 0; i < spec.links.size(); ++i) {
        const LinkRequest& l = spec.links[i];
        if (l.port_a) claims.claim(l.a, *l.port_a, name_ + ": " + link_name(i));
        if (l.port_b) claims.claim(l.b, *l.port_b, name_ + ": " + link_name(i));
    }
    for (std::size_t p = 0; p < processors.size(); ++p)
        if (processors[p].port)
            claims.claim(processors[p].switch_id, *processors[p].port,
                         name_ + ": " + processor_name(p));
    processors_.resize(processors.size());
    for (std::size_t p = 0; p < processors.size(); ++p) {
        const SwitchId s = processors[p].switch_id;
        processors_[p].switch_id = s;
        processors_[p].port = processors[p].port
                                  ? *processors[p].port
                                  : claims.lowest_free(s, name_ + ": " + processor_name(p));
    }
    links_.resize(spec.links.size());
    for (std::size_t i = 0; i < spec.links.size(); ++i) {
        const LinkRequest& l = spec.links[i];
        const std::string who = name_ + ": " + link_name(i);
        links_[i] = SwitchLink{l.a, l.port_a ? *l.port_a : claims.lowest_free(l.a, who), l.b,
                               l.port_b ? *l.port_b : claims.lowest_free(l.b, who)};
    }

    // Port table, neighbour lists, processors per switch.
    port_table_.assign(n, std::vector<PortEnd>(ports_));
    neighbours_.assign(n, {});
    local_.assign(n, {});
    for (const SwitchLink& l : links_) {
        port_table_[l.a][l.port_a] = PortEnd{PortEnd::Kind::Switch, l.b, l.port_b};
        port_table_[l.b][l.port_b] = PortEnd{PortEnd::Kind::Switch, l.a, l.port_a};
        neighbours_[l.a].emplace_back(l.b, l.port_a);
        neighbours_[l.b].emplace_back(l.a, l.port_b);
    }
    for (auto& list : neighbours_) std::sort(list.begin(), list.end());
    for (ProcessorId p = 0; p < processors_.size(); ++p) {
        port_table_[processors_[p].switch_id][processors_[p].port] =
            PortEnd{PortEnd::Kind::Processor, p, 0};
        local_[processors_[p].switch_id].push_back(p);
    }

    // Connected: every switch reachable from switch 0.
    std::vector<bool> seen(n, false);
    std::deque<SwitchId> queue{0};
    seen[0] = true;
    while (!queue.empty()) {
        const SwitchId s = queue.front();
        queue.pop_front();
        for (const auto& [t, port] : neighbours_[s])
            if (!seen[t]) {
                seen[t] = true;
                queue.push_back(t);
            }
    }
    std::vector<SwitchId> unreachable;
    for (SwitchId s = 0; s < n; ++s)
        if (!seen[s]) unreachable.push_back(s);
    if (!unreachable.empty()) {
        std::string list;
        for (std::size_t i = 0; i < unreachable.size() && i < 8; ++i)
            list += (i ? ", " : "") + std::to_string(unreachable[i]);
        if (unreachable.size() > 8) list += fmt::format(" and {} more", unreachable.size() - 8);
        throw ConfigError(fmt::format(
            "{}: the graph is disconnected: switch{} {} cannot be reached from switch 0", name_,
            unreachable.size() > 1 ? "es" : "", list));
    }
}

PortId SwitchGraph::port_towards(SwitchId s, SwitchId t) const {
    const auto& list = neighbours_.at(s);
    const auto it = std::lower_bound(list.begin(), list.end(), std::make_pair(t, PortId{0}));
    if (it == list.end() || it->first != t)
        throw ModelError(fmt::format("{}: switches {} and {} are not linked", name_, s, t));
    return it->second;
}

SwitchGraph SwitchGraph::with_root(SwitchId root) const {
    SwitchGraphSpec s = spec();
    s.root = root;
    return SwitchGraph(s);
}

SwitchGraphSpec SwitchGraph::spec() const {
    SwitchGraphSpec s;
    s.name = name_;
    s.switches = switches();
    s.ports = ports_;
    s.root = root_;
    s.positions = positions_;
    for (const SwitchLink& l : links_) s.links.push_back(LinkRequest{l.a, l.b, l.port_a, l.port_b});
    std::vector<ProcessorRequest> processors;
    for (const ProcessorAttachment& p : processors_)
        processors.push_back(ProcessorRequest{p.switch_id, p.port});
    s.processors = std::move(processors);
    return s;
}

}  // namespace wormcast::irregular
