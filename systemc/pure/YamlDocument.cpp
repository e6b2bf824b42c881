// Strict YAML reading (see YamlDocument.hpp).
#include "systemc/pure/YamlDocument.hpp"

#include <set>
#include <sstream>
#include <vector>

#include <fmt/format.h>

#include "systemc/pure/InputLimits.hpp"
#include "systemc/pure/Types.hpp"

namespace wormcast {

namespace {

/// The walk of check_mapping_keys: counts every node it visits (an alias once per use) and the
/// nesting depth against the declared limits.
struct KeyWalk {
    std::uint64_t nodes = 0;

    void visit(const YAML::Node& node, const std::string& where, unsigned depth) {
        if (++nodes > limits::kMaxYamlNodes)
            throw ConfigError(fmt::format(
                "{}: more than {} YAML values (an alias counts each time it is used): refused as "
                "an alias bomb or an oversized file",
                where.empty() ? "top level" : where, limits::kMaxYamlNodes));
        if (depth > limits::kMaxYamlDepth)
            throw ConfigError(fmt::format("{}: nested more than {} levels deep",
                                          where.empty() ? "top level" : where,
                                          limits::kMaxYamlDepth));
        if (node.IsSequence()) {
            std::size_t i = 0;
            for (const auto& item : node) visit(item, fmt::format("{}[{}]", where, i++), depth + 1);
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
            visit(kv.second, path, depth + 1);
        }
    }
};

}  // namespace

void check_mapping_keys(const YAML::Node& node, const std::string& where) {
    KeyWalk().visit(node, where, 0);
}

namespace {

/// The documents of a YAML stream, split at the markers "---" and "..." in column 0 (YAML forbids
/// them inside a document's content there), without the ones that hold nothing but comments,
/// blank lines and directives. yaml-cpp 0.7's LoadAll never returns on some invalid streams
/// (", b]b]": a fuzz finding), so each document is read alone with Load.
std::vector<std::string> split_documents(const std::string& text) {
    std::vector<std::string> documents(1);
    std::vector<bool> has_content(1, false);
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        const bool marker =
            (line.rfind("---", 0) == 0 || line.rfind("...", 0) == 0) &&
            (line.size() == 3 || line[3] == ' ' || line[3] == '\t' || line[3] == '\r');
        if (marker) {
            documents.emplace_back(line.substr(3) + "\n");  // "--- {a: 1}" starts with content
            has_content.push_back(line.find_first_not_of(" \t\r", 3) != std::string::npos &&
                                  line[line.find_first_not_of(" \t\r", 3)] != '#');
            continue;
        }
        documents.back() += line + "\n";
        const auto first = line.find_first_not_of(" \t\r");
        if (first != std::string::npos && line[first] != '#' && !(first == 0 && line[0] == '%'))
            has_content.back() = true;
    }
    std::vector<std::string> out;
    for (std::size_t i = 0; i < documents.size(); ++i)
        if (has_content[i]) out.push_back(documents[i]);
    return out;
}

}  // namespace

YAML::Node load_one_document(const std::string& text, const std::string& name) {
    limits::check_text(text, name);
    if (text.size() > limits::kMaxInputFileBytes)
        throw ConfigError(fmt::format("{}: larger than {} MiB (the input limit)", name,
                                      limits::kMaxInputFileBytes >> 20));
    std::vector<YAML::Node> documents;
    try {
        for (const std::string& document : split_documents(text))
            documents.push_back(YAML::Load(document));
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
