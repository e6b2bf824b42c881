// SystemC wrapper of a Verilated RTL router (rtl/wc_router.sv or rtl/wc_min_switch.sv, verilated
// with --pins-bv 2) with the ports of systemc/Router, so a Network binds it in place of a Router
// (issue 6). Flits cross in
// the packed layout of docs/flit-format.md: 64 bits a flit up to 32-bit flits, 32 + flit_width
// above (the model's FLIT_WIDTH; its port widths say which). The pins behave as the SystemC
// Router's: the RTL's clock edge of cycle c samples what the ports show at the start of c (written
// in c-1), and what it registers is on the ports, after a delta, before cycle c+1 starts.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <systemc>

#include "systemc/ActivityMonitor.hpp"
#include "systemc/RouterModule.hpp"

class VerilatedVcdC;  // verilated_vcd_c.h; the models are verilated with TRACE (rtl/rtl.cmake)

namespace wormcast {

/// What every RtlRouter<Model> adds to a RouterModule, whatever its verilated configuration: the
/// model's internals for a Verilator waveform (systemc/rtl/RtlWaves).
class RtlRouterBase : public RouterModule {
  public:
    // Per input port p: the link from upstream and the credits returned to it; per output port q:
    // the link downstream and the credits it returns. Ports, unlike the SystemC Router's plain
    // references: the wrapper is sensitive to them and a testbench may bind its own signals.
    sc_core::sc_vector<sc_core::sc_in<bool>> in_valid;
    sc_core::sc_vector<sc_core::sc_in<Flit>> in_flit;
    sc_core::sc_vector<sc_core::sc_out<std::uint32_t>> in_credit;
    sc_core::sc_vector<sc_core::sc_out<bool>> out_valid;
    sc_core::sc_vector<sc_core::sc_out<Flit>> out_flit;
    sc_core::sc_vector<sc_core::sc_in<std::uint32_t>> out_credit;

    RtlRouterBase(sc_core::sc_module_name name, RouterConfig config)
        : RouterModule(name, std::move(config)),
          in_valid("in_valid", config_.inputs),
          in_flit("in_flit", config_.inputs),
          in_credit("in_credit", config_.inputs),
          out_valid("out_valid", config_.outputs),
          out_flit("out_flit", config_.outputs),
          out_credit("out_credit", config_.outputs) {}

    void bind_input(PortId p, const ChannelIn& channel) override {
        in_valid[p](*channel.valid);
        in_flit[p](*channel.flit);
        in_credit[p](*channel.credit);
    }
    void bind_output(PortId q, const ChannelOut& channel) override {
        out_valid[q](*channel.valid);
        out_flit[q](*channel.flit);
        out_credit[q](*channel.credit);
    }
    /// Adds the model's ports and internal signals (e.g. every input FIFO's count_q) to `file`,
    /// `levels` levels of hierarchy deep, under the model's SystemC name (e.g. "net.r1_1.rtl").
    virtual void trace_model(VerilatedVcdC* file, int levels) = 0;
    /// The cache key of its verilated configuration (RtlLibrary::key; set by make_rtl_router),
    /// which names its synthesised netlist too.
    const std::string& rtl_key() const { return rtl_key_; }
    void set_rtl_key(std::string key) { rtl_key_ = std::move(key); }

