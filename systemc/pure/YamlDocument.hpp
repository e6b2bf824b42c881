// Reading YAML input strictly: what yaml-cpp accepts silently (a key given twice, where the first
// would win; a key that is a list or a mapping; several documents in one file) is refused.
#pragma once

#include <string>

#include <yaml-cpp/yaml.h>

namespace wormcast {

/// Throws ConfigError naming the key path ("router.vcs: given twice", "where: a key must be a
/// plain name, not a list") for the first duplicate or non-scalar key anywhere under `node`, and
/// for a document beyond limits::kMaxYamlNodes values (aliases counted at each use) or
/// limits::kMaxYamlDepth levels.
/// `where` prefixes key paths; empty for a document's top level.
void check_mapping_keys(const YAML::Node& node, const std::string& where);

/// Parses `text` as exactly one YAML document (an empty text is a null node) and checks its keys;
/// ConfigError naming `name` for invalid YAML, several documents, a bad key, text that is not
/// UTF-8 (limits::check_text) or a document beyond the limits.
YAML::Node load_one_document(const std::string& text, const std::string& name);

}  // namespace wormcast
