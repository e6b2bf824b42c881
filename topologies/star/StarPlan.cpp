// Plans of the star multicast schemes (see StarPlan.hpp, docs/star.md).
// Wang, Chu & Chen §2.2.2 (Hamiltonian-path, dual-path), §3.1 (nodes-partition rule),
// §3.2.1 (Algorithm 1), §3.2.2 (Algorithm 2); the unicast split rule of issue 14.
#include "topologies/star/StarPlan.hpp"

#include <algorithm>
#include <deque>
#include <map>
#include <unordered_set>

#include <fmt/format.h>

namespace wormcast::star {

std::vector<std::size_t> StarPlan::worms_from(NodeId node) const {
    std::vector<std::size_t> out;
    for (std::size_t w = 0; w < worms.size(); ++w)
        if (worms[w].from == node) out.push_back(w);
    return out;
}

std::vector<NodeId> clean_destinations(const StarShape& shape, NodeId source,
                                       const std::vector<NodeId>& destinations) {
    if (source >= shape.nodes())
        throw ConfigError(fmt::format("source: label {} is outside the {} nodes of the {}", source,
                                      shape.nodes(), shape.name()));
    std::vector<NodeId> out;
    std::unordered_set<NodeId> seen{source};
    for (std::size_t i = 0; i < destinations.size(); ++i) {
        const NodeId d = destinations[i];
        if (d >= shape.nodes())
            throw ConfigError(fmt::format("dests[{}]: label {} is outside the {} nodes of the {}",
                                          i, d, shape.nodes(), shape.name()));
        if (seen.insert(d).second) out.push_back(d);
    }
    return out;
}

DualPathLists dual_path_lists(NodeId source, const std::vector<NodeId>& destinations) {
    DualPathLists lists;
    for (NodeId d : destinations) {
        if (d > source) lists.high.push_back(d);
        if (d < source) lists.low.push_back(d);
    }
    std::sort(lists.high.begin(), lists.high.end());
    std::sort(lists.low.begin(), lists.low.end(), std::greater<>());
    return lists;
}

std::vector<NodeClass> node_classes(const StarShape& shape, NodeId source) {
    const std::vector<NodeId> nn = shape.neighbours(source);  // nn[i-1] = u_i = g_{i+1}(s)
    std::vector<NodeClass> classes;
    for (std::size_t i = 0; i < nn.size(); ++i) {
        NodeClass c;
        c.index = static_cast<unsigned>(i + 1);
        c.neighbour = nn[i];
        c.high = nn[i] > source;
        bool found = false;
        NodeId bound = 0;
        for (NodeId u : nn) {
            // Case 1: u_j, the largest neighbour label below l(u_i); case 2: the smallest above.
            const bool candidate = c.high ? u > nn[i] : u < nn[i];
            if (candidate && (!found || (c.high ? u < bound : u > bound))) bound = u;
            found = found || candidate;
        }
        if (c.high) {
            c.first = nn[i];
            c.last = found ? bound - 1 : shape.nodes() - 1;
        } else {
            c.first = found ? bound + 1 : 0;
            c.last = nn[i];
        }
        classes.push_back(c);
    }
    return classes;
}

std::vector<MultipathList> multipath_lists(const StarShape& shape, NodeId source,
                                           const std::vector<NodeId>& destinations) {
    const std::vector<NodeClass> classes = node_classes(shape, source);
    std::vector<MultipathList> lists(classes.size());
    for (NodeId d : destinations) {
        auto it = std::find_if(classes.begin(), classes.end(),
                               [d](const NodeClass& c) { return c.contains(d); });
        if (it == classes.end() || d == source)
            throw ModelError(
                fmt::format("multipath: label {} is in no node class of source {}", d, source));
        lists[it->index - 1].dests.push_back(d);
    }
    std::vector<MultipathList> out;
    for (std::size_t i = 0; i < classes.size(); ++i) {
        MultipathList& list = lists[i];
        if (list.dests.empty()) continue;
        list.class_index = classes[i].index;
        list.high = classes[i].high;
        if (list.high)
            std::sort(list.dests.begin(), list.dests.end());
        else
            std::sort(list.dests.begin(), list.dests.end(), std::greater<>());
        out.push_back(std::move(list));
    }
    return out;
}

NodeId substar_relay(const StarShape& shape, unsigned symbol) {
    const unsigned n = shape.dimension();
    if (symbol < 1 || symbol > n)
        throw ModelError(fmt::format("sub-star of last symbol {} in the {}", symbol, shape.name()));
    // Block k = n+1-symbol of P_n holds the labels (k-1)(n-1)! .. k(n-1)!-1.
    const NodeId relay = (n - symbol) * factorial(n - 1);
    if (shape.last_symbol(relay) != symbol)
        throw ModelError(
            fmt::format("relay {} of sub-star {} has another last symbol", relay, symbol));
    return relay;
}

std::vector<ChainSend> binomial_chain_sends(std::size_t size, std::size_t source_index) {
    if (source_index >= size)
        throw ModelError(fmt::format("chain of {} nodes has no index {}", size, source_index));
    struct Holder {
        std::size_t index, lo, hi;
        unsigned phase;  ///< phase of its next send
    };
    std::vector<ChainSend> sends;
    std::deque<Holder> holders{{source_index, 0, size - 1, 1}};
    while (!holders.empty()) {
        Holder h = holders.front();
        holders.pop_front();
        while (h.lo < h.hi) {
            const std::size_t mid = (h.lo + h.hi) / 2;
            if (h.index <= mid) {
                sends.push_back({h.phase, h.index, h.hi});
                holders.push_back({h.hi, mid + 1, h.hi, h.phase + 1});
                h.hi = mid;
            } else {
                sends.push_back({h.phase, h.index, h.lo});
                holders.push_back({h.lo, h.lo, mid, h.phase + 1});
                h.lo = mid + 1;
            }
            ++h.phase;
        }
    }
    std::stable_sort(sends.begin(), sends.end(), [](const ChainSend& a, const ChainSend& b) {
        return a.phase != b.phase ? a.phase < b.phase : a.sender < b.sender;
    });
    return sends;
}

namespace {

StarWorm make_worm(const StarShape& shape, NodeId from, std::vector<NodeId> dests, unsigned phase,
                   PathWormRouting routing) {
    StarWorm w;
    w.from = from;
    w.path = worm_path(shape, from, dests, routing);
    w.dests = std::move(dests);
    w.channels = static_cast<std::uint32_t>(w.path.size() - 1);
    w.phase = phase;
    return w;
}

void add_multipath_worms(const StarShape& shape, NodeId from, const std::vector<NodeId>& dests,
                         unsigned phase, std::vector<StarWorm>& worms) {
    for (MultipathList& list : multipath_lists(shape, from, dests))
        worms.push_back(
            make_worm(shape, from, std::move(list.dests), phase, PathWormRouting::Shortcut));
}

void add_unicast_worms(const StarShape& shape, NodeId source, const std::vector<NodeId>& dests,
                       std::vector<StarWorm>& worms) {
    std::vector<NodeId> chain = dests;
    chain.push_back(source);
    std::sort(chain.begin(), chain.end());
    const auto source_index =
        static_cast<std::size_t>(std::find(chain.begin(), chain.end(), source) - chain.begin());
    for (const ChainSend& send : binomial_chain_sends(chain.size(), source_index))
        worms.push_back(make_worm(shape, chain[send.sender], {chain[send.receiver]}, send.phase,
                                  PathWormRouting::Shortcut));
}

void add_two_phase_worms(const StarShape& shape, NodeId source, const std::vector<NodeId>& dests,
                         std::vector<StarWorm>& worms) {
    // theta by relay label, i.e. by sub-star in Hamiltonian-path block order (the paper's
    // theta_1 .. theta_n), each group in D order.
    std::map<NodeId, std::vector<NodeId>> groups;
    for (NodeId d : dests) groups[substar_relay(shape, shape.last_symbol(d))].push_back(d);
    std::vector<NodeId> relays;
    for (const auto& [relay, group] : groups)
        if (relay != source) relays.push_back(relay);
    add_multipath_worms(shape, source, relays, 1, worms);
    for (const auto& [relay, group] : groups) {
        std::vector<NodeId> rest;
        for (NodeId d : group)
            if (d != relay) rest.push_back(d);  // a relay that is a destination got phase 1
        add_multipath_worms(shape, relay, rest, 2, worms);
    }
}

}  // namespace

StarPlan plan_star_multicast(const StarShape& shape, StarScheme scheme, NodeId source,
                             const std::vector<NodeId>& destinations) {
    StarPlan plan;
    plan.scheme = scheme;
    plan.source = source;
    plan.destinations = clean_destinations(shape, source, destinations);
    const std::vector<NodeId>& d = plan.destinations;
    switch (scheme) {
        case StarScheme::Unicast:
            if (!d.empty()) add_unicast_worms(shape, source, d, plan.worms);
            break;
        case StarScheme::Hamiltonian:
        case StarScheme::DualPath: {
            DualPathLists lists = dual_path_lists(source, d);
            for (std::vector<NodeId>* list : {&lists.high, &lists.low})
                if (!list->empty())
                    plan.worms.push_back(
                        make_worm(shape, source, std::move(*list), 1, path_worm_routing(scheme)));
            break;
        }
        case StarScheme::Multipath:
            add_multipath_worms(shape, source, d, 1, plan.worms);
            break;
        case StarScheme::TwoPhase:
            add_two_phase_worms(shape, source, d, plan.worms);
            break;
    }
    std::map<unsigned, std::uint32_t> longest;  // per phase
    for (const StarWorm& w : plan.worms) {
        plan.total_channels += w.channels;
        longest[w.phase] = std::max(longest[w.phase], w.channels);
    }
    plan.phases = static_cast<unsigned>(longest.size());
    for (const auto& [phase, channels] : longest) {
        if (scheme == StarScheme::Unicast || scheme == StarScheme::TwoPhase)
            plan.max_distance += channels;
        else
            plan.max_distance = std::max<std::uint64_t>(plan.max_distance, channels);
    }
    return plan;
}

}  // namespace wormcast::star