  private:
    std::string rtl_key_;
};

/// The ATBM token-ring wiring of one RTL switch whose model has a token stop (wc_router with
/// TOKEN_RING = 1): the ring's signals before and after this stop (the previous stop drives `in`,
/// this one `out`; null: the stop is unconnected) and its straps.
struct RtlTokenWires {
    sc_core::sc_signal<bool>* in = nullptr;
    sc_core::sc_signal<bool>* out = nullptr;
    bool first = false;         ///< the stop the token leaves at reset
    std::uint32_t release = 0;  ///< real flits before the holder releases (0: at the tail)
};

namespace rtl_pins {
// Verilated ports are bool (1 bit) or sc_bv<W> (2 bits and more, --pins-bv 2).
inline void put_bit(bool& bits, int, bool value) {
    bits = value;
}
inline void put_bit(sc_dt::sc_bv_base& bits, int i, bool value) {
    bits.set_bit(i, value ? sc_dt::Log_1 : sc_dt::Log_0);
}
inline bool get_bit(bool bits, int) {
    return bits;
}
inline bool get_bit(const sc_dt::sc_bv_base& bits, int i) {
    return bits.get_bit(i) == sc_dt::Log_1;
}
/// 32-bit word i (bits 32i+31..32i).
inline void put_word(sc_dt::sc_bv_base& bits, int i, std::uint32_t value) {
    bits.set_word(i, value);
}
inline std::uint32_t get_word(const sc_dt::sc_bv_base& bits, int i) {
    return bits.get_word(i);
}
/// Bits lo .. lo + n - 1 (n <= 64), across 32-bit words: a packed flit's fields, which need not
/// start on a word (a 40-bit flit is 72 bits on the port).
inline void put_bits(sc_dt::sc_bv_base& bits, int lo, int n, std::uint64_t value) {
    for (int done = 0; done < n;) {
        const int word = (lo + done) / 32, at = (lo + done) % 32;
        const int take = std::min(32 - at, n - done);
        const std::uint32_t mask = (take == 32 ? ~0u : (1u << take) - 1u) << at;
        const std::uint32_t chunk = static_cast<std::uint32_t>(value >> done) << at;
        bits.set_word(word, (bits.get_word(word) & ~mask) | (chunk & mask));
        done += take;
    }
}
inline std::uint64_t get_bits(const sc_dt::sc_bv_base& bits, int lo, int n) {
    std::uint64_t value = 0;
    for (int done = 0; done < n;) {
        const int word = (lo + done) / 32, at = (lo + done) % 32;
        const int take = std::min(32 - at, n - done);
        const std::uint32_t mask = take == 32 ? ~0u : (1u << take) - 1u;
        value |= std::uint64_t{(bits.get_word(word) >> at) & mask} << done;
        done += take;
    }
    return value;
}
inline void put_value(bool& bits, std::uint32_t value) {
    bits = value & 1U;
}
inline void put_value(sc_dt::sc_bv_base& bits, std::uint32_t value) {
    bits = value;
}

/// The strap input that places a model in its network: a mesh router's node_id_i, a MIN switch's
/// row_i.
template <typename Model, typename = void>
struct HasRowStrap : std::false_type {};
template <typename Model>
struct HasRowStrap<Model, std::void_t<decltype(std::declval<Model&>().row_i)>> : std::true_type {};
/// The route table strap of a wc_router (table_i; one unused bit with e-cube routing).
template <typename Model, typename = void>
struct HasTable : std::false_type {};
template <typename Model>
struct HasTable<Model, std::void_t<decltype(std::declval<Model&>().table_i)>> : std::true_type {};
/// The token-ring pins of a wc_router (token_i, token_o and their straps).
template <typename Model, typename = void>
struct HasToken : std::false_type {};
template <typename Model>
struct HasToken<Model, std::void_t<decltype(std::declval<Model&>().token_i)>> : std::true_type {};
/// The per-port link latency straps of a wc_router (in_latency_i, out_latency_i).
template <typename Model, typename = void>
struct HasLatency : std::false_type {};
template <typename Model>
struct HasLatency<Model, std::void_t<decltype(std::declval<Model&>().in_latency_i)>>
    : std::true_type {};
/// One byte per port, port 0 in the lowest, as 32-bit words (a latency above 255 reads 255: the
/// RTL refuses it, as it does any above its MAX_LATENCY).
inline std::vector<std::uint32_t> byte_words(const std::vector<unsigned>& values) {
    std::vector<std::uint32_t> words((values.size() + 3) / 4, 0);
    for (std::size_t i = 0; i < values.size(); ++i)
        words[i / 4] |= std::min(values[i], 255u) << (8 * (i % 4));
    return words;
}
template <typename Bits>
void put_words(Bits& bits, const std::vector<std::uint32_t>& words) {
    if constexpr (std::is_same_v<Bits, bool>) {
        bits = !words.empty() && (words.front() & 1U);
    } else {
        for (std::size_t i = 0; i < words.size(); ++i) bits.set_word(static_cast<int>(i), words[i]);
    }
}
template <typename Model>
auto& strap_port(Model& model) {
    if constexpr (HasRowStrap<Model>::value)
        return model.row_i;
    else
        return model.node_id_i;
}
}  // namespace rtl_pins

template <typename Model>
class RtlRouter : public RtlRouterBase {
  public:
    /// `strap`: the value of the model's strap input (a mesh router's node, a MIN switch's row);
    /// a mesh router's by default. `table`: the route table of a table-routed wc_router
    /// (RouteTable::pack), driven onto table_i from reset on.
    RtlRouter(sc_core::sc_module_name name, const RouterConfig& config, sc_core::sc_time period,
              ActivityMonitor* monitor, std::int64_t strap = -1,
              std::vector<std::uint32_t> table = {}, RtlTokenWires token = {})
        : RtlRouterBase(name, config),
          model_("rtl"),
          clk_("clk", false),
          rst_n_("rst_n", true),
          node_id_("node_id"),
          rtl_in_valid_("rtl_in_valid"),
          rtl_in_flit_("rtl_in_flit"),
          rtl_in_credit_("rtl_in_credit"),
          rtl_out_valid_("rtl_out_valid"),
          rtl_out_flit_("rtl_out_flit"),
          rtl_out_credit_("rtl_out_credit"),
          rtl_error_("rtl_error"),
          period_(period),
          half_period_(period / 2.0),
          monitor_(monitor),
          strap_(strap < 0 ? config_.node : static_cast<std::uint32_t>(strap)),
          stats_(config_.outputs),
          table_words_(std::move(table)),
          token_(token) {
        if (period.value() % 2 != 0)
            throw ConfigError(
                fmt::format("{}: clock period must be an even number of time units", name));
        const auto widths_fit = [](std::size_t bits, std::size_t channels,
                                   std::size_t per_channel) {
            return bits == channels * per_channel;
        };
        if (!widths_fit(InFlitBits().length(), config_.inputs, packed_bits_) ||
            !widths_fit(OutFlitBits().length(), config_.outputs, packed_bits_))
            throw ConfigError(fmt::format(
                "{}: the RTL model's flit ports are not {} inputs and {} outputs of {} bits "
                "(flit_width {}: {} data bits and {} control bits packed)",
                name, config_.inputs, config_.outputs, packed_bits_,
                config_.header_format.flit_width, data_bits_, Flit::kControlBits));
        model_.clk_i(clk_);
        model_.rst_ni(rst_n_);
        rtl_pins::strap_port(model_)(node_id_);
        if constexpr (rtl_pins::HasTable<Model>::value) {
            std::size_t width = 1;
            if constexpr (!std::is_same_v<TableBits, bool>) width = TableBits().length();
            const bool fits =
                width == 1 ? table_words_.size() <= 1 : table_words_.size() == (width + 31) / 32;
            if (!fits)
                throw ConfigError(
                    fmt::format("{}: a route table of {} words for a table input of {} bits",
                                std::string(name), table_words_.size(), width));
            model_.table_i(table_);
        }
        if constexpr (rtl_pins::HasToken<Model>::value) {
            model_.token_first_i(token_first_);
            model_.token_release_i(token_release_);
            model_.token_i(token_.in ? *token_.in : token_in_);
            model_.token_o(token_.out ? *token_.out : token_out_);
            model_.token_grants_o(token_grants_);
            model_.token_wait_o(token_wait_);
        } else if (token_.in || token_.out) {
            throw ConfigError(fmt::format("{}: the RTL model has no token-ring pins", name));
        }
        if constexpr (rtl_pins::HasLatency<Model>::value) {
            model_.in_latency_i(in_latency_);
            model_.out_latency_i(out_latency_);
        }
        model_.in_valid_i(rtl_in_valid_);
        model_.in_flit_i(rtl_in_flit_);
        model_.in_credit_o(rtl_in_credit_);
        model_.out_valid_o(rtl_out_valid_);
        model_.out_flit_o(rtl_out_flit_);
        model_.out_credit_i(rtl_out_credit_);
        model_.error_o(rtl_error_);
        SC_METHOD(tick);
        SC_METHOD(forward);
        sensitive << rtl_out_valid_ << rtl_out_flit_ << rtl_in_credit_;
    }

