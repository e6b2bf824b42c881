// libsystemc.so calls sc_main from its own main(); wormcast programs bring their own main()
// (they start a fresh SystemC kernel per simulation point), so this entry is never used.
#include <cstdio>

extern "C" int sc_main(int, char**) {
    std::fputs("wormcast: internal error: SystemC's main() ran instead of the program's own\n",
               stderr);
    return 1;
}
