// Simulation-speed benchmark (see docs/performance.md): fixed workloads, wall time and peak memory.
#include <iostream>

int main() {
    std::cerr << "benchmark not written yet\n";
    return 1;
}
