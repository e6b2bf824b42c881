// One verilated RTL configuration (see RtlConfig.hpp).
#include "systemc/rtl/RtlConfig.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace wormcast::rtl {

namespace {
std::vector<RtlParameter> sorted(std::vector<RtlParameter> parameters) {
    std::sort(parameters.begin(), parameters.end(),
              [](const RtlParameter& a, const RtlParameter& b) { return a.name < b.name; });
    return parameters;
}
}  // namespace

RtlConfig& RtlConfig::set(const std::string& name, std::int64_t value) {
    for (auto& p : parameters)
        if (p.name == name) {
            p.value = value;
            return *this;
        }
    parameters.push_back(RtlParameter{name, value});
    return *this;
}

std::int64_t RtlConfig::get(const std::string& name, std::int64_t fallback) const {
    for (const auto& p : parameters)
        if (p.name == name) return p.value;
    return fallback;
}

std::string RtlConfig::canonical() const {
    std::string out = top;
    for (const auto& p : sorted(parameters)) out += fmt::format(" {}={}", p.name, p.value);
    return out;
}

std::vector<std::string> RtlConfig::verilator_arguments() const {
    std::vector<std::string> out;
    for (const auto& p : sorted(parameters)) out.push_back(fmt::format("-G{}={}", p.name, p.value));
    return out;
}

std::string RtlConfig::describe() const {
    std::string out = top;
    for (const auto& p : parameters) out += fmt::format(" {}={}", p.name, p.value);
    return out;
}

}  // namespace wormcast::rtl