    const OutputStats& output_stats(PortId q) const override { return stats_[q]; }
    std::uint64_t active_cycles() const override { return cycles_; }
    std::optional<TokenRingStats> token_stats() const override {
        if constexpr (rtl_pins::HasToken<Model>::value) {
            const auto word64 = [](const auto& bits) {
                return std::uint64_t{rtl_pins::get_word(bits, 0)} |
                       std::uint64_t{rtl_pins::get_word(bits, 1)} << 32;
            };
            return TokenRingStats{word64(token_grants_.read()), word64(token_wait_.read())};
        }
        return std::nullopt;
    }
    void trace_model(VerilatedVcdC* file, int levels) override { model_.trace(file, levels); }

  private:
    SC_HAS_PROCESS(RtlRouter);
    template <typename Port>
    using PinType = typename std::remove_reference_t<Port>::data_type;
    using NodeBits = PinType<decltype(rtl_pins::strap_port(std::declval<Model&>()))>;
    template <typename M, bool = rtl_pins::HasTable<M>::value>
    struct TableOf {
        using type = bool;
    };
    template <typename M>
    struct TableOf<M, true> {
        using type = PinType<decltype(std::declval<M&>().table_i)>;
    };
    using TableBits = typename TableOf<Model>::type;
    template <typename M, bool = rtl_pins::HasToken<M>::value>
    struct ReleaseOf {
        using type = bool;
    };
    template <typename M>
    struct ReleaseOf<M, true> {
        using type = PinType<decltype(std::declval<M&>().token_release_i)>;
    };
    using ReleaseBits = typename ReleaseOf<Model>::type;
    template <typename M, bool = rtl_pins::HasToken<M>::value>
    struct CounterOf {
        using type = bool;
    };
    template <typename M>
    struct CounterOf<M, true> {
        using type = PinType<decltype(std::declval<M&>().token_grants_o)>;
    };
    using CounterBits = typename CounterOf<Model>::type;
    template <typename M, bool = rtl_pins::HasLatency<M>::value>
    struct LatencyOf {
        using in = bool;
        using out = bool;
    };
    template <typename M>
    struct LatencyOf<M, true> {
        using in = PinType<decltype(std::declval<M&>().in_latency_i)>;
        using out = PinType<decltype(std::declval<M&>().out_latency_i)>;
    };
    using InLatencyBits = typename LatencyOf<Model>::in;
    using OutLatencyBits = typename LatencyOf<Model>::out;
    using InValidBits = PinType<decltype(std::declval<Model&>().in_valid_i)>;
    using InFlitBits = PinType<decltype(std::declval<Model&>().in_flit_i)>;
    using InCreditBits = PinType<decltype(std::declval<Model&>().in_credit_o)>;
    using OutValidBits = PinType<decltype(std::declval<Model&>().out_valid_o)>;
    using OutFlitBits = PinType<decltype(std::declval<Model&>().out_flit_o)>;
    using OutCreditBits = PinType<decltype(std::declval<Model&>().out_credit_i)>;

