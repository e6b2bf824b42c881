// LinkWires (systemc/LinkWires.hpp) behaves as three sc_signals: seeded random writes (several
// per delta, writes that change nothing, writes undone in the same delta, deltas with no write)
// go to a link's wires and to three sc_signals alike, and observers sensitive to every event of
// each see the same activations, values, event(), posedge() and negedge(), delta for delta; and
// the reader's mirror of the valid and credit wires (LinkWire::mirror_into) follows their values.
#include <catch2/catch.hpp>

#include <cstdint>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include <fmt/format.h>

#include "systemc/Kernel.hpp"
#include "systemc/LinkWires.hpp"

using namespace wormcast;

namespace {

/// What an observer saw in one activation.
struct SeenOnWires {
    std::uint64_t delta;
    std::uint64_t time;
    bool valid, valid_event, posedge, negedge;
    Flit flit;
    bool flit_event;
    std::uint32_t credit;
    bool credit_event;
    bool operator==(const SeenOnWires& o) const {
        return delta == o.delta && time == o.time && valid == o.valid &&
               valid_event == o.valid_event && posedge == o.posedge && negedge == o.negedge &&
               flit == o.flit && flit_event == o.flit_event && credit == o.credit &&
               credit_event == o.credit_event;
    }
};

std::string describe_seen(const SeenOnWires& s) {
    return fmt::format(
        "delta {} t {}: valid {} ev {} pos {} neg {}, flit {} ev {}, credit {} ev {}", s.delta,
        s.time, s.valid, s.valid_event, s.posedge, s.negedge, to_string(s.flit), s.flit_event,
        s.credit, s.credit_event);
}

class WireObserver : public sc_core::sc_module {
  public:
    WireObserver(sc_core::sc_module_name name, sc_core::sc_signal_in_if<bool>& valid,
                 sc_core::sc_signal_in_if<Flit>& flit,
                 sc_core::sc_signal_in_if<std::uint32_t>& credit)
        : sc_module(name), valid_(valid), flit_(flit), credit_(credit) {
        SC_METHOD(see);
        sensitive << valid.value_changed_event() << valid.posedge_event() << valid.negedge_event()
                  << flit.value_changed_event() << credit.value_changed_event();
        dont_initialize();
    }
    std::vector<SeenOnWires> seen;
    /// A word the valid wire mirrors into bit 3 and the credit wire into bit 40; every other bit
    /// must keep the value it had. mirror_errors counts activations where it disagreed.
    const std::uint64_t* mirror = nullptr;
    std::uint64_t mirror_others = 0;
    int mirror_errors = 0;
    int mirror_checks = 0;
    bool mirror_agrees() const {
        const std::uint64_t want = (valid_.read() ? std::uint64_t{1} << 3 : 0) |
                                   (credit_.read() ? std::uint64_t{1} << 40 : 0) | mirror_others;
        return *mirror == want;
    }

  private:
    SC_HAS_PROCESS(WireObserver);
    void see() {
        seen.push_back({sc_core::sc_delta_count(), sc_core::sc_time_stamp().value(), valid_.read(),
                        valid_.event(), valid_.posedge(), valid_.negedge(), flit_.read(),
                        flit_.event(), credit_.read(), credit_.event()});
        if (mirror) {
            ++mirror_checks;
            if (!mirror_agrees()) ++mirror_errors;
        }
    }
    sc_core::sc_signal_in_if<bool>& valid_;
    sc_core::sc_signal_in_if<Flit>& flit_;
    sc_core::sc_signal_in_if<std::uint32_t>& credit_;
};

/// Writes the same random values to both sets of wires, a few deltas per nanosecond.
class WireFuzzWriter : public sc_core::sc_module {
  public:
    WireFuzzWriter(sc_core::sc_module_name name, std::uint32_t seed, LinkWires& link,
                   sc_core::sc_signal<bool>& valid, sc_core::sc_signal<Flit>& flit,
                   sc_core::sc_signal<std::uint32_t>& credit)
        : sc_module(name),
          rng_(seed),
          link_(link),
          valid_(valid),
          flit_(flit),
          credit_(credit),
          link_flit_(&link.flit),
          link_credit_(&link.credit) {
        SC_METHOD(write);
    }
    int steps = 0;

