// wormcast command-line entry point: parses the command line and dispatches to app/ commands.
#include "app/Cli.hpp"

int main(int argc, char** argv) {
    return wormcast::app::run_cli(argc, argv);
}
