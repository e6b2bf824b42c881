// The shared part of the fuzz targets: a scratch folder and the sample networks.
#include "testbenches/fuzz/FuzzSupport.hpp"

#include <filesystem>
#include <fstream>

#include <unistd.h>

namespace wormcast::fuzz {

const std::string& scratch_directory() {
    static const std::string directory = [] {
        std::string pattern = "/tmp/wormcast-fuzz-XXXXXX";
        if (mkdtemp(pattern.data()) == nullptr) {
            std::perror("mkdtemp");
            std::abort();
        }
        // The repository's small irregular network, where the scenario examples name it
        // (networks/small10.yaml beside the scenario).
        std::filesystem::create_directory(pattern + "/networks");
        std::filesystem::copy_file(
            std::string(WORMCAST_SOURCE_DIR) + "/testbenches/scenarios/networks/small10.yaml",
            pattern + "/networks/small10.yaml");
        return pattern;
    }();
    return directory;
}

std::string write_scratch(const std::string& name, const std::string& text) {
    const std::string path = scratch_directory() + "/" + name;
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
    if (!out) {
        std::perror(path.c_str());
        std::abort();
    }
    return path;
}

const std::vector<std::string>& sample_topologies() {
    static const std::vector<std::string> topologies{
        "mesh:4x4",
        "torus:3x3x3",
        "min-uni:b=2,n=3",
        "min-bi:b=4,n=2",
        "star:4",
        "irregular:" + scratch_directory() + "/networks/small10.yaml",
        "anynet:" + write_scratch("sample.anynet",
                                  "router 0 node 0 node 1 router 1 router 2\n"
                                  "router 1 node 2 router 2\nrouter 2 node 3 node 4\n"),
        "lattice:switches=9,seed=4",
    };
    return topologies;
}

std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t end = text.find('\n', start);
        if (end == std::string::npos) {
            lines.push_back(text.substr(start));
            break;
        }
        lines.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return lines;
}

}  // namespace wormcast::fuzz