  private:
    SC_HAS_PROCESS(WireFuzzWriter);
    template <typename T, typename Draw>
    void maybe(T cur, Draw&& draw, sc_core::sc_signal_inout_if<T>& sig,
               sc_core::sc_signal_inout_if<T>& wire,
               typename std::common_type<const WireWriter<T>*>::type writer) {
        const unsigned what = pick(6);
        if (what >= 3) return;  // no write
        T value = what == 0 ? cur : draw();
        auto put = [&](const T& v) {
            sig.write(v);
            if (writer)
                writer->write(v);
            else
                wire.write(v);
        };
        put(value);
        if (pick(4) == 0) put(draw());  // written twice
        if (pick(4) == 0) put(cur);     // undone
    }
    unsigned pick(unsigned n) { return std::uniform_int_distribution<unsigned>(0, n - 1)(rng_); }
    void write() {
        if (++steps > 4000) return;
        maybe(
            valid_.read(), [&] { return pick(2) == 1; }, valid_, link_.valid, nullptr);
        maybe(
            flit_.read(),
            [&] {
                Flit f;
                f.kind = static_cast<FlitKind>(pick(6));
                f.vc = static_cast<VcId>(pick(2));
                f.message = pick(3);
                f.data = pick(4);
                return f;
            },
            flit_, link_.flit, pick(2) ? &link_flit_ : nullptr);
        maybe(
            credit_.read(), [&] { return pick(4); }, credit_, link_.credit,
            pick(2) ? &link_credit_ : nullptr);
        if (pick(3) == 0)
            next_trigger(1, sc_core::SC_NS);
        else
            next_trigger(sc_core::SC_ZERO_TIME);
    }
    std::mt19937 rng_;
    LinkWires& link_;
    sc_core::sc_signal<bool>& valid_;
    sc_core::sc_signal<Flit>& flit_;
    sc_core::sc_signal<std::uint32_t>& credit_;
    WireWriter<Flit> link_flit_;
    WireWriter<std::uint32_t> link_credit_;
};

}  // namespace

TEST_CASE("LinkWires: a link's three wires behave as three sc_signals, delta for delta",
          "[systemc][link]") {
    const auto seed = static_cast<std::uint32_t>(GENERATE(range(1, 9)));
    fresh_kernel();
    LinkWires link("link");
    sc_core::sc_signal<bool> valid("valid");
    sc_core::sc_signal<Flit> flit("flit");
    sc_core::sc_signal<std::uint32_t> credit("credit");
    WireObserver on_link("on_link", link.valid, link.flit, link.credit);
    WireObserver on_signals("on_signals", valid, flit, credit);
    WireFuzzWriter writer("writer", seed, link, valid, flit, credit);
    // The valid and credit wires mirror into two bits of one word whose other bits are set.
    const std::uint64_t others = ~((std::uint64_t{1} << 3) | (std::uint64_t{1} << 40));
    std::uint64_t mirror = others;
    REQUIRE(link.valid.mirror_into(&mirror, std::uint64_t{1} << 3));
    REQUIRE(link.credit.mirror_into(&mirror, std::uint64_t{1} << 40));
    std::uint64_t elsewhere = 0;
    CHECK_FALSE(link.valid.mirror_into(&elsewhere, 1));  // one reader per wire
    on_link.mirror = &mirror;
    on_link.mirror_others = others;
    sc_core::sc_start(5000, sc_core::SC_NS);
    INFO("seed " << seed);
    REQUIRE(writer.steps > 4000);
    REQUIRE(on_signals.seen.size() > 500);
    REQUIRE(on_link.seen.size() == on_signals.seen.size());
    for (std::size_t i = 0; i < on_link.seen.size(); ++i) {
        INFO("activation " << i << ": link " << describe_seen(on_link.seen[i]) << "; signals "
                           << describe_seen(on_signals.seen[i]));
        REQUIRE(on_link.seen[i] == on_signals.seen[i]);
    }
    CHECK(on_link.mirror_checks > 500);
    CHECK(on_link.mirror_errors == 0);
    CHECK(on_link.mirror_agrees());
    CHECK(elsewhere == 0);
    CHECK(link.valid.read() == valid.read());
    CHECK(link.flit.read() == flit.read());
    CHECK(link.credit.read() == credit.read());
}
