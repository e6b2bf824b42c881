// Strict YAML reading (see YamlDocument.hpp).
#include "systemc/pure/YamlDocument.hpp"

#include <set>
#include <vector>

#include <fmt/format.h>

#include "systemc/pure/Types.hpp"

namespace wormcast {

void check_mapping_keys(const YAML::Node& node, const std::string& where) {
    if (node.IsSequence()) {
        std::size_t i = 0;
        for (const auto& item : node) check_mapping_keys(item, fmt::format("{}[{}]", where, i++));
        return;
    }
    if (!node.IsMap()) return;
    std::set<std::string> seen;
    for (const auto& kv : node) {
        if (!kv.first.IsScalar())
            throw ConfigError(fmt::format("{}: a key must be a plain name, not a {}",
                                          where.empty() ? "top level" : where,
                                          kv.first.IsSequence() ? "list" : "mapping"));
        const std::string key = kv.first.Scalar();
        const std::string path = where.empty() ? key : where + "." + key;
        if (!seen.insert(key).second) throw ConfigError(fmt::format("{}: given twice", path));
        check_mapping_keys(kv.second, path);
    }
}

YAML::Node load_one_document(const std::string& text, const std::string& name) {
    std::vector<YAML::Node> documents;
    try {
        documents = YAML::LoadAll(text);
    } catch (const YAML::Exception& e) {
        throw ConfigError(fmt::format("{}: not valid YAML: {}", name, e.what()));
    }
    if (documents.size() > 1)
        throw ConfigError(
            fmt::format("{}: holds {} YAML documents; expected one", name, documents.size()));
    YAML::Node root = documents.empty() ? YAML::Node() : documents.front();
    try {
        check_mapping_keys(root, "");
    } catch (const ConfigError& e) {
        throw ConfigError(fmt::format("{}: {}", name, e.what()));
    }
    return root;
}

}  // namespace wormcast