    /// An error raised in a process stops the run and reaches the caller (as in Router::cycle).
    void tick() {
        if (monitor_)
            monitor_->guarded([this] { clock_edge(); });
        else
            clock_edge();
    }
    void forward() {
        if (monitor_)
            monitor_->guarded([this] { copy_outputs(); });
        else
            copy_outputs();
    }

    /// Clock: rising edge at the start of every cycle (after sampling the ports), falling edge
    /// half a period later. Reset is applied at the edge of cycle 0, in which the SystemC Router
    /// cannot see any flit or credit either.
    void clock_edge() {
        if (rising_) {
            const Cycle now = sc_core::sc_time_stamp().value() / period_.value();
            if (now > 0) observe(now - 1);
            sample();
            if (now == 0) {
                NodeBits node;
                rtl_pins::put_value(node, strap_);
                node_id_.write(node);
                if constexpr (rtl_pins::HasTable<Model>::value) {
                    TableBits bits;
                    rtl_pins::put_words(bits, table_words_);
                    table_.write(bits);
                }
                if constexpr (rtl_pins::HasLatency<Model>::value) {
                    InLatencyBits in;
                    rtl_pins::put_words(in, rtl_pins::byte_words(config_.input_credit_latency));
                    in_latency_.write(in);
                    OutLatencyBits out;
                    rtl_pins::put_words(out, rtl_pins::byte_words(config_.output_link_latency));
                    out_latency_.write(out);
                }
                if constexpr (rtl_pins::HasToken<Model>::value) {
                    token_first_.write(token_.first);
                    ReleaseBits release;
                    rtl_pins::put_value(release, token_.release);
                    token_release_.write(release);
                }
                rst_n_.write(false);
            }
            clk_.write(true);
            ++cycles_;
        } else {
            clk_.write(false);
            rst_n_.write(true);
        }
        rising_ = !rising_;
        next_trigger(half_period_);
    }

