// Plot output shared by the reproductions' figures: quoting for gnuplot scripts and shell
// commands, and running gnuplot on a script written next to its data (DESIGN.md §6 outputs).
#pragma once

#include <ostream>
#include <string>

namespace wormcast::app {

/// `s` as a single-quoted gnuplot string ('' stands for a quote inside).
std::string gnuplot_quote(const std::string& s);

/// `s` as a single-quoted POSIX shell word.
std::string shell_quote(const std::string& s);

/// Runs gnuplot on <dir>/<name>.gp (which writes <name>.png in dir), its messages going to
/// <dir>/<name>.gnuplot.log. Returns the PNG path, or an empty string (and says why on `log`) when
/// gnuplot is missing or fails; the CSV and the script are complete either way.
std::string run_gnuplot(const std::string& dir, const std::string& name, std::ostream& log);

}  // namespace wormcast::app
