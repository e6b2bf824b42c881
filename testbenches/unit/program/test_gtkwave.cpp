// GTKWave itself on the committed save files (issue 18): each save file opens its run's trace in
// a virtual X display (waves/screenshot.sh), and the test checks what GTKWave reports it shows —
// every signal the save file names, the flit signals as text from wormcast's translate filter
// (the message and hop the save file's marker points at), credits in decimal, the RTL's VC states
// by name (waves/vc-state.txt), a zoom at which a flit's text fits its cycle, and a wave area
// with traces and text drawn in the screenshot.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "testbenches/unit/program/ProgramRunner.hpp"

using wormcast::testing::run_program;
using wormcast::testing::scratch;
using wormcast::testing::slurp;

namespace {

struct SaveFile {
    std::vector<std::string> signals;            ///< in the order shown
    std::set<std::string> translated;            ///< drawn through the translate filter process
    std::map<std::string, unsigned long> flags;  ///< each signal's trace flags
    std::map<std::string, std::string> filters;  ///< "^1" -> the filter file it declares
    unsigned signals_width = 0;                  ///< [signals_width]: the names pane, pixels
};

// GTKWave's trace flags (analyzer.h): radix and translation.
constexpr unsigned long kHex = 0x2, kDecimal = 0x4, kBinary = 0x8, kFileFilter = 0x2000,
                        kProcessFilter = 0x4000;

SaveFile read_save_file(const std::string& path) {
    std::ifstream in(path);
    REQUIRE(in);
    SaveFile save;
    unsigned long flags = 0;
    for (std::string line; std::getline(in, line);) {
        if (line.empty()) continue;
        if (line[0] == '@') flags = std::stoul(line.substr(1), nullptr, 16);
        if (line.rfind("[signals_width] ", 0) == 0)
            save.signals_width = std::stoul(line.substr(16));
        if (line[0] == '^' && line.size() > 1 && std::isdigit(static_cast<unsigned char>(line[1])))
            save.filters[line.substr(0, line.find(' '))] = line.substr(line.find(' ') + 1);
        if (std::string("[@-*^").find(line[0]) != std::string::npos) continue;
        save.signals.push_back(line);
        save.flags[line] = flags;
        if (flags & kProcessFilter) save.translated.insert(line);
    }
    return save;
}

struct Report {
    std::set<std::string> signals;             ///< full names GTKWave displays
    std::vector<std::string> filtered_values;  ///< values at the marker of translated traces
    std::vector<std::string> values;           ///< every trace's value at the marker
    std::vector<std::string> state_values;     ///< values at the marker of file-translated traces
    double window_start = 0, window_end = 0;   ///< the time span the wave area shows
};

Report read_report(const std::string& path) {
    Report report;
    std::istringstream in(slurp(path));
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("signal ", 0) == 0) report.signals.insert(line.substr(7));
        if (line.rfind("window ", 0) == 0)
            std::istringstream(line.substr(7)) >> report.window_start >> report.window_end;
        if (line.rfind("trace ", 0) != 0) continue;
        std::istringstream fields(line.substr(6));
        std::string flags, name, value;
        std::getline(fields, flags, '\t');
        std::getline(fields, name, '\t');
        std::getline(fields, value);
        report.values.push_back(value);
        if (std::stoul(flags) & kProcessFilter) report.filtered_values.push_back(value);
        if (std::stoul(flags) & kFileFilter) report.state_values.push_back(value);
    }
    return report;
}

/// Shares of a region's pixels drawn in GTKWave's trace green and its text white, from a binary
/// PPM of that region.
std::pair<double, double> green_and_white(const std::string& ppm_path) {
    std::ifstream in(ppm_path, std::ios::binary);
    std::string magic;
    unsigned width = 0, height = 0, max = 0;
    in >> magic >> width >> height >> max;
    in.get();
    REQUIRE(magic == "P6");
    REQUIRE(max == 255);
    std::vector<unsigned char> rgb(static_cast<std::size_t>(width) * height * 3);
    in.read(reinterpret_cast<char*>(rgb.data()), static_cast<std::streamsize>(rgb.size()));
    REQUIRE(in.gcount() == static_cast<std::streamsize>(rgb.size()));
    std::size_t green = 0, white = 0;
    for (std::size_t i = 0; i < rgb.size(); i += 3) {
        const int r = rgb[i], g = rgb[i + 1], b = rgb[i + 2];
        green += g > 128 && r < 100 && b < 100;
        white += r > 180 && g > 180 && b > 180;
    }
    const double pixels = static_cast<double>(width) * height;
    return {green / pixels, white / pixels};
}