    /// The ports as the SystemC Router would read them in this cycle.
    void sample() {
        InValidBits valid;
        InFlitBits flits;
        OutCreditBits credits;
        std::int64_t entered = 0, received = 0;
        for (PortId p = 0; p < config_.inputs; ++p) {
            rtl_pins::put_bit(valid, p, in_valid[p].read());
            if (in_valid[p].read()) ++received;
            if (in_valid[p].read() && !in_flit[p].read().is_bubble()) ++entered;
            const Flit& flit = in_flit[p].read();
            const int at = static_cast<int>(p * packed_bits_);
            if (data_bits_ < 64 && (flit.data >> data_bits_))
                throw ModelError(
                    fmt::format("{}: flit data 0x{:x} on input {} is wider than the "
                                "{}-bit data field of the RTL link",
                                name(), flit.data, p, data_bits_));
            rtl_pins::put_bits(flits, at, static_cast<int>(data_bits_), flit.data);
            rtl_pins::put_bits(flits, at + static_cast<int>(data_bits_),
                               static_cast<int>(Flit::kControlBits), flit.pack_control());
        }
        for (PortId q = 0; q < config_.outputs; ++q)
            rtl_pins::put_word(credits, q, out_credit[q].read());
        rtl_in_valid_.write(valid);
        rtl_in_flit_.write(flits);
        rtl_out_credit_.write(credits);
        // Flits in the network (the deadlock watchdog, the end of a run): a router that
        // replicates or shortens a header changes the count by what leaves minus what enters.
        if (monitor_) {
            monitor_->flits_in_network -= entered;
            monitor_->flits_in_rtl_buffers += received;
        }
    }

