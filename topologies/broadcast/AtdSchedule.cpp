// Aggregation-then-distribution schedule (see AtdSchedule.hpp). Chen & Chen §3; every pattern is
// written in (x, y) with x the paper's i (dimension one, routed first) and y its j.
#include "topologies/broadcast/AtdSchedule.hpp"

#include <algorithm>
#include <map>
#include <unordered_map>

#include <fmt/format.h>

#include "topologies/broadcast/FiveAryReduction.hpp"
#include "topologies/broadcast/ScheduleBuilder.hpp"

namespace wormcast::broadcast {

std::vector<int> balanced_digits(std::int64_t offset) {
    std::vector<int> digits;
    while (offset != 0) {
        int r = static_cast<int>(((offset % 5) + 5) % 5);
        if (r > 2) r -= 5;
        digits.push_back(r);
        offset = (offset - r) / 5;
    }
    return digits;
}

DestinationList destination_list(std::uint32_t prefix, std::uint32_t count, std::uint32_t ddn,
                                 std::uint32_t h) {
    if (h == 0 || ddn >= h) throw ConfigError(fmt::format("ddn {} is not below h = {}", ddn, h));
    DestinationList list;
    for (std::uint32_t t = 0; t < count; ++t) {
        const std::uint32_t to = static_cast<std::uint32_t>((std::uint64_t{prefix} + t) % h);
        std::int64_t j = static_cast<std::int64_t>(to) - static_cast<std::int64_t>(ddn);
        // The paper lowers j > h/2 by h; j < -h/2 needs raising by h as well (docs/broadcast.md).
        if (2 * j > static_cast<std::int64_t>(h)) j -= h;
        if (2 * j <= -static_cast<std::int64_t>(h)) j += h;
        list.ddns.push_back(to);
        list.offsets.push_back(j);
    }
    return list;
}

namespace {

/// A prefix-sum tree edge: `member` reports to `parent`, through `relay` on the diagonal levels.
struct TreeEdge {
    NodeId member = 0;
    NodeId parent = 0;
    NodeId relay = kNoNode;
    std::int64_t offset = 0;  ///< position of the member relative to its parent (orders them)
};

class AtdBuilder {
  public:
    explicit AtdBuilder(const BroadcastConfig& config)
        : config_(config), n_(config.shape.radix[0]), h_(config.h), p_(n_ / h_) {
        BroadcastSchedule& s = plan_.schedule;
        s.shape = config.shape;
        s.scheme = BroadcastScheme::Atd;
        s.h = h_;
        s.sources = config.sources;
        s.message_flits = config.message_flits;
        s.part_flits = {config.message_flits};
        builder_ = std::make_unique<ScheduleBuilder>(s);
    }

    AtdPlan build() {
        aggregate();
        prefix_sums();
        tune();
        align();
        diagonal_all_to_all();
        ddn_broadcast();
        dcn_rows();
        dcn_columns();
        return std::move(plan_);
    }

  private:
    std::uint32_t x(NodeId v) const { return v % n_; }
    std::uint32_t y(NodeId v) const { return v / n_; }
    NodeId node(std::int64_t x, std::int64_t y) const { return torus_node(config_.shape, x, y); }
    /// (x - y) mod `mod`: the diagonal of v (mod divides n).
    std::uint32_t diagonal(NodeId v, std::uint32_t mod) const { return (x(v) + n_ - y(v)) % mod; }
    std::uint32_t nodes() const { return n_ * n_; }
    /// The node a member at `v` sends to at reduction edge `e` with positions `stride` apart:
    /// a nearest member moves along dimension 0, a second-nearest along dimension 1 (Fig. 2a).
    NodeId toward(NodeId v, const ReductionEdge& e, std::int64_t stride) const {
        const std::int64_t d = e.offset * stride;
        return e.rank == 1 ? node(x(v) - d, y(v)) : node(x(v), y(v) + d);
    }
    /// The messages of DDN_k that v holds (after the tuning).
    std::vector<std::uint32_t> held_of_ddn(NodeId v, std::uint32_t k) const {
        std::vector<std::uint32_t> out;
        for (std::uint32_t m : ddn_messages_[k])
            if (builder_->holds(v, m)) out.push_back(m);
        return out;
    }
    static std::unordered_map<std::uint32_t, ReductionEdge> by_member(
        const std::vector<ReductionEdge>& level) {
        std::unordered_map<std::uint32_t, ReductionEdge> map;
        for (const auto& e : level) map.emplace(e.member, e);
        return map;
    }

