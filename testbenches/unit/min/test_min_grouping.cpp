// Unit tests of the MIN switch grouping (Fig. 9 run literally on the wiring): the baseline group
// sizes N_gj of §3, the butterfly forward/backward groups, the paper's Fig. 10 example, JSON.
#include <catch2/catch.hpp>

#include <map>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "topologies/min/MinJson.hpp"
#include "topologies/min/SwitchGrouping.hpp"

using namespace wormcast;
using namespace wormcast::min;

namespace {

/// The rows of kstage k, partitioned by group label; rows without a group are left out.
std::map<std::uint32_t, std::set<std::uint32_t>> groups_at(const SwitchGrouping& grouping,
                                                           std::uint32_t kstage) {
    std::map<std::uint32_t, std::set<std::uint32_t>> rows_of;
    for (std::uint32_t i = 0; i < grouping.shape().rows(); ++i)
        if (const auto label = grouping.at(kstage, i).group) rows_of[*label].insert(i);
    return rows_of;
}

const std::vector<std::pair<std::uint32_t, std::uint32_t>> kRadixStages = {
    {2, 1}, {2, 2}, {2, 3}, {2, 4}, {2, 6}, {2, 8}, {4, 1},
    {4, 2}, {4, 3}, {4, 4}, {8, 1}, {8, 2}, {8, 3}, {3, 3}};

}  // namespace

TEST_CASE("baseline grouping: N_gj = b^((n-1)-j) with one consumption channel, k = floor(i/N_gj)",
          "[min][grouping]") {
    for (const auto& [b, n] : kRadixStages) {
        const MinWiring wiring(MinShape{MinKind::Unidirectional, b, n});
        const SwitchGrouping grouping(wiring, 1);
        INFO(wiring.shape().name());
        REQUIRE(grouping.switches().size() == wiring.shape().switches());
        for (std::uint32_t j = 0; j < n; ++j) {
            const std::uint32_t size = wiring.shape().power(n - 1 - j);
            const auto groups = groups_at(grouping, j);
            CHECK(groups.size() == wiring.shape().rows() / size);
            for (const auto& entry : groups) {
                CHECK(entry.second.size() == size);
                const std::uint32_t block = *entry.second.begin() / size;
                for (std::uint32_t i : entry.second) {
                    CHECK(i / size == block);
                    CHECK(grouping.at(j, i).group_size == size);
                }
            }
        }
        // Stage 0: one group, tagged with every last-stage row.
        CHECK(grouping.tag(0, 0).size() == wiring.shape().rows());
        CHECK(grouping.tag(n - 1, 0) == std::vector<std::uint32_t>{0});
    }
}

TEST_CASE("baseline grouping: N_gj = b^((n-2)-j) with b consumption channels, last stage free",
          "[min][grouping]") {
    for (const auto& [b, n] : kRadixStages) {
        const MinWiring wiring(MinShape{MinKind::Unidirectional, b, n});
        const SwitchGrouping grouping(wiring, b);
        INFO(wiring.shape().name());
        for (std::uint32_t i = 0; i < wiring.shape().rows(); ++i) {
            CHECK_FALSE(grouping.at(n - 1, i).group.has_value());
            CHECK(grouping.at(n - 1, i).group_size == 0);
            CHECK(grouping.tag(n - 1, i).empty());
        }
        for (std::uint32_t j = 0; j + 1 < n; ++j) {
            const std::uint32_t size = wiring.shape().power(n - 2 - j);
            const auto groups = groups_at(grouping, j);
            CHECK(groups.size() == wiring.shape().rows() / size);
            for (const auto& entry : groups) {
                CHECK(entry.second.size() == size);
                for (std::uint32_t i : entry.second)
                    CHECK(i / size == *entry.second.begin() / size);
            }
        }
    }
}

