// The switch grouping algorithm of Fig. 9, run on the wiring (see SwitchGrouping.hpp).
// Varavithya & Mohapatra §3: tags start at the node side and propagate back as unions.
#include "topologies/min/SwitchGrouping.hpp"

#include <algorithm>
#include <iterator>
#include <map>

#include <fmt/format.h>

namespace wormcast::min {

SwitchGrouping::SwitchGrouping(const MinWiring& wiring, std::uint32_t consumption_channels)
    : shape_(wiring.shape()), consumption_channels_(consumption_channels) {
    if (consumption_channels != 1 && consumption_channels != shape_.radix)
        throw ConfigError(fmt::format(
            "consumption channels: {} is neither 1 nor b = {} (the models the grouping knows)",
            consumption_channels, shape_.radix));
    run_algorithm(wiring);
    label_domains();
}

std::vector<std::uint32_t> SwitchGrouping::successor_rows(const MinWiring& wiring,
                                                          std::uint32_t kstage,
                                                          std::uint32_t row) const {
    const std::uint32_t b = shape_.radix;
    const std::uint32_t n = shape_.stages;
    std::vector<std::uint32_t> rows;
    if (!wiring.bidirectional()) {
        for (PortId p = 0; p < b; ++p)
            rows.push_back(wiring.output_target(SwitchId{kstage, row}, p).switch_id.row);
        return rows;
    }
    if (kstage + 1 < n) {  // forward network: right ports lead one stage up
        for (PortId p = 0; p < b; ++p)
            rows.push_back(wiring.output_target(SwitchId{kstage, row}, static_cast<PortId>(b + p))
                               .switch_id.row);
    } else if (kstage + 1 == n) {  // turnaround: the top switch's outputs are its backward copy
        rows.assign(b, row);
    } else {  // backward network: left ports lead one stage down
        const std::uint32_t stage = 2 * n - (kstage + 1);
        for (PortId p = 0; p < b; ++p)
            rows.push_back(wiring.output_target(SwitchId{stage, row}, p).switch_id.row);
    }
    return rows;
}

void SwitchGrouping::run_algorithm(const MinWiring& wiring) {
    const std::uint32_t stages = effective_stages();
    const std::uint32_t rows = shape_.rows();
    tag_of_row_.assign(stages, std::vector<std::uint32_t>(rows, kNoTag));
    distinct_tags_.assign(stages, {});
    const std::uint32_t skipped = consumption_channels_ == 1 ? 1 : 2;
    if (stages < skipped) return;  // e.g. a one-stage UNI-MIN with b consumption channels
    const std::uint32_t start = stages - skipped;

    for (std::uint32_t i = 0; i < rows; ++i) {
        tag_of_row_[start][i] = i;
        distinct_tags_[start].push_back({i});
    }
    for (std::uint32_t k = start; k-- > 0;) {
        std::map<std::vector<std::uint32_t>, std::uint32_t> by_successors;
        std::map<std::vector<std::uint32_t>, std::uint32_t> by_content;
        for (std::uint32_t i = 0; i < rows; ++i) {
            std::vector<std::uint32_t> successor_tags;
            for (std::uint32_t l : successor_rows(wiring, k, i))
                successor_tags.push_back(tag_of_row_[k + 1][l]);
            std::sort(successor_tags.begin(), successor_tags.end());
            successor_tags.erase(std::unique(successor_tags.begin(), successor_tags.end()),
                                 successor_tags.end());
            const auto known = by_successors.find(successor_tags);
            if (known != by_successors.end()) {
                tag_of_row_[k][i] = known->second;
                continue;
            }
            std::vector<std::uint32_t> united;
            for (std::uint32_t t : successor_tags) {
                const auto& part = distinct_tags_[k + 1][t];
                std::vector<std::uint32_t> merged;
                std::set_union(united.begin(), united.end(), part.begin(), part.end(),
                               std::back_inserter(merged));
                united.swap(merged);
            }
            auto [slot, inserted] =
                by_content.emplace(united, static_cast<std::uint32_t>(distinct_tags_[k].size()));
            if (inserted) distinct_tags_[k].push_back(std::move(united));
            by_successors.emplace(std::move(successor_tags), slot->second);
            tag_of_row_[k][i] = slot->second;
        }
    }
}

void SwitchGrouping::label_domains() {
    const std::uint32_t n = shape_.stages;
    const bool bidirectional = shape_.kind == MinKind::Bidirectional;
    for (std::uint32_t k = 0; k < effective_stages(); ++k) {
        std::map<std::uint32_t, std::uint32_t> label_of_tag;
        for (std::uint32_t i = 0; i < shape_.rows(); ++i) {
            GroupedSwitch entry;
            entry.kstage = k;
            entry.backward = bidirectional && k >= n;
            entry.switch_id = SwitchId{entry.backward ? 2 * n - (k + 1) : k, i};
            const std::uint32_t tag = tag_of_row_[k][i];
            if (tag != kNoTag) {
                auto [slot, inserted] =
                    label_of_tag.emplace(tag, static_cast<std::uint32_t>(domains_.size()));
                if (inserted) domains_.push_back(TokenDomain{slot->second, k, entry.backward, {}});
                domains_[slot->second].members.push_back(entry.switch_id);
                entry.group = slot->second;
            }
            switches_.push_back(entry);
        }
    }
    for (GroupedSwitch& entry : switches_)
        if (entry.group)
            entry.group_size = static_cast<std::uint32_t>(domains_[*entry.group].members.size());
}

const GroupedSwitch& SwitchGrouping::at(std::uint32_t kstage, std::uint32_t row) const {
    if (kstage >= effective_stages() || row >= shape_.rows())
        throw ModelError(
            fmt::format("{}: no switch at kstage {} row {}", shape_.name(), kstage, row));
    return switches_[std::size_t{kstage} * shape_.rows() + row];
}

std::uint32_t SwitchGrouping::kstage_of(SwitchId id, bool backward) const {
    if (id.stage >= shape_.stages || id.row >= shape_.rows())
        throw ModelError(fmt::format("{}: no switch {}", shape_.name(), to_string(id)));
    if (!backward) return id.stage;
    if (shape_.kind != MinKind::Bidirectional)
        throw ModelError(fmt::format("{}: a UNI-MIN has no backward switches", shape_.name()));
    return 2 * shape_.stages - (id.stage + 1);
}

const GroupedSwitch& SwitchGrouping::tree_op_switch(SwitchId id) const {
    return at(kstage_of(id, shape_.kind == MinKind::Bidirectional), id.row);
}

std::vector<std::uint32_t> SwitchGrouping::tag(std::uint32_t kstage, std::uint32_t row) const {
    at(kstage, row);  // range check
    const std::uint32_t t = tag_of_row_[kstage][row];
    if (t == kNoTag) return {};
    return distinct_tags_[kstage][t];
}

}  // namespace wormcast::min
