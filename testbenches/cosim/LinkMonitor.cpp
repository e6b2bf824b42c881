// Lock-step link monitor (see LinkMonitor.hpp).
#include "testbenches/cosim/LinkMonitor.hpp"

#include <regex>

#include <fmt/format.h>

namespace wormcast::cosim {

using namespace sc_core;

std::vector<LinkDrivers> link_drivers(const Network& network) {
    static const std::regex router_link(R"((\S+)\.out(\d+) -> (\S+)\.in(\d+))");
    static const std::regex injection(R"(node (\S+) injection (\d+))");
    static const std::regex consumption(R"(node (\S+) consumption (\d+))");
    static const std::regex tie(R"((\S+)_tie_([io])(\d+)_valid)");
    std::vector<LinkDrivers> out;
    for (const auto& w : network.links()) {
        LinkDrivers d;
        std::smatch m;
        d.link = w->name.empty() ? std::string(w->valid.name()) : w->name;
        if (std::regex_match(w->name, m, router_link)) {
            d.forward = fmt::format("router {} output {}", m[1].str(), m[2].str());
            d.credit = fmt::format("router {} input {}", m[3].str(), m[4].str());
        } else if (std::regex_match(w->name, m, injection)) {
            d.forward =
                fmt::format("NIC of node {} (injection channel {})", m[1].str(), m[2].str());
            d.credit =
                fmt::format("router of node {} (its injection input {})", m[1].str(), m[2].str());
        } else if (std::regex_match(w->name, m, consumption)) {
            d.forward = fmt::format("router of node {} (its consumption output {})", m[1].str(),
                                    m[2].str());
            d.credit =
                fmt::format("NIC of node {} (consumption channel {})", m[1].str(), m[2].str());
        } else {
            const std::string signal = w->valid.basename();
            if (std::regex_match(signal, m, tie)) {
                const bool input = m[2].str() == "i";
                d.link = fmt::format("tie-off of router {} {} {}", m[1].str(),
                                     input ? "input" : "output", m[3].str());
                d.forward = input ? "nothing (tied off)"
                                  : fmt::format("router {} output {}", m[1].str(), m[3].str());
                d.credit = input ? fmt::format("router {} input {}", m[1].str(), m[3].str())
                                 : "nothing (tied off)";
            } else {
                d.forward = d.credit = "?";
            }
        }
        out.push_back(std::move(d));
    }
    return out;
}

LinkMonitor::LinkMonitor(sc_module_name name, const Network& network, const LinkTrace* expected,
                         LinkTrace* record)
    : sc_module(name),
      network_(network),
      expected_(expected),
      record_(record),
      drivers_(link_drivers(network)),
      now_(network.links().size()),
      period_(network.clock()) {
    if (record_) {
        record_->links = drivers_;
        record_->samples.clear();
    }
    if (expected_ && expected_->links.size() != drivers_.size())
        throw ConfigError(fmt::format("lock-step: the recording has {} links, this network {}",
                                      expected_->links.size(), drivers_.size()));
    SC_METHOD(sample);
}

void LinkMonitor::sample() {
    // First activation (elaboration): move to the middle of cycle 0, when every wire holds what
    // was driven in that cycle.
    if (!started_) {
        started_ = true;
        next_trigger(period_ / 2.0);
        return;
    }
    const Cycle cycle = cycles_++;
    const auto& links = network_.links();
    for (std::size_t l = 0; l < links.size(); ++l)
        now_[l] =
            LinkSample{links[l]->valid.read(), links[l]->flit.read(), links[l]->credit.read()};
    if (record_) record_->samples.insert(record_->samples.end(), now_.begin(), now_.end());
    if (expected_) {
        if (cycle >= expected_->cycles()) {
            mismatch_ = fmt::format("cycle {}: the run is longer than the recording ({} cycles)",
                                    cycle, expected_->cycles());
            mismatch_cycle_ = cycle;
            sc_stop();
            return;
        }
        for (std::size_t l = 0; l < now_.size(); ++l) {
            const LinkSample& want = expected_->samples[cycle * now_.size() + l];
            if (want == now_[l]) continue;
            mismatch_ = report(cycle, l, want, now_[l]);
            mismatch_cycle_ = cycle;
            sc_stop();
            return;
        }
    }
    next_trigger(period_);
}

namespace {
std::string show(const LinkSample& s) {
    return fmt::format("valid={} flit={} credit=0x{:x}", s.valid ? 1 : 0, to_string(s.flit),
                       s.credit);
}
}  // namespace

std::string LinkMonitor::report(Cycle cycle, std::size_t link, const LinkSample& expected,
                                const LinkSample& actual) const {
    const LinkDrivers& d = drivers_[link];
    std::string who;
    if (expected.valid != actual.valid || expected.flit != actual.flit)
        who += "valid/flit driven by " + d.forward;
    if (expected.credit != actual.credit)
        who += std::string(who.empty() ? "" : "; ") + "credit driven by " + d.credit;
    return fmt::format("first mismatch in cycle {} on link {} ({}):\n  expected {}\n  actual   {}",
                       cycle, d.link, who, show(expected), show(actual));
}

}  // namespace wormcast::cosim