    /// §3.1.1: diagonals x - y = d mod h gather onto d = 0 mod h, ceil(log5 h) levels.
    void aggregate() {
        const auto levels = five_ary_levels(h_);
        for (std::size_t l = 0; l < levels.size(); ++l) {
            const auto edges = by_member(levels[l]);
            std::vector<PlannedSend> sends;
            for (NodeId v = 0; v < nodes(); ++v) {
                const auto e = edges.find(diagonal(v, h_));
                if (e == edges.end()) continue;
                auto held = builder_->held(v);
                if (!held.empty()) sends.push_back({v, toward(v, e->second, 1), held, 0, false});
            }
            builder_->add_step("aggregation", static_cast<unsigned>(l + 1), std::move(sends));
        }
        plan_.ddn_loads_aggregated.assign(h_, 0);
        for (NodeId v = 0; v < nodes(); ++v) {
            if (diagonal(v, h_) != 0) continue;
            const auto count = static_cast<std::uint32_t>(builder_->held(v).size());
            plan_.collectors.push_back(CollectorLoad{v, x(v) % h_, count, 0});
            plan_.ddn_loads_aggregated[x(v) % h_] += count;
        }
    }

    /// The prefix-sum tree: collector diagonals onto the main diagonal (straight moves, stride
    /// h), then the main diagonal onto (0,0) through relays (Figs. 4-6).
    void build_prefix_tree() {
        for (const auto& level : five_ary_levels(p_)) {
            const auto edges = by_member(level);
            std::vector<TreeEdge> tree_level;
            for (const auto& c : plan_.collectors) {
                const auto e = edges.find(diagonal(c.node, n_) / h_);
                if (e == edges.end()) continue;
                tree_level.push_back(
                    {c.node, toward(c.node, e->second, h_), kNoNode, e->second.offset});
            }
            collect_levels_.push_back(std::move(tree_level));
        }
        for (const auto& level : five_ary_levels(n_)) {
            std::vector<TreeEdge> tree_level;
            for (const auto& e : level) {
                const std::uint32_t t = e.member, c = e.collector % n_;
                // Second-nearest members turn at (c, t) (dimension 0 first), nearest at (t, c).
                const NodeId relay = e.rank == 2 ? node(c, t) : node(t, c);
                tree_level.push_back({node(t, t), node(c, c), relay, e.offset});
            }
            diagonal_levels_.push_back(std::move(tree_level));
        }
    }

    static std::vector<PlannedSend> controls(const std::vector<TreeEdge>& level,
                                             NodeId TreeEdge::*from, NodeId TreeEdge::*to) {
        std::vector<PlannedSend> sends;
        for (const auto& e : level) sends.push_back({e.*from, e.*to, {}, 0, true});
        return sends;
    }

    /// §3.1.2.1: forward stages (counts up the tree), backward stages (prefixes down), all
    /// one-flit control messages; then the prefixes by in-order of the tree.
    void prefix_sums() {
        build_prefix_tree();
        for (std::size_t l = 0; l < collect_levels_.size(); ++l)
            builder_->add_step("prefix collect", static_cast<unsigned>(l + 1),
                               controls(collect_levels_[l], &TreeEdge::member, &TreeEdge::parent));
        for (std::size_t l = 0; l < diagonal_levels_.size(); ++l) {
            const auto& level = diagonal_levels_[l];
            const auto round = static_cast<unsigned>(2 * l + 1);
            builder_->add_step("prefix forward", round,
                               controls(level, &TreeEdge::member, &TreeEdge::relay));
            builder_->add_step("prefix forward", round + 1,
                               controls(level, &TreeEdge::relay, &TreeEdge::parent));
        }
        for (std::size_t i = 0; i < diagonal_levels_.size(); ++i) {
            const auto& level = diagonal_levels_[diagonal_levels_.size() - 1 - i];
            const auto round = static_cast<unsigned>(2 * i + 1);
            builder_->add_step("prefix backward", round,
                               controls(level, &TreeEdge::parent, &TreeEdge::relay));
            builder_->add_step("prefix backward", round + 1,
                               controls(level, &TreeEdge::relay, &TreeEdge::member));
        }
        for (std::size_t i = 0; i < collect_levels_.size(); ++i)
            builder_->add_step("prefix distribute", static_cast<unsigned>(i + 1),
                               controls(collect_levels_[collect_levels_.size() - 1 - i],
                                        &TreeEdge::parent, &TreeEdge::member));
        compute_prefixes();
    }

