// The wormcast command line: subcommands and their options (thin: parse, build, run, print).
#pragma once

namespace wormcast::app {

int run_cli(int argc, char** argv);

}  // namespace wormcast::app