/// The VC states rtl/wc_input_unit.sv declares (`localparam [2:0] IDLE = 3'd0, ...;`): value ->
/// name.
std::map<std::string, std::string> rtl_vc_states(const std::string& source) {
    const std::string rtl = slurp(source + "/rtl/wc_input_unit.sv");
    std::smatch line;
    REQUIRE(std::regex_search(rtl, line, std::regex(R"(localparam \[2:0\] IDLE = [^;]*;)")));
    std::map<std::string, std::string> states;
    const std::string text = line.str();
    static const std::regex entry(R"(([A-Z_]+) = 3'd([0-9]+))");
    for (std::sregex_iterator i(text.begin(), text.end(), entry), end; i != end; ++i)
        states[(*i)[2].str()] = (*i)[1].str();
    return states;
}

/// A translate filter file's `value name` lines ('#' lines are comments).
std::map<std::string, std::string> filter_file(const std::string& path) {
    std::map<std::string, std::string> out;
    std::istringstream in(slurp(path));
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream fields(line);
        std::string value, name;
        fields >> value >> name;
        out[value] = name;
    }
    return out;
}

}  // namespace

TEST_CASE("the VC state filter file names every state of the RTL input unit",
          "[program][gtkwave]") {
    const std::string source = WORMCAST_SOURCE_DIR;
    const auto states = rtl_vc_states(source);
    REQUIRE(states.size() >= 5);
    REQUIRE(states.at("0") == "IDLE");
    CHECK(filter_file(source + "/waves/vc-state.txt") == states);
}

