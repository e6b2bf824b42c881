// Lock-step monitor (issue 6): in the middle of every cycle it reads every link of a Network
// ({valid, flit, credit} as driven in that cycle) and either records them or compares them with
// a recording; the first difference stops the simulation and is kept as a readable report.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <systemc>

#include "systemc/Network.hpp"

namespace wormcast::cosim {

/// One channel's wires in one cycle.
struct LinkSample {
    bool valid = false;
    Flit flit;  ///< every field compared (data up to 64 bits: any flit_width)
    std::uint32_t credit = 0;
    bool operator==(const LinkSample& o) const {
        return valid == o.valid && flit == o.flit && credit == o.credit;
    }
    bool operator!=(const LinkSample& o) const { return !(*this == o); }
};

/// Who drives a channel's forward wires (valid, flit) and its credit wire.
struct LinkDrivers {
    std::string link;
    std::string forward;
    std::string credit;
};

/// Every link of a network in every cycle, cycle-major.
struct LinkTrace {
    std::vector<LinkDrivers> links;
    std::vector<LinkSample> samples;  ///< [cycle * links.size() + link]
    Cycle cycles() const { return links.empty() ? 0 : samples.size() / links.size(); }
};

/// Drivers of each of `network.links()`, from the link names Network gives them.
std::vector<LinkDrivers> link_drivers(const Network& network);

class LinkMonitor : public sc_core::sc_module {
  public:
    /// Records into `record` when `expected` is null, else compares against `expected`.
    LinkMonitor(sc_core::sc_module_name name, const Network& network, const LinkTrace* expected,
                LinkTrace* record);

    bool mismatched() const { return !mismatch_.empty(); }
    const std::string& mismatch() const { return mismatch_; }
    Cycle mismatch_cycle() const { return mismatch_cycle_; }
    Cycle cycles_checked() const { return cycles_; }

  private:
    SC_HAS_PROCESS(LinkMonitor);
    void sample();
    std::string report(Cycle cycle, std::size_t link, const LinkSample& expected,
                       const LinkSample& actual) const;

    const Network& network_;
    const LinkTrace* expected_;
    LinkTrace* record_;
    std::vector<LinkDrivers> drivers_;
    std::vector<LinkSample> now_;
    sc_core::sc_time period_;
    bool started_ = false;
    Cycle cycles_ = 0;
    std::string mismatch_;
    Cycle mismatch_cycle_ = 0;
};

}  // namespace wormcast::cosim