TEST_CASE("butterfly grouping: forward network one group per stage, backward stage j groups of b^j",
          "[min][grouping]") {
    for (const auto& [b, n] : kRadixStages) {
        const MinWiring wiring(MinShape{MinKind::Bidirectional, b, n});
        const MinShape& shape = wiring.shape();
        INFO(shape.name());
        for (std::uint32_t channels : {std::uint32_t{1}, b}) {
            INFO("consumption channels " << channels);
            const SwitchGrouping grouping(wiring, channels);
            CHECK(grouping.effective_stages() == 2 * n);
            REQUIRE(grouping.switches().size() == 2 * shape.switches());
            for (std::uint32_t j = 0; j < n; ++j) {
                const std::uint32_t forward = grouping.kstage_of({j, 0}, false);
                const std::uint32_t backward = grouping.kstage_of({j, 0}, true);
                CHECK(forward == j);
                CHECK(backward == 2 * n - (j + 1));
                CHECK(grouping.at(backward, 0).backward);
                CHECK(grouping.at(backward, 3 % shape.rows()).switch_id ==
                      SwitchId{j, 3 % shape.rows()});
                // Forward network: one group a stage, except that with b channels the tags
                // start one stage lower and only stage 0's right ports unite the digit-0 classes.
                const auto f = groups_at(grouping, forward);
                const std::uint32_t forward_groups = channels == 1 || j == 0 ? 1 : b;
                CHECK(f.size() == forward_groups);
                for (const auto& entry : f) {
                    CHECK(entry.second.size() == shape.rows() / forward_groups);
                    for (std::uint32_t i : entry.second)
                        CHECK((forward_groups == 1 ||
                               shape.digit(i, 0) == shape.digit(*entry.second.begin(), 0)));
                }
                // Backward stage j, one channel: the rows sharing digits j..n-2 (the switches
                // above one block of b^(j+1) nodes), b^j of them. With b channels the tags start
                // at backward stage 1, so rows must also share digit 0: b^(j-1) of them.
                const auto g = groups_at(grouping, backward);
                if (channels != 1 && j == 0) {
                    CHECK(g.empty());
                    continue;
                }
                const std::uint32_t radix = b;  // a lambda cannot capture a structured binding
                const auto key = [&](std::uint32_t row) {
                    const std::uint32_t high = row / shape.power(j);
                    return channels == 1 ? high : high * radix + shape.digit(row, 0);
                };
                const std::uint32_t size = shape.power(channels == 1 ? j : j - 1);
                CHECK(g.size() == shape.rows() / size);
                for (const auto& entry : g) {
                    CHECK(entry.second.size() == size);
                    for (std::uint32_t i : entry.second)
                        CHECK(key(i) == key(*entry.second.begin()));
                }
                CHECK(grouping.tree_op_switch({j, 0}).kstage == backward);
            }
        }
    }
}

TEST_CASE("grouping of the paper's Fig. 10: 8-node butterfly of 2x2 switches", "[min][grouping]") {
    const MinWiring wiring(MinShape::parse("min-bi:b=2,n=3"));
    const SwitchGrouping grouping(wiring, 1);
    // Stage 5 (backward stage 0): every switch its own group.
    CHECK(groups_at(grouping, 5).size() == 4);
    // Stage 4 (backward stage 1): rows {0,1} and {2,3}.
    const auto stage4 = groups_at(grouping, 4);
    REQUIRE(stage4.size() == 2);
    CHECK(stage4.begin()->second == std::set<std::uint32_t>{0, 1});
    CHECK(grouping.tag(4, 0) == std::vector<std::uint32_t>{0, 1});
    CHECK(grouping.tag(4, 3) == std::vector<std::uint32_t>{2, 3});
    // Stage 3 (backward top) and the whole forward network: one tag, all rows, one group a stage.
    for (std::uint32_t k = 0; k <= 3; ++k) {
        CHECK(groups_at(grouping, k).size() == 1);
        CHECK(grouping.tag(k, 2) == std::vector<std::uint32_t>{0, 1, 2, 3});
    }
    // Token domains never mix stage labels, and labels are dense and distinct.
    std::set<std::uint32_t> labels;
    for (const TokenDomain& domain : grouping.domains()) {
        CHECK(labels.insert(domain.label).second);
        for (const SwitchId id : domain.members)
            CHECK(grouping.at(domain.kstage, id.row).group == domain.label);
    }
    CHECK(labels.size() == 1 + 1 + 1 + 1 + 2 + 4);
}

TEST_CASE("grouping input is checked and its JSON has the issue's shape", "[min][grouping][json]") {
    const MinWiring wiring(MinShape::parse("min-uni:b=4,n=2"));
    using Catch::Matchers::Contains;
    CHECK_THROWS_WITH(SwitchGrouping(wiring, 3), Contains("neither 1 nor b = 4"));
    CHECK_THROWS_AS(SwitchGrouping(wiring, 1).at(2, 0), ModelError);
    CHECK_THROWS_AS(SwitchGrouping(wiring, 1).kstage_of({0, 0}, true), ModelError);

    const MinWiring small(MinShape::parse("min-uni:b=2,n=2"));
    CHECK(groups_json(SwitchGrouping(small, 2)).dump() ==
          "{\"switches\":["
          "{\"stage\":0,\"row\":0,\"kstage\":0,\"group\":0,\"group_size\":1},"
          "{\"stage\":0,\"row\":1,\"kstage\":0,\"group\":1,\"group_size\":1},"
          "{\"stage\":1,\"row\":0,\"kstage\":1,\"group\":null,\"group_size\":0},"
          "{\"stage\":1,\"row\":1,\"kstage\":1,\"group\":null,\"group_size\":0}]}");
    const auto parsed = nlohmann::json::parse(
        groups_json(SwitchGrouping(MinWiring(MinShape::parse("min-bi:b=2,n=2")), 1)).dump());
    REQUIRE(parsed["switches"].size() == 8);
    CHECK(parsed["switches"][4]["kstage"] == 2);
    CHECK(parsed["switches"][4]["stage"] == 1);
    CHECK(parsed["switches"][4]["group_size"] == 2);
}
