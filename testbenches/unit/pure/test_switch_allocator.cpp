// The switch allocator (systemc/SwitchAllocator.hpp) on its own: the livelock of two requests
// for the same several outputs, and, over many seeded random request patterns, that every grant
// is legal and no request waits longer than the bound the priority scheme guarantees.
#include <catch2/catch.hpp>

#include <random>
#include <vector>

#include "systemc/SwitchAllocator.hpp"

using namespace wormcast;

namespace {

PortSet ports(std::initializer_list<unsigned> members) {
    PortSet s;
    for (unsigned m : members) s.set(m);
    return s;
}

/// One cycle's random requests: every VC of every input ready or not at random, each asking for
/// one output, or for up to four one time in `several_one_in`.
void draw_requests(std::mt19937_64& rng, unsigned outputs, unsigned vcs, unsigned several_one_in,
                   std::vector<std::uint32_t>& ready, std::vector<std::vector<PortSet>>& want) {
    for (std::size_t p = 0; p < ready.size(); ++p) {
        ready[p] = static_cast<std::uint32_t>(rng()) & ((1u << vcs) - 1);
        for (unsigned v = 0; v < vcs; ++v) {
            want[p][v].clear();
            const unsigned size =
                rng() % several_one_in == 0 ? 1 + static_cast<unsigned>(rng() % 4) : 1;
            for (unsigned i = 0; i < size; ++i)
                want[p][v].set(static_cast<unsigned>(rng() % outputs));
        }
    }
}

void require_same_grants(const std::vector<SwitchGrant>& a, const std::vector<SwitchGrant>& b) {
    REQUIRE(a.size() == b.size());
    for (std::size_t g = 0; g < a.size(); ++g) {
        REQUIRE(a[g].in_port == b[g].in_port);
        REQUIRE(a[g].in_vc == b[g].in_vc);
        REQUIRE(a[g].outputs == b[g].outputs);
    }
}
}  // namespace

TEST_CASE("switch allocator: two requests for the same two outputs both win in turn",
          "[allocator]") {
    // Output 0's arbiter first moves past input 0 (a single-output grant), so output 0 favours
    // input 1 while output 1 still favours input 0. A separable allocator without a tie-break
    // then never grants either input again (each keeps one output's pick).
    SwitchAllocator allocator(2, 2, 1);
    std::vector<SwitchGrant> grants;
    std::vector<std::uint32_t> ready{1, 0};
    allocator.allocate(
        ready, [](PortId, VcId) { return ports({0}); }, grants);
    REQUIRE(grants.size() == 1);
    REQUIRE(grants[0].in_port == 0);

    ready = {1, 1};
    std::vector<int> wins(2, 0);
    int last = -1;
    for (int cycle = 0; cycle < 20; ++cycle) {
        allocator.allocate(
            ready,
            [](PortId, VcId) {
                return ports({0, 1});
            },
            grants);
        REQUIRE(grants.size() == 1);  // the two requests conflict on both outputs
        REQUIRE(grants[0].outputs == ports({0, 1}));
        const int winner = grants[0].in_port;
        REQUIRE(winner != last);  // priority rotates between the two
        last = winner;
        ++wins[static_cast<std::size_t>(winner)];
    }
    REQUIRE(wins[0] == 10);
    REQUIRE(wins[1] == 10);
}

TEST_CASE("switch allocator: random persistent requests are all granted within the bound",
          "[allocator][property]") {
    // Every VC of every input always holds a request for a random set of 1..3 outputs; a granted
    // request is replaced by a new one. Checked every cycle: at most one grant per input and per
    // output, a grant carries exactly the outputs its VC asked for, and no request waits longer
    // than vcs * inputs * (inputs^2 + inputs + 1) cycles (the priority several-output input wins
    // within `inputs` cycles, each input becomes the priority within `inputs` turns, an output
    // reaches a single-output request within `inputs` wins, an input reaches a VC within `vcs`).
    std::size_t multi_grants = 0;
    std::size_t max_wait_seen = 0;
    for (std::uint64_t seed = 1; seed <= 150; ++seed) {
        std::mt19937_64 rng(seed);
        const unsigned inputs = 2 + static_cast<unsigned>(rng() % 7);
        const unsigned outputs = 2 + static_cast<unsigned>(rng() % 7);
        const unsigned vcs = 1 + static_cast<unsigned>(rng() % 3);
        INFO("seed " << seed << ": " << inputs << " inputs, " << outputs << " outputs, " << vcs
                     << " VCs");
        SwitchAllocator allocator(static_cast<PortId>(inputs), static_cast<PortId>(outputs), vcs);
        auto draw = [&] {
            PortSet s;
            const unsigned size = 1 + static_cast<unsigned>(rng() % 3);
            while (s.count() < std::min(size, outputs))
                s.set(static_cast<unsigned>(rng() % outputs));
            return s;
        };
        std::vector<std::vector<PortSet>> want(inputs);
        std::vector<std::vector<std::size_t>> since(inputs, std::vector<std::size_t>(vcs, 0));
        for (auto& w : want)
            for (unsigned v = 0; v < vcs; ++v) w.push_back(draw());
        const std::vector<std::uint32_t> ready(inputs, (1u << vcs) - 1);
        const std::size_t bound = vcs * inputs * (inputs * inputs + inputs + 1);
        std::vector<SwitchGrant> grants;
        for (std::size_t cycle = 1; cycle <= 2000; ++cycle) {
            allocator.allocate(
                ready, [&](PortId p, VcId v) { return want[p][v]; }, grants);
            PortSet inputs_granted, outputs_granted;
            for (const auto& g : grants) {
                REQUIRE(g.in_port < inputs);
                REQUIRE(g.in_vc < vcs);
                REQUIRE_FALSE(inputs_granted.test(g.in_port));
                REQUIRE((outputs_granted & g.outputs).none());
                REQUIRE(g.outputs == want[g.in_port][g.in_vc]);
                inputs_granted.set(g.in_port);
                outputs_granted |= g.outputs;
                if (g.outputs.count() > 1) ++multi_grants;
                since[g.in_port][g.in_vc] = cycle;
                want[g.in_port][g.in_vc] = draw();
            }
            for (unsigned p = 0; p < inputs; ++p)
                for (unsigned v = 0; v < vcs; ++v) {
                    INFO("input " << p << " VC " << v << " waiting since cycle " << since[p][v]);
                    REQUIRE(cycle - since[p][v] <= bound);
                    max_wait_seen = std::max(max_wait_seen, cycle - since[p][v]);
                }
        }
    }
    INFO("longest wait " << max_wait_seen);
    REQUIRE(multi_grants > 10000);
}

