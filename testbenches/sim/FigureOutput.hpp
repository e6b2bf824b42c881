// Plot output shared by the reproductions' figures: quoting for gnuplot scripts and shell
// commands, and running gnuplot on a script written next to its data (DESIGN.md §6 outputs).
#pragma once

#include <chrono>
#include <iostream>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <fmt/format.h>

namespace wormcast::sim {

/// `s` as a single-quoted gnuplot string ('' stands for a quote inside).
std::string gnuplot_quote(const std::string& s);

/// A gnuplot `plot` command over `curves` (each e.g. "'f.dat' index 0 with lines title 'x'"), one
/// curve per continued line, ending in a newline.
std::string gnuplot_plot(const std::vector<std::string>& curves);

/// Saturated points are marked, not dropped: a figure's saturated points (whose latency grows
/// without bound, so no value can be plotted) are open circles near the top of their panel at
/// their x, in their curve's colour, a row per curve (the curve's `row`, from 0) so that curves
/// saturated at one x do not hide each other. gnuplot_saturated_axis() sets up the axis that places
/// them (put it before the panel's plot); each curve's saturated x values are a data block of their
/// own ("x" lines; "?" alone for none, with `set datafile missing '?'`), drawn by
/// gnuplot_saturated_curve(block, index, colour, row, key) with the legend entry when `key`.
std::string gnuplot_saturated_axis();
std::string gnuplot_saturated_curve(const std::string& block, int index, int colour, int row,
                                    bool key);
/// The data block of one curve's saturated x values (`xs`: "x" lines), headed "# NAME: saturated".
std::string gnuplot_saturated_block(const std::string& name, const std::string& xs);
/// The legend entry of the saturated points.
inline constexpr const char* kSaturatedTitle = "saturated (off the scale)";
/// Which of a panel's saturated curves carries that entry: the first with a point. gnuplot skips
/// a curve with none, its title included, so an entry given to such a curve would be lost.
class SaturatedLegend {
  public:
    /// Call once per curve, in plot order; true for the one to give the entry.
    bool entry_for(bool has_points) {
        const bool entry = has_points && !given_;
        given_ = given_ || entry;
        return entry;
    }

  private:
    bool given_ = false;
};

/// `s` as a single-quoted POSIX shell word.
std::string shell_quote(const std::string& s);

/// Runs gnuplot on <dir>/<name>.gp (which writes <name>.png in dir), its messages going to
/// <dir>/<name>.gnuplot.log. Returns the PNG path, or an empty string (and says why on `log`) when
/// gnuplot is missing or fails; the CSV and the script are complete either way.
std::string run_gnuplot(const std::string& dir, const std::string& name, std::ostream& log);

/// The rest of every figure reproduction once its heading is printed: runs the points (timed),
/// prints the table, writes the CSV to `csv` and the plot, says what it wrote and how long the
/// runs took, and returns the exit code: 1, with the first failed run's reason on standard error,
/// when `failure(point)` names one, else 0.
///   run()                          -> the points
///   print(std::ostream&, points)      the table beside the paper
///   write_csv(path, points)
///   write_plot(points, std::ostream&) -> the PNG path, or "" (see run_gnuplot)
///   failure(point)                 -> std::optional<std::string>
template <class Run, class Print, class WriteCsv, class WritePlot, class Failure>
int run_figure(const std::string& name, const std::string& csv, Run run, Print print,
               WriteCsv write_csv, WritePlot write_plot, Failure failure) {
    std::cout.flush();
    const auto start = std::chrono::steady_clock::now();
    const auto points = run();
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    print(std::cout, points);
    write_csv(csv, points);
    const std::string png = write_plot(points, std::cout);
    std::cout << fmt::format("\nwrote {}{} ({:.1f} min)\n", csv, png.empty() ? "" : " and " + png,
                             wall / 60.0);
    for (const auto& point : points)
        if (const std::optional<std::string> why = failure(point)) {
            std::cerr << fmt::format("{}: {}\n", name, *why);
            return 1;
        }
    return 0;
}

}  // namespace wormcast::sim
