// Plot output shared by the reproductions' figures (see FigureOutput.hpp).
#include "testbenches/sim/FigureOutput.hpp"

#include <cstdlib>
#include <filesystem>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace wormcast::sim {

namespace {

std::string quoted(const std::string& s, const std::string& quote_inside) {
    std::string out = "'";
    for (char c : s) {
        if (c == '\'')
            out += quote_inside;
        else
            out += c;
    }
    return out + "'";
}

std::string in_dir(const std::string& dir, const std::string& file) {
    return (std::filesystem::path(dir) / file).string();
}

}  // namespace

std::string gnuplot_quote(const std::string& s) {
    return quoted(s, "''");
}

std::string gnuplot_plot(const std::vector<std::string>& curves) {
    return fmt::format("plot {}\n", fmt::join(curves, ", \\\n     "));
}

std::string gnuplot_saturated_axis() {
    // The second y axis spans the panel from 0 (bottom) to 1 (top) and shows no tics.
    return "set y2range [0:1]\nunset y2tics\n";
}

std::string gnuplot_saturated_curve(const std::string& block, int index, int colour, int row,
                                    bool key) {
    return fmt::format("{} index {} using 1:({:.2f}) axes x1y2 with points lc {} pt 6 ps 2 {}",
                       block, index, 0.96 - 0.04 * row, colour,
                       key ? "title " + gnuplot_quote(kSaturatedTitle) : std::string("notitle"));
}

std::string gnuplot_saturated_block(const std::string& name, const std::string& xs) {
    return "# " + name + ": saturated\n" + (xs.empty() ? "?\n" : xs) + "\n\n";
}

std::string shell_quote(const std::string& s) {
    return quoted(s, "'\\''");
}

std::string run_gnuplot(const std::string& dir, const std::string& name, std::ostream& log) {
    const std::string gp = name + ".gp", png = name + ".png";
    if (std::system("command -v gnuplot >/dev/null 2>&1") != 0) {
        log << fmt::format(
            "gnuplot not found: no {} written (install the Debian package gnuplot-nox, see "
            "ci/install-deps.sh); the CSV and {} are complete\n",
            in_dir(dir, png), in_dir(dir, gp));
        return "";
    }
    const std::string gnuplot_log = name + ".gnuplot.log";
    const std::string command = fmt::format("cd {} && gnuplot {} > {} 2>&1", shell_quote(dir),
                                            shell_quote(gp), shell_quote(gnuplot_log));
    if (std::system(command.c_str()) != 0) {
        log << fmt::format("gnuplot failed on {} (see {}); the CSV is complete\n", in_dir(dir, gp),
                           in_dir(dir, gnuplot_log));
        return "";
    }
    return in_dir(dir, png);
}

}  // namespace wormcast::sim
