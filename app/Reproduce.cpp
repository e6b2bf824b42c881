// The list of reproductions (see Reproduce.hpp); each paper's experiments live in their own file.
#include "app/Reproduce.hpp"

namespace wormcast::app {

std::vector<Reproduction> all_reproductions() {
    std::vector<Reproduction> out;
    add_kp_reproductions(out);
    return out;
}

}  // namespace wormcast::app