    /// The values the stages carry: forward, each node's subtree total; backward, each node's
    /// base. A parent orders its members of one level by offset, itself in the middle (Fig. 4b).
    void compute_prefixes() {
        std::vector<const std::vector<TreeEdge>*> levels;
        for (const auto& l : collect_levels_) levels.push_back(&l);
        for (const auto& l : diagonal_levels_) levels.push_back(&l);
        std::unordered_map<NodeId, std::uint64_t> subtotal;
        for (const auto& c : plan_.collectors) subtotal[c.node] = c.count;
        std::vector<std::unordered_map<NodeId, std::uint64_t>> lower(levels.size());
        for (std::size_t l = 0; l < levels.size(); ++l) {
            for (const auto& e : *levels[l]) lower[l].emplace(e.parent, subtotal.at(e.parent));
            for (const auto& e : *levels[l]) subtotal.at(e.parent) += subtotal.at(e.member);
        }
        std::unordered_map<NodeId, std::uint64_t> base{{node(0, 0), 0}};
        for (std::size_t l = levels.size(); l-- > 0;) {
            std::map<NodeId, std::vector<const TreeEdge*>> members;
            for (const auto& e : *levels[l]) members[e.parent].push_back(&e);
            for (auto& [parent, list] : members) {
                std::sort(list.begin(), list.end(), [](const TreeEdge* a, const TreeEdge* b) {
                    return a->offset < b->offset;
                });
                std::uint64_t running = base.at(parent);
                bool self_done = false;
                for (const TreeEdge* e : list) {
                    if (e->offset > 0 && !self_done) {
                        base[parent] = running;
                        running += lower[l].at(parent);
                        self_done = true;
                    }
                    base[e->member] = running;
                    running += subtotal.at(e->member);
                }
                if (!self_done) base[parent] = running;
            }
        }
        for (auto& c : plan_.collectors) c.prefix = static_cast<std::uint32_t>(base.at(c.node));
    }

    /// §3.1.2.2: every collector's t-th message goes to DDN (alpha + t) mod h, moving along the
    /// diagonal by its offset in balanced base-5 digits, +-1 then +-2 of each power of 5.
    void tune() {
        plan_.message_ddn.assign(config_.sources.size(), 0);
        plan_.ddn_loads_tuned.assign(h_, 0);
        std::vector<NodeId> at(config_.sources.size(), kNoNode);
        std::vector<std::vector<int>> digits(config_.sources.size());
        std::size_t rounds = 0;
        for (const auto& c : plan_.collectors) {
            const auto held = builder_->held(c.node);
            const auto list = destination_list(c.prefix, c.count, c.ddn, h_);
            for (std::size_t t = 0; t < held.size(); ++t) {
                const std::uint32_t m = held[t];
                plan_.message_ddn[m] = list.ddns[t];
                ++plan_.ddn_loads_tuned[list.ddns[t]];
                at[m] = c.node;
                digits[m] = balanced_digits(list.offsets[t]);
                rounds = std::max(rounds, digits[m].size());
            }
        }
        ddn_messages_.assign(h_, {});
        for (std::uint32_t m = 0; m < plan_.message_ddn.size(); ++m)
            ddn_messages_[plan_.message_ddn[m]].push_back(m);
        for (std::size_t level = 0; level < rounds; ++level) {
            std::int64_t power = 1;
            for (std::size_t i = 0; i < level; ++i) power *= 5;
            for (int magnitude : {1, 2}) {
                std::vector<PlannedSend> sends;
                for (std::uint32_t m = 0; m < at.size(); ++m) {
                    if (level >= digits[m].size() || std::abs(digits[m][level]) != magnitude)
                        continue;
                    const std::int64_t d = digits[m][level] * power;
                    const NodeId to = node(x(at[m]) + d, y(at[m]) + d);
                    sends.push_back({at[m], to, {m}, 0, false});
                    at[m] = to;
                }
                builder_->add_step("tuning", static_cast<unsigned>(2 * level + magnitude),
                                   std::move(sends));
            }
        }
    }

