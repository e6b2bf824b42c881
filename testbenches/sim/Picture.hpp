// Pictures the program draws with Graphviz (`plan --dot x.png|x.svg`, `run --heatmap`): the format
// from the file name, the renderer checked before any work, the file written under a temporary
// name and renamed when complete.
#pragma once

#include <string>

namespace wormcast::sim {

/// "png" or "svg" for a name ending so; empty for any other name (the DOT text itself).
std::string picture_format(const std::string& path);

/// Refuses, before any work, a picture `path` that is not .png or .svg (`require_picture`) or whose
/// Graphviz `engine` (dot, neato) is not on the PATH; ConfigError naming `option`.
void check_picture(const std::string& path, const std::string& engine, const std::string& option,
                   bool require_picture);

/// Renders `dot_text` into `path` (its format by picture_format) with Graphviz's `engine`; the
/// DOT text is kept beside it as PATH.dot. ConfigError naming `option` if Graphviz fails.
void render_picture(const std::string& dot_text, const std::string& path, const std::string& engine,
                    const std::string& option);

}  // namespace wormcast::sim
