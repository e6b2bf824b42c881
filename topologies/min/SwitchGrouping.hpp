// Switch grouping of a MIN into token domains (pure C++), computed by running the paper's
// grouping algorithm literally. Varavithya & Mohapatra §3, Fig. 9 (BI-MIN: Fig. 10 transformation).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "topologies/min/MinWiring.hpp"

namespace wormcast::min {

/// One switch of the network the algorithm sees: a UNI switch, or the forward or backward copy of
/// a BI switch.
struct GroupedSwitch {
    SwitchId switch_id;                  ///< physical stage j and row i
    std::uint32_t kstage = 0;            ///< k = j (UNI, BI forward), 2n-(j+1) (BI backward)
    bool backward = false;               ///< BI backward copy
    std::optional<std::uint32_t> group;  ///< token-domain label; none: the switch needs no token
    std::uint32_t group_size = 0;        ///< switches sharing the label; 0 without a group
};

/// Switches of one token domain (same k, same tag): they share a token ring, in ascending row
/// order.
struct TokenDomain {
    std::uint32_t label = 0;
    std::uint32_t kstage = 0;
    bool backward = false;
    std::vector<SwitchId> members;
};

/// Fig. 9 on the network as the paper transforms it: UNI stages k = 0..n-1 (n_eff = n); BI as two
/// concatenated unidirectional MINs, forward k = j and backward k = 2n-(j+1) (n_eff = 2n), the
/// forward copy of a top-stage switch feeding its own backward copy (the turnaround).
///  1. group_tag(i, s) = {i} at the start stage s = n_eff-1 (one consumption channel) or
///     n_eff-2 (b consumption channels); stages above s get no tag (no group).
///  2. for k = s-1 down to 0, for every row i: group_tag(i, k) = union over the b output ports of
///     group_tag(l, k+1), l the row the port's channel reaches at stage k+1. (Fig. 9 writes the
///     loop from the start stage itself, whose successor stage does not exist; it starts one
///     below.)
///  3. switches with the same k and the same tag form one token domain.
/// Equal unions are computed once (memoised on the set of successor tags); the result is the same.
class SwitchGrouping {
  public:
    /// consumption_channels must be 1 or b, else ConfigError.
    SwitchGrouping(const MinWiring& wiring, std::uint32_t consumption_channels);

    const MinShape& shape() const { return shape_; }
    std::uint32_t consumption_channels() const { return consumption_channels_; }
    std::uint32_t effective_stages() const { return shape_.effective_stages(); }

    /// Every switch (both copies of a BI switch), ordered by kstage then row.
    const std::vector<GroupedSwitch>& switches() const { return switches_; }
    const GroupedSwitch& at(std::uint32_t kstage, std::uint32_t row) const;
    /// The token domains in label order.
    const std::vector<TokenDomain>& domains() const { return domains_; }

    /// k of a physical switch: its own stage (UNI, BI forward) or 2n-(j+1) (BI backward copy).
    std::uint32_t kstage_of(SwitchId id, bool backward) const;
    /// Group used by a tree operation at this physical switch: UNI its stage; BI its backward
    /// copy (ATBM tree operations happen at the turnaround or below, on backward links).
    const GroupedSwitch& tree_op_switch(SwitchId id) const;
    /// The group tag (rows of the start stage), ascending; empty for a switch without a tag.
    std::vector<std::uint32_t> tag(std::uint32_t kstage, std::uint32_t row) const;

  private:
    /// Rows reached at kstage+1 through the b output ports of (row, kstage).
    std::vector<std::uint32_t> successor_rows(const MinWiring& wiring, std::uint32_t kstage,
                                              std::uint32_t row) const;
    void run_algorithm(const MinWiring& wiring);
    void label_domains();

    static constexpr std::uint32_t kNoTag = ~std::uint32_t{0};

    MinShape shape_;
    std::uint32_t consumption_channels_;
    /// Per kstage: row -> index into distinct_tags_[kstage] (kNoTag: none).
    std::vector<std::vector<std::uint32_t>> tag_of_row_;
    /// Per kstage: the distinct tags, each an ascending list of rows.
    std::vector<std::vector<std::vector<std::uint32_t>>> distinct_tags_;
    std::vector<GroupedSwitch> switches_;
    std::vector<TokenDomain> domains_;
};

}  // namespace wormcast::min
