// The list of experiment suites (docs/architecture.md: adding a paper's reproductions is a folder
// and one line here).
#include "testbenches/experiments/atbm/AtbmSuite.hpp"
#include "testbenches/experiments/kp/KpSuite.hpp"
#include "testbenches/experiments/spam/SpamFigures.hpp"
#include "testbenches/experiments/star/StarSuite.hpp"
#include "testbenches/experiments/torus/TorusSuite.hpp"

namespace wormcast::sim {

std::vector<ExperimentSuite> experiment_suites() {
    return {
        kp::suite(), atbm::suite(), star_repro::suite(), spam::suite(), torus::suite(),
    };
}

}  // namespace wormcast::sim