    /// What the RTL registered in cycle `cycle`: statistics, progress, and its error flag.
    void observe(Cycle cycle) {
        if (rtl_error_.read())
            throw ModelError(fmt::format(
                "{} cycle {}: the RTL router flagged a protocol error (its message is above)",
                name(), cycle));
        if (monitor_) {  // one credit per slot freed: a flit or bubble left an input buffer
            const InCreditBits& credits = rtl_in_credit_.read();
            for (PortId p = 0; p < config_.inputs; ++p)
                monitor_->flits_in_rtl_buffers -=
                    __builtin_popcount(rtl_pins::get_word(credits, p));
        }
        const OutValidBits& valid = rtl_out_valid_.read();
        for (PortId q = 0; q < config_.outputs; ++q) {
            if (!rtl_pins::get_bit(valid, q)) continue;
            if (out_flit[q].read().is_bubble()) {
                ++stats_[q].bubbles;
            } else {
                ++stats_[q].flits;
                if (out_flit[q].read().is_head()) ++stats_[q].heads;
                if (monitor_) {
                    monitor_->moved(cycle);
                    ++monitor_->flits_in_network;
                }
            }
        }
    }

    /// The RTL's registered outputs onto the ports, in the delta after its clock edge.
    void copy_outputs() {
        const OutValidBits& valid = rtl_out_valid_.read();
        const OutFlitBits& flits = rtl_out_flit_.read();
        const InCreditBits& credits = rtl_in_credit_.read();
        for (PortId q = 0; q < config_.outputs; ++q) {
            out_valid[q].write(rtl_pins::get_bit(valid, q));
            const int at = static_cast<int>(q * packed_bits_);
            const FlitWord data = rtl_pins::get_bits(flits, at, static_cast<int>(data_bits_));
            const auto control = static_cast<std::uint32_t>(rtl_pins::get_bits(
                flits, at + static_cast<int>(data_bits_), static_cast<int>(Flit::kControlBits)));
            out_flit[q].write(Flit::unpack(control, data));
        }
        for (PortId p = 0; p < config_.inputs; ++p)
            in_credit[p].write(rtl_pins::get_word(credits, p));
    }

    Model model_;
    sc_core::sc_signal<bool> clk_;
    sc_core::sc_signal<bool> rst_n_;
    sc_core::sc_signal<NodeBits> node_id_;
    sc_core::sc_signal<TableBits> table_{"table"};
    sc_core::sc_signal<bool> token_first_{"token_first"};
    sc_core::sc_signal<ReleaseBits> token_release_{"token_release"};
    sc_core::sc_signal<bool> token_in_{"token_in"};  // an unconnected stop: no token arrives
    sc_core::sc_signal<bool> token_out_{"token_out"};
    sc_core::sc_signal<InLatencyBits> in_latency_{"in_latency"};
    sc_core::sc_signal<OutLatencyBits> out_latency_{"out_latency"};
    // The token stop's statistics counters (64 bits each).
    sc_core::sc_signal<CounterBits> token_grants_{"token_grants"};
    sc_core::sc_signal<CounterBits> token_wait_{"token_wait"};
    sc_core::sc_signal<InValidBits> rtl_in_valid_;
    sc_core::sc_signal<InFlitBits> rtl_in_flit_;
    sc_core::sc_signal<InCreditBits> rtl_in_credit_;
    sc_core::sc_signal<OutValidBits> rtl_out_valid_;
    sc_core::sc_signal<OutFlitBits> rtl_out_flit_;
    sc_core::sc_signal<OutCreditBits> rtl_out_credit_;
    sc_core::sc_signal<bool> rtl_error_;
    sc_core::sc_time period_;
    sc_core::sc_time half_period_;
    ActivityMonitor* monitor_;
    std::uint32_t strap_;
    /// The packed flit on the ports (docs/flit-format.md): its data field and whole width.
    unsigned data_bits_ = Flit::packed_data_bits(config_.header_format.flit_width);
    unsigned packed_bits_ = data_bits_ + Flit::kControlBits;
    std::vector<OutputStats> stats_;
    std::vector<std::uint32_t> table_words_;
    RtlTokenWires token_;
    bool rising_ = true;
    std::uint64_t cycles_ = 0;
};

}  // namespace wormcast
