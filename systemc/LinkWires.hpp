// The wires of one channel (DESIGN.md §1): {valid, flit} forward, credits back. One SystemC
// primitive channel carries all three: it is the only SystemC object of the link, where three
// sc_signals were three objects to name, register and look up (a 64x64 mesh has about 25,000
// links). Each wire behaves as an sc_signal with one writer: a write is seen after the update
// phase, a change notifies the wire's value-changed event in the next delta, read() returns the
// current value by reference. Tracing and ports see the wires as signals (sc_signal_inout_if);
// their names are the link's with _valid, _flit and _credit appended, as the signals had.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include <systemc>

#include "systemc/ChannelWires.hpp"
#include "systemc/Flit.hpp"

namespace wormcast {

class LinkWires;

namespace link_detail {
/// The update of a link: the primitive channel whose update phase commits its wires' writes.
class LinkChannel : public sc_core::sc_prim_channel {
  public:
    LinkChannel(const char* name, LinkWires& link) : sc_prim_channel(name), link_(link) {}
    void request() { request_update(); }

  private:
    void update() override;
    LinkWires& link_;
};

/// What a wire of any type has: its values, the link's update, a lazily made change event.
template <typename T>
class WireBase : public sc_core::sc_signal_inout_if<T> {
  public:
    WireBase(LinkChannel& channel, const char* suffix) : channel_(channel), suffix_(suffix) {}
    WireBase(const WireBase&) = delete;
    WireBase& operator=(const WireBase&) = delete;

    const T& read() const override { return cur_; }
    const T& get_data_ref() const override { return cur_; }
    bool event() const override {
        return sc_core::sc_get_curr_simcontext()->event_occurred(stamp_);
    }
    const sc_core::sc_event& value_changed_event() const override { return lazy(changed_); }
    const sc_core::sc_event& default_event() const override { return value_changed_event(); }
    void write(const T& value) override { set(value); }
    /// write() without the virtual call (WireWriter).
    void set(const T& value) {
        const bool changed = !(new_ == value);
        new_ = value;
        if (changed) channel_.request();
    }
    /// The hierarchical name a signal of this wire would have ("net.r0_0_o1__r1_0_i3_valid").
    std::string name() const { return std::string(channel_.name()) + suffix_; }
    std::string basename() const { return std::string(channel_.basename()) + suffix_; }

    /// The update phase (LinkChannel::update): commit a changed value, as sc_signal does.
    bool commit() {
        if (new_ == cur_) return false;
        stamp_ = sc_core::sc_get_curr_simcontext()->change_stamp();
        if (changed_) changed_->notify(sc_core::SC_ZERO_TIME);
        cur_ = new_;
        if (mirror_word_) update_mirror();
        return true;
    }

    /// Keeps bit `bit` of `*word` equal to "this wire's current value is not zero" from now on:
    /// the reader's set of inputs with a flit (or outputs with a credit), written by the update
    /// phase that already touches the link, so that a cycle reads only the wires that carry
    /// something. One reader per wire: false if another one mirrors it already.
    bool mirror_into(std::uint64_t* word, std::uint64_t bit) {
        if (mirror_word_ && mirror_word_ != word) return false;
        mirror_word_ = word;
        mirror_bit_ = bit;
        update_mirror();
        return true;
    }

  protected:
    /// An event made on first use. The routers and NICs ask for theirs in their first cycle,
    /// once the simulation runs, when an unnamed event costs no entry in SystemC's object table
    /// (one asked for during elaboration, by a port's static sensitivity, gets a generated name).
    static const sc_core::sc_event& lazy(std::unique_ptr<sc_core::sc_event>& event) {
        if (!event) event = std::make_unique<sc_core::sc_event>();
        return *event;
    }
    T cur_{};
    T new_{};

  private:
    void update_mirror() {
        if (cur_ == T{})
            *mirror_word_ &= ~mirror_bit_;
        else
            *mirror_word_ |= mirror_bit_;
    }
    LinkChannel& channel_;
    const char* suffix_;
    sc_dt::uint64 stamp_ = ~sc_dt::uint64{0};
    mutable std::unique_ptr<sc_core::sc_event> changed_;
    std::uint64_t* mirror_word_ = nullptr;  ///< mirror_into
    std::uint64_t mirror_bit_ = 0;
};
}  // namespace link_detail

template <typename T>
class LinkWire : public link_detail::WireBase<T> {
  public:
    using link_detail::WireBase<T>::WireBase;
};

/// The valid wire: a bool signal's edges too.
template <>
class LinkWire<bool> : public link_detail::WireBase<bool> {
  public:
    using WireBase::WireBase;
    const sc_core::sc_event& posedge_event() const override { return lazy(posedge_); }
    const sc_core::sc_event& negedge_event() const override { return lazy(negedge_); }
    bool posedge() const override { return event() && cur_; }
    bool negedge() const override { return event() && !cur_; }
    bool commit() {
        if (!WireBase::commit()) return false;
        if (cur_ && posedge_) posedge_->notify(sc_core::SC_ZERO_TIME);
        if (!cur_ && negedge_) negedge_->notify(sc_core::SC_ZERO_TIME);
        return true;
    }

  private:
    mutable std::unique_ptr<sc_core::sc_event> posedge_;
    mutable std::unique_ptr<sc_core::sc_event> negedge_;
};

/// Writes a wire bound as a signal interface: directly when it is a link's wire (the modules'
/// per-cycle writes need no virtual call), through the interface otherwise (a bench's
/// sc_signal).
template <typename T>
class WireWriter {
  public:
    WireWriter() = default;
    explicit WireWriter(sc_core::sc_signal_inout_if<T>* wire)
        : wire_(wire), link_(dynamic_cast<LinkWire<T>*>(wire)) {}
    void write(const T& value) const {
        if (link_)
            link_->set(value);
        else
            wire_->write(value);
    }

  private:
    sc_core::sc_signal_inout_if<T>* wire_ = nullptr;
    LinkWire<T>* link_ = nullptr;
};

/// Forward {valid, flit} and backward credit wires of one channel. Each has one writer by
/// construction (the module the end is connected to).
class LinkWires {
  public:
    explicit LinkWires(const std::string& base)
        : channel_(base.c_str(), *this),
          valid(channel_, "_valid"),
          flit(channel_, "_flit"),
          credit(channel_, "_credit") {}
    LinkWires(const LinkWires&) = delete;
    LinkWires& operator=(const LinkWires&) = delete;

  private:
    link_detail::LinkChannel channel_;

  public:
    LinkWire<bool> valid;
    LinkWire<Flit> flit;
    LinkWire<std::uint32_t> credit;
    std::string name;  ///< what the link joins, for messages ("r0_0.out1 -> r1_0.in3")

    ChannelOut sending_end() { return {&valid, &flit, &credit}; }
    ChannelIn receiving_end() { return {&valid, &flit, &credit}; }

  private:
    friend class link_detail::LinkChannel;
    void update() {
        valid.commit();
        flit.commit();
        credit.commit();
    }
};

inline void link_detail::LinkChannel::update() {
    link_.update();
}

}  // namespace wormcast