TEST_CASE("GTKWave opens every committed save file on its run's trace, flits decoded",
          "[program][gtkwave]") {
    REQUIRE(std::system("command -v gtkwave xvfb-run import convert > /dev/null") == 0);
    // GTKWave starts the filter as build/wormcast from its working directory (as from the
    // repository root): a directory whose build/ is the tested binary's.
    namespace fs = std::filesystem;
    const fs::path root = scratch("gtkwave_root");
    fs::create_directories(root);
    if (!fs::exists(root / "build"))
        fs::create_directory_symlink(fs::path(WORMCAST_BINARY).parent_path(), root / "build");
    const std::string source = WORMCAST_SOURCE_DIR;
    // The save files name the VC state filter as waves/vc-state.txt, from the repository root.
    if (!fs::exists(root / "waves"))
        fs::create_directory_symlink(fs::path(source) / "waves", root / "waves");

    struct Case {
        std::string save;    ///< waves/NAME.gtkw
        std::string run;     ///< the run that writes its trace (the save file's own command)
        std::string dump;    ///< the file GTKWave opens
        std::string marker;  ///< a decoded value shown at the save file's marker
        double cycle;        ///< the clock period in the dump's time unit
    };
    const std::string dir = scratch("");
    std::vector<Case> cases{
        {"demo", "run testbenches/scenarios/demo.yaml --vcd " + dir + "demo.vcd", dir + "demo.vcd",
         "HEAD m4 vc0 to 2,2", 5},
        // The same save file on the FST of the run (--fst, made by vcd2fst).
        {"demo", "run testbenches/scenarios/demo.yaml --fst " + dir + "demo.fst", dir + "demo.fst",
         "HEAD m4 vc0 to 2,2", 5},
        {"min-tree",
         "run testbenches/scenarios/min-bi.yaml --set traffic.warmup=500 --set "
         "traffic.measure=3000 --set 'trace.routers=2,0;1,0;0,0' --vcd " +
             dir + "min-tree.vcd",
         dir + "min-tree.vcd", "BUBBLE m43 vc0", 20},
        {"path-worm",
         "run testbenches/scenarios/mesh-hl.yaml --set traffic.warmup=500 --set "
         "traffic.measure=3000 --set traffic.multicast_ratio=0.3 --set "
         "'trace.routers=6,2;5,2;4,2;3,2' --vcd " +
             dir + "path-worm.vcd",
         dir + "path-worm.vcd", "HEAD m22 vc0 list 2 [4,2 3,2]", 5},
    };
    // The RTL trace exists only where the RTL is verilated into the program (not in the
    // sanitizer tree, WORMCAST_RTL=OFF: docs/hardening.md).
    if (WORMCAST_WITH_RTL) {
        cases.push_back({"rtl",
                         "run testbenches/scenarios/demo.yaml --rtl all --vcd " + dir + "cosim.vcd",
                         dir + "cosim.rtl.vcd", "HEAD m4 vc0 to 2,2", 5000});
        // The SystemC file of the same RTL run opens with the demo's save file as without RTL
        // routers (its times in nanoseconds).
        cases.push_back(
            {"demo", "run testbenches/scenarios/demo.yaml --rtl all --vcd " + dir + "demo-rtl.vcd",
             dir + "demo-rtl.vcd", "HEAD m4 vc0 to 2,2", 5});
    }
    static const std::regex decoded(
        R"(^(idle|(HEAD|body|tail|HEAD\+TAIL|BUBBLE) m[0-9]+ vc[0-9]+( .*)?)$)");
    for (const Case& c : cases) {
        SECTION(c.dump) {
            std::string out;
            REQUIRE(run_program(c.run, out) == 0);
            const std::string save_path = source + "/waves/" + c.save + ".gtkw";
            const std::string name = std::filesystem::path(c.dump).filename().string();
            const std::string shot = dir + name + ".png", report_path = dir + name + ".txt";
            const std::string command =
                fmt::format("cd {} && bash {}/waves/screenshot.sh {} {} {} {} 2>&1", root.string(),
                            source, c.dump, save_path, shot, report_path);
            INFO(command);
            REQUIRE(std::system(command.c_str()) == 0);
            const SaveFile save = read_save_file(save_path);
            const Report report = read_report(report_path);
            // Every signal the save file names is displayed (GTKWave leaves out the ones its
            // dump file does not have).
            REQUIRE(save.signals.size() >= 10);
            for (const std::string& s : save.signals) {
                INFO(s);
                CHECK(report.signals.count(s) == 1);
            }
            // Every flit signal is shown through the filter: decoded text, not hex.
            CHECK(report.filtered_values.size() == save.translated.size());
            CHECK(save.translated.size() >= 5);
            for (const std::string& v : report.filtered_values) {
                INFO(v);
                CHECK(std::regex_match(v, decoded));
            }
            // The marker shows the moment the save file is about.
            CHECK(std::count(report.filtered_values.begin(), report.filtered_values.end(),
                             c.marker) >= 1);
            // Credits are counts in decimal, not 32 binary (or 8 hex) digits.
            std::size_t credits = 0;
            for (const auto& [signal, flags] : save.flags)
                if (signal.find("credit") != std::string::npos) {
                    INFO(signal << " flags " << flags);
                    ++credits;
                    CHECK((flags & kDecimal) != 0);
                    CHECK((flags & (kBinary | kHex)) == 0);
                }
            if (c.save == "demo" || c.save == "rtl") CHECK(credits >= 5);
            // VC state registers are named through the filter file, every one GTKWave shows.
            std::size_t states = 0;
            for (const auto& [signal, flags] : save.flags)
                if (signal.find("state_q") != std::string::npos) {
                    INFO(signal);
                    ++states;
                    CHECK((flags & kFileFilter) != 0);
                }
            CHECK(report.state_values.size() == states);
            if (c.save == "rtl") CHECK(states == 5);  // one VC on each of the five inputs
            if (states) {
                REQUIRE(save.filters.count("^1"));
                CHECK(save.filters.at("^1") == "waves/vc-state.txt");
                const auto names = rtl_vc_states(source);
                for (const std::string& v : report.state_values) {
                    INFO(v);
                    CHECK(std::any_of(names.begin(), names.end(),
                                      [&](const auto& n) { return n.second == v; }));
                }
                CHECK(std::count(report.state_values.begin(), report.state_values.end(),
                                 "ACTIVE") >= 1);  // message 4's worm at in0
            }
            // Zoomed so a flit's decoded text fits its cycle: the wave area (the 1600-pixel
            // window less the names pane and GTKWave's margins) gives each cycle room for the
            // longest text shown at the marker at 7 pixels a character (the default font draws
            // about 6.7).
            std::size_t longest = 0;
            for (const std::string& v : report.filtered_values)
                longest = std::max(longest, v.size());
            const double wave_pixels = 1600.0 - save.signals_width - 60;
            const double pixels_per_cycle =
                wave_pixels * c.cycle / (report.window_end - report.window_start);
            INFO("window " << report.window_start << ".." << report.window_end << ", "
                           << pixels_per_cycle << " pixels a cycle, longest text " << longest);
            CHECK(pixels_per_cycle >= 7.0 * static_cast<double>(longest));
            // The screenshot: the whole virtual screen, the wave area (right of the signal
            // names and values) with traces drawn in green and values written in white.
            const std::string ppm = dir + name + ".ppm";
            REQUIRE(
                std::system(fmt::format("convert {} -crop 850x700+720+130 +repage {}", shot, ppm)
                                .c_str()) == 0);
            const auto [green, white] = green_and_white(ppm);
            INFO("green " << green << " white " << white);
            CHECK(green > 0.01);
            // Zoomed so that each decoded flit is whole, fewer values fit the area: 0.0017 of it
            // on rtl.gtkw's (measured), none when no text is drawn.
            CHECK(white > 0.001);
        }
    }
}