    /// DDN_k node (a*h + k, b*h + k) lies on its DDN's diagonal (a - b) mod (n/h).
    std::uint32_t ddn_diagonal(NodeId v) const { return (x(v) / h_ + p_ - y(v) / h_) % p_; }

    /// §3.2.1(i): every DDN gathers its messages onto its main diagonal (dilation h).
    void align() {
        const auto levels = five_ary_levels(p_);
        for (std::size_t l = 0; l < levels.size(); ++l) {
            const auto edges = by_member(levels[l]);
            std::vector<PlannedSend> sends;
            for (const auto& c : plan_.collectors) {
                const auto e = edges.find(ddn_diagonal(c.node));
                if (e == edges.end()) continue;
                sends.push_back(
                    {c.node, toward(c.node, e->second, h_), held_of_ddn(c.node, c.ddn), 0, false});
            }
            builder_->add_step("alignment", static_cast<unsigned>(l + 1), std::move(sends));
        }
    }

    /// §3.2.1(ii), Fig. 17: at stride g, D_i sends its window to (i, i -+ 2g) (dimension 1);
    /// then D_i collects from D_{i+-g} and from (i -+ 2g, i) (dimension 0). In DDN coordinates.
    void diagonal_all_to_all() {
        const unsigned levels = ceil_log(5, p_);
        std::int64_t g = 1;
        for (unsigned l = 1; l <= levels; ++l, g *= 5) {
            std::vector<std::int64_t> offsets;
            for (std::int64_t o : {g, -g, 2 * g, -2 * g}) {
                const auto same = [&](std::int64_t other) { return (o - other) % p_ == 0; };
                if (o % p_ == 0 || std::any_of(offsets.begin(), offsets.end(), same)) continue;
                offsets.push_back(o);
            }
            std::vector<PlannedSend> distribution, collection;
            for (std::uint32_t k = 0; k < h_; ++k)
                for (std::int64_t i = 0; i < p_; ++i) {
                    const auto ddn_node = [&](std::int64_t a, std::int64_t b) {
                        return node(a * h_ + k, b * h_ + k);
                    };
                    const NodeId d_i = ddn_node(i, i);
                    const auto window = held_of_ddn(d_i, k);
                    if (window.empty()) continue;
                    for (std::int64_t o : offsets) {
                        const NodeId target = ddn_node(i - o, i - o);
                        if (std::abs(o) == g) {
                            collection.push_back({d_i, target, window, 0, false});
                            continue;
                        }
                        const NodeId relay = ddn_node(i, i - o);
                        distribution.push_back({d_i, relay, window, 0, false});
                        collection.push_back({relay, target, window, 0, false});
                    }
                }
            builder_->add_step("diagonal distribution", l, std::move(distribution));
            builder_->add_step("diagonal collection", l, std::move(collection));
        }
    }

    /// §3.2.2: the dilated-diagonal broadcast, the alignment's levels in reverse.
    void ddn_broadcast() {
        const auto levels = five_ary_levels(p_);
        for (std::size_t i = 0; i < levels.size(); ++i) {
            const auto edges = by_member(levels[levels.size() - 1 - i]);
            std::vector<PlannedSend> sends;
            for (const auto& c : plan_.collectors) {
                const auto e = edges.find(ddn_diagonal(c.node));
                if (e == edges.end()) continue;
                const NodeId from = toward(c.node, e->second, h_);
                sends.push_back({from, c.node, held_of_ddn(from, c.ddn), 0, false});
            }
            builder_->add_step("ddn broadcast", static_cast<unsigned>(i + 1), std::move(sends));
        }
    }

