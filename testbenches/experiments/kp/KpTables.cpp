// Kesavan & Panda Tables 1-6 in start-up-only mode (see KpTables.hpp). The paper's numbers are
// data copied from its tables, each block citing the table it comes from.
#include "testbenches/experiments/kp/KpTables.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iostream>

#include <fmt/format.h>

#include "testbenches/sim/Stopwatch.hpp"

namespace wormcast::kp {

using namespace sim;  // the simulation layer this experiment runs on

using mesh::LeaderPhase;
using mesh::MeshMulticastAlgorithm;

const char* to_string(KpPaperRowKind kind) {
    switch (kind) {
        case KpPaperRowKind::Experimental:
            return "experimental";
        case KpPaperRowKind::Analytical:
            return "analytical";
        case KpPaperRowKind::UpperBound:
            return "upper bound";
        case KpPaperRowKind::LowerBound:
            return "lower bound";
    }
    return "?";
}

namespace {

KpPaperRow row(std::string label, KpPaperRowKind kind, std::vector<int> values) {
    return KpPaperRow{std::move(label), kind, std::move(values)};
}

/// The HL-family tables are measured with both leader phases (issue 4, definition 4).
void add_both_phases(KpTable& t, MeshMulticastAlgorithm algorithm, const std::string& name,
                     std::size_t paper_row) {
    t.series.push_back({name + ", leader phase umesh", algorithm, LeaderPhase::Umesh, paper_row});
    t.series.push_back(
        {name + ", leader phase spumesh", algorithm, LeaderPhase::SpUmesh, paper_row});
}

}  // namespace

KpTable kp_table(int number) {
    KpTable t;
    t.number = number;
    t.name = fmt::format("kp-table{}", number);
    t.shape = "8x8";
    t.overlap = KpOverlap::Complete;
    using K = KpPaperRowKind;
    // The (S, D) grids of Tables 1 and 4 (odd and even D) and of Tables 3, 5 and 6 (even D).
    const std::vector<std::uint32_t> kOddS{1, 1, 1, 15, 15, 15, 31, 31, 47, 63};
    const std::vector<std::uint32_t> kOddD{15, 31, 63, 15, 31, 63, 31, 63, 63, 63};
    const std::vector<std::uint32_t> kEvenS{1, 1, 1, 16, 16, 16, 32, 32, 48, 64};
    const std::vector<std::uint32_t> kEvenD{16, 32, 64, 16, 32, 64, 32, 64, 64, 64};
    switch (number) {
        case 1:
            t.caption = "Umesh, 8x8 mesh, complete overlap (S <= D)";
            t.series.push_back({"Umesh", MeshMulticastAlgorithm::Umesh, LeaderPhase::Umesh, 0});
            // Kesavan & Panda, Table 1, rows 3-4 (odd D) and 7-8 (even D).
            t.blocks.push_back(
                {"odd D",
                 kOddS,
                 kOddD,
                 {row("Experimental", K::Experimental, {4, 5, 6, 46, 61, 76, 125, 156, 236, 316}),
                  row("Analytical (Theorem 1)", K::Analytical,
                      {4, 5, 6, 46, 61, 76, 125, 156, 236, 316})}});
            t.blocks.push_back(
                {"even D",
                 kEvenS,
                 kEvenD,
                 {row("Experimental", K::Experimental, {4, 5, 6, 28, 42, 57, 77, 105, 154, 198}),
                  row("Analytical (Theorem 1, lower bound)", K::Analytical,
                      {4, 5, 6, 28, 38, 50, 77, 98, 146, 198})}});
            break;
        case 2:
            t.caption = "Umesh, 4x4 mesh, random overlap (S <= D)";
            t.shape = "4x4";
            t.overlap = KpOverlap::Random;
            t.series.push_back({"Umesh", MeshMulticastAlgorithm::Umesh, LeaderPhase::Umesh, 0});
            // Kesavan & Panda, Table 2.
            t.blocks.push_back({"",
                                {1, 1, 1, 4, 4, 4, 8, 8, 8, 12, 12, 12, 16, 16, 16},
                                {4, 8, 16, 4, 8, 16, 4, 8, 16, 4, 8, 16, 4, 8, 16},
                                {row("Experimental", K::Experimental,
                                     {2, 4, 5, 3, 6, 12, 5, 8, 21, 5, 11, 32, 6, 13, 42}),
                                 row("Analytical (Theorem 2, lower bound)", K::Analytical,
                                     {2, 3, 4, 2, 4, 6, 2, 4, 7, 2, 4, 11, 2, 7, 16})}});
            break;
        case 3:
            t.caption = "HL, 8x8 mesh, complete overlap (S <= D)";
            add_both_phases(t, MeshMulticastAlgorithm::Hl, "HL", 1);
            // Kesavan & Panda, Table 3 (bounds of Theorem 3).
            t.blocks.push_back(
                {"",
                 kEvenS,
                 kEvenD,
                 {row("Upper Bound", K::UpperBound, {5, 5, 5, 65, 65, 65, 129, 129, 193, 257}),
                  row("Experimental", K::Experimental, {5, 5, 3, 39, 43, 33, 84, 64, 96, 128}),
                  row("Lower Bound", K::LowerBound, {2, 2, 2, 32, 32, 32, 64, 64, 96, 128})}});
            break;
        case 4:
            t.caption = "SPUmesh, 8x8 mesh, complete overlap (S <= D)";
            t.series.push_back({"SPUmesh", MeshMulticastAlgorithm::SpUmesh, LeaderPhase::Umesh, 0});
            // Kesavan & Panda, Table 4, rows 3-4 (odd D) and 7-8 (even D).
            t.blocks.push_back(
                {"odd D",
                 kOddS,
                 kOddD,
                 {row("Experimental", K::Experimental, {4, 5, 6, 14, 21, 26, 30, 41, 55, 62}),
                  row("Analytical (Theorem 5, upper bound)", K::Analytical,
                      {4, 5, 6, 15, 30, 45, 31, 62, 63, 63})}});
            t.blocks.push_back(
                {"even D",
                 kEvenS,
                 kEvenD,
                 {row("Experimental", K::Experimental, {4, 5, 6, 15, 21, 24, 31, 40, 54, 63}),
                  row("Analytical (Theorem 5, upper bound)", K::Analytical,
                      {4, 5, 6, 15, 31, 47, 31, 63, 63, 63})}});
            break;
        case 5:
            t.caption = "SQHL, 8x8 mesh, complete overlap (S <= D)";
            add_both_phases(t, MeshMulticastAlgorithm::Sqhl, "SQHL", 1);
            // Kesavan & Panda, Table 5 (Max/Min: bounds of Theorem 6).
            t.blocks.push_back(
                {"",
                 kEvenS,
                 kEvenD,
                 {row("Max", K::UpperBound, {5, 5, 5, 65, 65, 65, 81, 81, 81, 81}),
                  row("Exp", K::Experimental, {5, 5, 3, 20, 20, 16, 35, 28, 40, 48}),
                  row("Min", K::LowerBound, {2, 2, 2, 12, 12, 12, 24, 24, 36, 48})}});
            break;
        case 6:
            t.caption = "SCHL and SQHL, 8x8 mesh, complete overlap (S <= D)";
            add_both_phases(t, MeshMulticastAlgorithm::Schl, "SCHL", 0);
            add_both_phases(t, MeshMulticastAlgorithm::Sqhl, "SQHL", 1);
            // Kesavan & Panda, Table 6 (both rows experimental).
            t.blocks.push_back(
                {"",
                 kEvenS,
                 kEvenD,
                 {row("SCHL", K::Experimental, {5, 5, 4, 25, 23, 11, 41, 17, 21, 23}),
                  row("SQHL", K::Experimental, {5, 5, 3, 20, 20, 16, 35, 28, 40, 48})}});
            break;
        default:
            throw ConfigError(fmt::format("Kesavan & Panda have Tables 1-6, not {}", number));
    }
    return t;
}

std::vector<KpTableCell> run_kp_table(
    const KpTable& table, unsigned runs, std::uint64_t seed, unsigned jobs,
    const std::function<void(std::size_t, std::size_t)>& progress) {
    const mesh::MeshShape shape = mesh::MeshShape::parse(table.shape, false);
    std::vector<KpTableCell> cells;
    std::vector<std::function<RunOutcome()>> tasks;
    for (std::size_t b = 0; b < table.blocks.size(); ++b) {
        const KpTableBlock& block = table.blocks[b];
        for (std::size_t c = 0; c < block.sources.size(); ++c)
            for (std::size_t s = 0; s < table.series.size(); ++s) {
                cells.push_back(KpTableCell{b, c, s, {}});
                for (unsigned run = 0; run < runs; ++run) {
                    KpRunSpec spec;
                    spec.config = {shape, table.series[s].algorithm, table.series[s].leader_phase};
                    spec.overlap = table.overlap;
                    spec.sources = block.sources[c];
                    spec.set_size = block.set_sizes[c];
                    spec.length = 1;
                    spec.timing = KpTiming::StartupOnly;
                    // The same workloads for every series of a cell (not seeded by the series).
                    spec.seed = sim::sweep_seed(seed, {static_cast<std::uint64_t>(table.number), b,
                                                       block.sources[c], block.set_sizes[c], run});
                    tasks.push_back([spec] { return run_kp_point(spec); });
                }
            }
    }
    const auto outcomes = run_in_workers(tasks, jobs, progress);
    for (std::size_t i = 0; i < cells.size(); ++i) {
        const std::vector<RunOutcome> mine(
            outcomes.begin() + static_cast<std::ptrdiff_t>(i * runs),
            outcomes.begin() + static_cast<std::ptrdiff_t>((i + 1) * runs));
        cells[i].steps =
            sim::sample_stats(mine, [](const RunOutcome& o) { return double(o.steps); });
    }
    return cells;
}

namespace {

constexpr int kLabelWidth = 46;

std::string cell_row(const std::string& label, const std::vector<std::string>& values) {
    std::string line = fmt::format("  {:<{}}", label, kLabelWidth);
    for (const auto& v : values) line += fmt::format("{:>8}", v);
    return line + "\n";
}

const KpTableCell& find_cell(const std::vector<KpTableCell>& cells, std::size_t block,
                             std::size_t cell, std::size_t series) {
    for (const auto& c : cells)
        if (c.block == block && c.cell == cell && c.series == series) return c;
    throw std::logic_error("kp table: missing cell");
}

}  // namespace

void print_kp_table(std::ostream& os, const KpTable& table, const std::vector<KpTableCell>& cells,
                    unsigned runs, std::uint64_t seed) {
    os << fmt::format(
        "{}: Kesavan & Panda Table {}: {}\n"
        "start-up-only mode on the cycle-accurate network (t_s = 10^6 cycles, 1-flit messages, "
        "{} consumption channels), steps = round(latency / t_s); {} runs per cell, seed {}\n",
        table.name, table.number, table.caption,
        2 * mesh::MeshShape::parse(table.shape, false).dimensions(), runs, seed);
    for (std::size_t b = 0; b < table.blocks.size(); ++b) {
        const KpTableBlock& block = table.blocks[b];
        os << "\n" << (block.title.empty() ? std::string("cells") : block.title) << "\n";
        std::vector<std::string> s, d;
        for (std::size_t c = 0; c < block.sources.size(); ++c) {
            s.push_back(std::to_string(block.sources[c]));
            d.push_back(std::to_string(block.set_sizes[c]));
        }
        os << cell_row("S", s) << cell_row("D = |Phi|", d);
        for (const auto& paper : block.paper) {
            std::vector<std::string> v;
            for (int x : paper.values) v.push_back(std::to_string(x));
            os << cell_row("paper " + paper.label, v);
        }
        for (std::size_t k = 0; k < table.series.size(); ++k) {
            std::vector<std::string> mean, rounded, range;
            for (std::size_t c = 0; c < block.sources.size(); ++c) {
                const sim::SampleStats& st = find_cell(cells, b, c, k).steps;
                if (st.runs == 0) {
                    mean.push_back("FAIL");
                    rounded.push_back("FAIL");
                    range.push_back("FAIL");
                    continue;
                }
                mean.push_back(fmt::format("{:.1f}", st.mean));
                rounded.push_back(fmt::format("{}", std::llround(st.mean)));
                range.push_back(st.min == st.max ? fmt::format("{:.0f}", st.min)
                                                 : fmt::format("{:.0f}-{:.0f}", st.min, st.max));
            }
            const std::string& label = table.series[k].label;
            os << cell_row("wormcast " + label + " mean", mean)
               << cell_row("wormcast " + label + " rounded", rounded)
               << cell_row("wormcast " + label + " min-max", range);
        }
    }
    os << "\n";
    for (std::size_t k = 0; k < table.series.size(); ++k) {
        unsigned equal = 0, total = 0, failed = 0;
        double worst = 0, sum_abs = 0;
        std::string worst_at;
        for (std::size_t b = 0; b < table.blocks.size(); ++b) {
            const KpTableBlock& block = table.blocks[b];
            const KpPaperRow& paper = block.paper[table.series[k].paper_row];
            for (std::size_t c = 0; c < block.sources.size(); ++c) {
                const sim::SampleStats& st = find_cell(cells, b, c, k).steps;
                failed += st.failed;
                if (st.runs == 0) continue;
                const double diff = st.mean - paper.values[c];
                ++total;
                if (std::llround(st.mean) == paper.values[c]) ++equal;
                sum_abs += std::fabs(diff);
                if (std::fabs(diff) > std::fabs(worst) || worst_at.empty()) {
                    worst = diff;
                    worst_at = fmt::format("S = {}, D = {}", block.sources[c], block.set_sizes[c]);
                }
            }
        }
        const auto& series = table.series[k];
        os << fmt::format(
            "{} vs paper {}: {} of {} cells equal after rounding; mean |difference| {:.2f} steps; "
            "largest {:+.1f} at {}{}\n",
            series.label, table.blocks.front().paper[series.paper_row].label, equal, total,
            total ? sum_abs / total : 0.0, worst, worst_at,
            failed ? fmt::format("; {} FAILED runs", failed) : std::string());
    }
}

void write_kp_table_csv(const std::string& path, const KpTable& table,
                        const std::vector<KpTableCell>& cells) {
    std::ofstream out(path);
    if (!out) throw ConfigError(fmt::format("cannot write '{}'", path));
    out << "table,block,mesh,overlap,algorithm,leader_phase,S,D,runs,failed,mean_steps,min_steps,"
           "max_steps,stddev_steps,paper_experimental,paper_analytical,paper_upper_bound,"
           "paper_lower_bound\n";
    for (const auto& cell : cells) {
        const KpTableBlock& block = table.blocks[cell.block];
        const KpTableSeries& series = table.series[cell.series];
        auto paper = [&](KpPaperRowKind kind) -> std::string {
            if (kind == KpPaperRowKind::Experimental)
                return std::to_string(block.paper[series.paper_row].values[cell.cell]);
            for (const auto& r : block.paper)
                if (r.kind == kind) return std::to_string(r.values[cell.cell]);
            return "";
        };
        const sim::SampleStats& st = cell.steps;
        out << fmt::format("{},{},{},{},{},{},{},{},{},{},{:.4f},{},{},{:.4f},{},{},{},{}\n",
                           table.number, block.title.empty() ? "all" : block.title, table.shape,
                           to_string(table.overlap), mesh::to_string(series.algorithm),
                           mesh::uses_multidestination_worms(series.algorithm)
                               ? mesh::to_string(series.leader_phase)
                               : "",
                           block.sources[cell.cell], block.set_sizes[cell.cell], st.runs, st.failed,
                           st.mean, st.min, st.max, st.stddev, paper(KpPaperRowKind::Experimental),
                           paper(KpPaperRowKind::Analytical), paper(KpPaperRowKind::UpperBound),
                           paper(KpPaperRowKind::LowerBound));
    }
}

unsigned kp_table_runs(const sim::ReproduceOptions& options) {
    return runs_per_point(options, 5);
}

int reproduce_kp_table(int number, const sim::ReproduceOptions& options) {
    const KpTable table = kp_table(number);
    const unsigned runs = kp_table_runs(options);
    const unsigned jobs = resolve_jobs(options.jobs);
    sim::make_output_directory(options.out_dir);
    std::cout.flush();
    const auto [cells, wall] = timed([&] {
        return run_kp_table(table, runs, options.seed, jobs, sim::progress_printer(table.name));
    });
    print_kp_table(std::cout, table, cells, runs, options.seed);
    const std::string csv = sim::output_path(options.out_dir, table.name + ".csv");
    write_kp_table_csv(csv, table, cells);
    std::cout << fmt::format("wrote {} ({:.1f} s, {} worker processes{})\n", csv, wall, jobs,
                             options.quick && !options.runs ? ", --quick: 5 runs" : "");
    for (const auto& c : cells)
        if (c.steps.failed) {
            std::cerr << fmt::format("{}: {} runs failed, first: {}\n", table.name, c.steps.failed,
                                     c.steps.first_problem);
            return 1;
        }
    return 0;
}

}  // namespace wormcast::kp