TEST_CASE("switch allocator: the one-word path grants exactly what the PortSet path grants",
          "[allocator][property]") {
    // Routers of up to 64 ports a side allocate on single words; over seeded random sizes (up to
    // 64) and random requests, VCs ready or not, both paths give the same grants every cycle.
    std::size_t grants_seen = 0;
    for (std::uint64_t seed = 1; seed <= 120; ++seed) {
        std::mt19937_64 rng(seed);
        const unsigned inputs = seed <= 4 ? 64 : 1 + static_cast<unsigned>(rng() % 64);
        const unsigned outputs = seed <= 4 ? 64 : 1 + static_cast<unsigned>(rng() % 64);
        const unsigned vcs = 1 + static_cast<unsigned>(rng() % 4);
        INFO("seed " << seed << ": " << inputs << " inputs, " << outputs << " outputs, " << vcs
                     << " VCs");
        SwitchAllocator narrow(static_cast<PortId>(inputs), static_cast<PortId>(outputs), vcs);
        SwitchAllocator wide(static_cast<PortId>(inputs), static_cast<PortId>(outputs), vcs,
                             /*wide=*/true);
        std::vector<std::vector<PortSet>> want(inputs, std::vector<PortSet>(vcs));
        std::vector<std::uint32_t> ready(inputs);
        std::vector<SwitchGrant> a, b;
        for (int cycle = 0; cycle < 300; ++cycle) {
            draw_requests(rng, outputs, vcs, 4, ready, want);
            auto ask = [&](PortId p, VcId v) { return want[p][v]; };
            narrow.allocate(ready, ask, a);
            wide.allocate(ready, ask, b);
            require_same_grants(a, b);
            grants_seen += a.size();
        }
    }
    REQUIRE(grants_seen > 100000);
}

TEST_CASE("switch allocator: a cycle with one input ready grants what full arbitration grants",
          "[allocator][property]") {
    // The shortcut for one ready input must leave every arbiter where the two rounds would: over
    // seeded random sizes, with one input ready in most cycles and several in the others, an
    // allocator with the shortcut and one without give the same grants every cycle (on words and
    // on PortSets), so any arbiter left elsewhere shows in a later cycle's grants.
    std::size_t single_cycles = 0, multi_grants = 0;
    for (std::uint64_t seed = 1; seed <= 100; ++seed) {
        std::mt19937_64 rng(seed);
        const unsigned inputs = 1 + static_cast<unsigned>(rng() % 12);
        const unsigned outputs = 1 + static_cast<unsigned>(rng() % 12);
        const unsigned vcs = 1 + static_cast<unsigned>(rng() % 4);
        const bool wide = seed % 2 == 0;
        INFO("seed " << seed << ": " << inputs << " inputs, " << outputs << " outputs, " << vcs
                     << " VCs, wide " << wide);
        SwitchAllocator fast(static_cast<PortId>(inputs), static_cast<PortId>(outputs), vcs, wide);
        SwitchAllocator full(static_cast<PortId>(inputs), static_cast<PortId>(outputs), vcs, wide,
                             /*shortcut=*/false);
        std::vector<std::vector<PortSet>> want(inputs, std::vector<PortSet>(vcs));
        std::vector<std::uint32_t> ready(inputs);
        std::vector<SwitchGrant> a, b;
        for (int cycle = 0; cycle < 400; ++cycle) {
            draw_requests(rng, outputs, vcs, 3, ready, want);
            if (rng() % 4 != 0) {  // one input ready
                const unsigned keep = static_cast<unsigned>(rng() % inputs);
                for (unsigned p = 0; p < inputs; ++p)
                    if (p != keep) ready[p] = 0;
                if (!ready[keep]) ready[keep] = 1;
                ++single_cycles;
            }
            auto ask = [&](PortId p, VcId v) { return want[p][v]; };
            fast.allocate(ready, ask, a);
            full.allocate(ready, ask, b);
            require_same_grants(a, b);
            for (const SwitchGrant& g : a)
                if (g.outputs.count() > 1) ++multi_grants;
        }
    }
    REQUIRE(single_cycles > 20000);
    REQUIRE(multi_grants > 5000);
}