    /// Recursive trisection of the positions [lo, hi) held by `holder` (Fig. 19a): the holder
    /// keeps the middle third and sends to the middle of each other third. (round, from, to).
    static void trisect(std::int64_t lo, std::int64_t hi, std::int64_t holder, unsigned round,
                        std::vector<std::tuple<unsigned, std::int64_t, std::int64_t>>& out) {
        const std::int64_t size = hi - lo;
        if (size <= 1) return;
        if (size == 2) {
            out.emplace_back(round, holder, holder == lo ? lo + 1 : lo);
            return;
        }
        const std::int64_t q = size / 3, r = size % 3;
        const std::int64_t first = r == 2 ? q + 1 : q, middle = r == 1 ? q + 1 : q;
        const std::int64_t a = lo + first, b = a + middle;
        for (auto [plo, phi] : {std::pair{lo, a}, std::pair{b, hi}}) {
            const std::int64_t centre = plo + (phi - plo - 1) / 2;
            out.emplace_back(round, holder, centre);
            trisect(plo, phi, centre, round + 1, out);
        }
        trisect(a, b, holder, round + 1, out);
    }

    /// §3.2.3 row stage, along dimension 1: every DDN node spreads its DDN's messages over the
    /// h nodes of its line centred on it, by trisection (ceil(log3 h) rounds).
    void dcn_rows() {
        std::vector<std::tuple<unsigned, std::int64_t, std::int64_t>> pattern;
        const std::int64_t centre = (h_ - 1) / 2;
        trisect(0, h_, centre, 1, pattern);
        const unsigned rounds = ceil_log(3, h_);
        for (unsigned round = 1; round <= rounds; ++round) {
            std::vector<PlannedSend> sends;
            for (std::uint32_t line = 0; line < n_; ++line) {
                const std::uint32_t k = line % h_;
                for (std::uint32_t b = 0; b < p_; ++b) {
                    const std::int64_t base = std::int64_t{b} * h_ + k - centre;
                    for (const auto& [r, from, to] : pattern) {
                        if (r != round) continue;
                        const NodeId src = node(line, base + from);
                        sends.push_back(
                            {src, node(line, base + to), held_of_ddn(src, k), 0, false});
                    }
                }
            }
            builder_->add_step("dcn row", round, std::move(sends));
        }
    }

    /// §3.2.3 column stage, along dimension 0: the h nodes of a DCN column pass their DDNs' sets
    /// round a directed ring, even rows down then odd rows up (dilation 2; Fig. 19b), pipelined
    /// over h - 1 rounds. When a column is one DCN tall the torus ring itself is used.
    void dcn_columns() {
        std::vector<std::uint32_t> ring;
        if (n_ == h_) {
            for (std::uint32_t r = 0; r < h_; ++r) ring.push_back(r);
        } else {
            for (std::uint32_t r = 0; r < h_; r += 2) ring.push_back(r);
            for (std::uint32_t r = (h_ % 2 == 0 ? h_ - 1 : h_ - 2); r < h_; r -= 2)
                ring.push_back(r);
        }
        for (std::uint32_t t = 0; t + 1 < h_; ++t) {
            std::vector<PlannedSend> sends;
            for (std::uint32_t line = 0; line < n_; ++line)
                for (std::uint32_t a = 0; a < p_; ++a)
                    for (std::uint32_t q = 0; q < h_; ++q) {
                        const NodeId from = node(a * h_ + ring[q], line);
                        const NodeId to = node(a * h_ + ring[(q + 1) % h_], line);
                        const std::uint32_t k = ring[(q + h_ - t) % h_];
                        sends.push_back({from, to, held_of_ddn(from, k), 0, false});
                    }
            builder_->add_step("dcn column", t + 1, std::move(sends));
        }
    }

    const BroadcastConfig& config_;
    std::uint32_t n_, h_, p_;
    AtdPlan plan_;
    std::unique_ptr<ScheduleBuilder> builder_;
    std::vector<std::vector<TreeEdge>> collect_levels_;
    std::vector<std::vector<TreeEdge>> diagonal_levels_;
    std::vector<std::vector<std::uint32_t>> ddn_messages_;  ///< [k] messages DDN_k distributes
};

}  // namespace

AtdPlan build_atd(const BroadcastConfig& config) {
    BroadcastConfig atd = config;
    atd.scheme = BroadcastScheme::Atd;
    atd.validate();
    return AtdBuilder(atd).build();
}

}  // namespace wormcast::broadcast
