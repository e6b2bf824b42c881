# RTL (rtl/, issue 6): Verilator lint of every module, the router verilated with SystemC output
# for a few configurations, and the lock-step co-simulation tests against the SystemC model.
# Included by the top-level CMakeLists.txt; docs/rtl.md describes what is built and run.

find_program(WORMCAST_VERILATOR verilator HINTS ${VERILATOR_ROOT}/bin REQUIRED)
file(GLOB WORMCAST_RTL_SOURCES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/rtl/wc_*.sv)
list(SORT WORMCAST_RTL_SOURCES)

# Configurations are declared by keyword: "name KEY value KEY value ...", the keys of the list's
# defaults (wormcast_rtl_fields below); a key left out takes its default, an unknown key or a
# missing value stops the configure step.
function(wormcast_rtl_fields prefix entry)
  separate_arguments(words UNIX_COMMAND "${entry}")
  list(POP_FRONT words name)
  set(${prefix}_NAME ${name} PARENT_SCOPE)
  set(defaults ${ARGN})
  set(allowed "")
  while(defaults)
    list(POP_FRONT defaults key value)
    list(APPEND allowed ${key})
    set(${prefix}_${key} ${value} PARENT_SCOPE)
  endwhile()
  while(words)
    list(POP_FRONT words key value)
    if(NOT key IN_LIST allowed)
      message(FATAL_ERROR "RTL configuration ${name}: unknown key ${key} (keys: ${allowed})")
    endif()
    if("${value}" STREQUAL "")
      message(FATAL_ERROR "RTL configuration ${name}: key ${key} has no value")
    endif()
    set(${prefix}_${key} ${value} PARENT_SCOPE)
  endwhile()
endfunction()
# C++ true/false of a 0/1 field.
function(wormcast_rtl_flag out value)
  if(value)
    set(${out} true PARENT_SCOPE)
  else()
    set(${out} false PARENT_SCOPE)
  endif()
endfunction()

# Lint: every module as its own top with its default parameters.
foreach(source ${WORMCAST_RTL_SOURCES})
  get_filename_component(module ${source} NAME_WE)
  add_test(NAME "rtl lint: ${module}"
           COMMAND ${WORMCAST_VERILATOR} --lint-only -Wall --top-module ${module} ${WORMCAST_RTL_SOURCES})
endforeach()
# The router top with other sizes than the built ones: parameters must not only work at defaults.
add_test(NAME "rtl lint: wc_router (5x3 mesh, 2 injection + 2 consumption ports, 3 VCs, depth 3, 8-bit flits)"
         COMMAND ${WORMCAST_VERILATOR} --lint-only -Wall --top-module wc_router -GMESH_X=5 -GMESH_Y=3
                 -GNUM_INJ=2 -GNUM_CONS=2 -GNUM_VCS=3 -GBUF_DEPTH=3 -GFLIT_WIDTH=8 -GT_NODE=2 -GT_SW=2
                 ${WORMCAST_RTL_SOURCES})
# The router with path worms (multi-flit destination lists, two branches) at other sizes too.
add_test(NAME "rtl lint: wc_router (path worms, 4x4 mesh, 4 consumption ports, 2 VCs, depth 1, 8-bit flits)"
         COMMAND ${WORMCAST_VERILATOR} --lint-only -Wall --top-module wc_router -GPATH_WORMS=1 -GNUM_CONS=4
                 -GNUM_VCS=2 -GBUF_DEPTH=1 -GFLIT_WIDTH=8 -GT_NODE=2 -GT_NODE_MULTIDEST=3 ${WORMCAST_RTL_SOURCES})
# The router with e-cube tree worms (bit-strings of several flits, five branches), alone and with
# path worms.
add_test(NAME "rtl lint: wc_router (tree worms, 5x3 mesh, 2 injection + 2 consumption ports, depth 1, 8-bit flits)"
         COMMAND ${WORMCAST_VERILATOR} --lint-only -Wall --top-module wc_router -GTREE_WORMS=1 -GMESH_X=5
                 -GMESH_Y=3 -GNUM_INJ=2 -GNUM_CONS=2 -GBUF_DEPTH=1 -GFLIT_WIDTH=8 -GT_NODE_MULTIDEST=2
                 ${WORMCAST_RTL_SOURCES})
add_test(NAME "rtl lint: wc_router (tree and path worms, 4x4 mesh, 4 consumption ports, 2 VCs, depth 2, 8-bit flits)"
         COMMAND ${WORMCAST_VERILATOR} --lint-only -Wall --top-module wc_router -GTREE_WORMS=1 -GPATH_WORMS=1
                 -GNUM_CONS=4 -GNUM_VCS=2 -GBUF_DEPTH=2 -GFLIT_WIDTH=8 -GT_NODE=2 -GT_NODE_MULTIDEST=3
                 ${WORMCAST_RTL_SOURCES})
# The torus router: dateline VC classes on 2 and 3 VCs, with and without path worms.
add_test(NAME "rtl lint: wc_router (5x3 torus, 3 VCs, path worms, depth 1, 8-bit flits)"
         COMMAND ${WORMCAST_VERILATOR} --lint-only -Wall --top-module wc_router -GTORUS=1 -GMESH_X=5 -GMESH_Y=3
                 -GNUM_VCS=3 -GPATH_WORMS=1 -GBUF_DEPTH=1 -GFLIT_WIDTH=8 -GT_NODE_MULTIDEST=2 ${WORMCAST_RTL_SOURCES})
add_test(NAME "rtl lint: wc_router (4x4 torus, 2 VCs, no datelines, 2 injection ports)"
         COMMAND ${WORMCAST_VERILATOR} --lint-only -Wall --top-module wc_router -GTORUS=1 -GDATELINE=0 -GNUM_VCS=2
                 -GNUM_INJ=2 ${WORMCAST_RTL_SOURCES})
add_test(NAME "rtl lint: wc_router (path worms, 5x3 mesh, 2 injection + 2 consumption ports, 3 VCs, depth 3, 32-bit flits)"
         COMMAND ${WORMCAST_VERILATOR} --lint-only -Wall --top-module wc_router -GPATH_WORMS=1 -GMESH_X=5
                 -GMESH_Y=3 -GNUM_INJ=2 -GNUM_CONS=2 -GNUM_VCS=3 -GBUF_DEPTH=3 -GT_NODE_MULTIDEST=1
                 ${WORMCAST_RTL_SOURCES})
# The router with the table-driven route unit: tree worms on 8 network ports and no local ports
# (an irregular switch), path worms with 2 VCs and 8-bit flits, both at once.
add_test(NAME "rtl lint: wc_router (route table, tree worms, 8 network ports, 16 nodes, 32 groups, 4 classes)"
         COMMAND ${WORMCAST_VERILATOR} --lint-only -Wall --top-module wc_router -GROUTE_TABLE=1 -GTREE_WORMS=1
                 -GNUM_NET=8 -GNUM_INJ=0 -GNUM_CONS=0 -GTABLE_NODES=16 -GGROUPS=32 -GCLASSES=4 ${WORMCAST_RTL_SOURCES})
add_test(NAME "rtl lint: wc_router (route table, path worms, 3 network ports, 2 consumption ports, 24 nodes, 2 VCs, 8-bit flits)"
         COMMAND ${WORMCAST_VERILATOR} --lint-only -Wall --top-module wc_router -GROUTE_TABLE=1 -GPATH_WORMS=1
                 -GNUM_NET=3 -GNUM_CONS=2 -GTABLE_NODES=24 -GCLASSES=3 -GNUM_VCS=2 -GFLIT_WIDTH=8 -GBUF_DEPTH=2
                 ${WORMCAST_RTL_SOURCES})
add_test(NAME "rtl lint: wc_router (route table, path and tree worms, 5 nodes, 3 groups, 1 class, depth 1)"
         COMMAND ${WORMCAST_VERILATOR} --lint-only -Wall --top-module wc_router -GROUTE_TABLE=1 -GPATH_WORMS=1
                 -GTREE_WORMS=1 -GTABLE_NODES=5 -GGROUPS=3 -GBUF_DEPTH=1 ${WORMCAST_RTL_SOURCES})
# The table-routed router with the ATBM token stop on its pins (a MIN switch of a network of RTL
# switches), 2 VCs and 2 cycles a stop.
add_test(NAME "rtl lint: wc_router (route table, tree worms, token ring, 4 network ports, 2 VCs, 2 cycles a stop)"
         COMMAND ${WORMCAST_VERILATOR} --lint-only -Wall --top-module wc_router -GROUTE_TABLE=1 -GTREE_WORMS=1
                 -GNUM_NET=4 -GNUM_INJ=0 -GNUM_CONS=0 -GTABLE_NODES=16 -GGROUPS=16 -GCLASSES=4 -GNUM_VCS=2
                 -GTOKEN_RING=1 -GTOKEN_PASS=2 ${WORMCAST_RTL_SOURCES})
# Adaptive alternatives in the table (3 an entry), unicasts and tree worms, 2 VCs, 2 injection ports.
add_test(NAME "rtl lint: wc_router (route table, 3 adaptive alternatives, tree worms, 5 network ports, 2 VCs)"
         COMMAND ${WORMCAST_VERILATOR} --lint-only -Wall --top-module wc_router -GROUTE_TABLE=1 -GTREE_WORMS=1
                 -GNUM_NET=5 -GNUM_INJ=2 -GNUM_CONS=1 -GTABLE_NODES=12 -GGROUPS=6 -GCLASSES=3 -GNUM_VCS=2
                 -GALTS=3 ${WORMCAST_RTL_SOURCES})
# The MIN switch top at the stages of a UNI-MIN and a BI-MIN (exit switch or not, 1 or b
# consumption channels per node, 1 or 2 VCs with separate node and network VC masks, depth 1).
# Fields: test name, then the parameters.
set(WORMCAST_RTL_MIN_LINT
  "UNI b=2 n=3 stage 0, 1 channel, 1 VC, depth 1|-GSTAGE=0 -GBUF_DEPTH=1"
  "UNI b=2 n=3 stage 1, 2 VCs, 16-bit flits|-GSTAGE=1 -GNUM_VCS=2 -GFLIT_WIDTH=16"
  "UNI b=2 n=3 stage 2, b channels, 2 VCs, depth 1|-GSTAGE=2 -GCONSUMPTION=2 -GNUM_VCS=2 -GNODE_VC_MASK=2 -GBUF_DEPTH=1"
  "UNI b=2 n=3 stage 2, 1 channel, t_cons 3|-GSTAGE=2 -GT_CONS=3 -GT_SW=2"
  "BI b=4 n=2 stage 0, 1 channel, 2 VCs|-GBIDIRECTIONAL=1 -GB=4 -GSTAGES=2 -GSTAGE=0 -GNUM_VCS=2 -GT_INJ=2 -GT_CONS=2"
  "BI b=4 n=2 stage 0, b channels, 1 VC, depth 1, 8-bit flits|-GBIDIRECTIONAL=1 -GB=4 -GSTAGES=2 -GSTAGE=0 -GCONSUMPTION=4 -GBUF_DEPTH=1 -GFLIT_WIDTH=8"
  "BI b=4 n=2 stage 1, b channels, 2 VCs, depth 1|-GBIDIRECTIONAL=1 -GB=4 -GSTAGES=2 -GSTAGE=1 -GCONSUMPTION=4 -GNUM_VCS=2 -GBUF_DEPTH=1 -GT_NODE=3"
  "tree worms, UNI b=2 n=3 stage 0, 8-bit flits|-GTREE_WORMS=1 -GSTAGE=0 -GFLIT_WIDTH=8 -GT_NODE_MULTIDEST=2"
  "tree worms, UNI b=4 n=2 stage 1, b channels, 2 VCs, depth 1|-GTREE_WORMS=1 -GB=4 -GSTAGES=2 -GSTAGE=1 -GCONSUMPTION=4 -GNUM_VCS=2 -GBUF_DEPTH=1 -GFLIT_WIDTH=16"
  "tree worms, BI b=4 n=2 stage 0, b channels, 2 VCs|-GTREE_WORMS=1 -GBIDIRECTIONAL=1 -GB=4 -GSTAGES=2 -GSTAGE=0 -GCONSUMPTION=4 -GNUM_VCS=2 -GT_NODE_MULTIDEST=3"
  "tree worms, BI b=2 n=3 stage 2, depth 1, 8-bit flits|-GTREE_WORMS=1 -GBIDIRECTIONAL=1 -GSTAGE=2 -GBUF_DEPTH=1 -GFLIT_WIDTH=8"
  "tree worms and token ring, UNI b=2 n=3 stage 1, 2 VCs, 3 cycles a stop, release after 4 flits|-GTREE_WORMS=1 -GTOKEN_RING=1 -GTOKEN_PASS=3 -GTOKEN_RELEASE_FLITS=4 -GNUM_VCS=2 -GSTAGE=1"
  "tree worms and token ring, BI b=2 n=3 stage 0, b channels, release at the tail|-GTREE_WORMS=1 -GTOKEN_RING=1 -GBIDIRECTIONAL=1 -GSTAGE=0 -GCONSUMPTION=2")
foreach(entry ${WORMCAST_RTL_MIN_LINT})
  string(REPLACE "|" ";" fields "${entry}")
  list(GET fields 0 label)
  list(GET fields 1 params)
  separate_arguments(params UNIX_COMMAND "${params}")
  add_test(NAME "rtl lint: wc_min_switch (${label})"
           COMMAND ${WORMCAST_VERILATOR} --lint-only -Wall --top-module wc_min_switch ${params}
                   ${WORMCAST_RTL_SOURCES})
endforeach()

# The MIN route unit against the SystemC model's routing functions, exhaustively per network:
# every switch, input port, row and header destination value (testbenches/cosim/route_dtag/check_route_dtag.sh).
add_executable(wormcast_min_route_ref ${CMAKE_SOURCE_DIR}/testbenches/cosim/route_dtag/min_route_ref.cpp)
target_link_libraries(wormcast_min_route_ref PRIVATE wormcast_pure wormcast_flags)
foreach(network "0 2 3 2" "0 4 2 1" "0 3 2 3" "1 2 3 1" "1 4 2 4")
  string(REPLACE " " ";" fields "${network}")
  list(GET fields 0 bi)
  list(GET fields 1 b)
  list(GET fields 2 stages)
  list(GET fields 3 cons)
  if(bi)
    set(kind BI)
  else()
    set(kind UNI)
  endif()
  add_test(NAME "rtl route: wc_route_dtag equals the SystemC routing (${kind} b=${b} n=${stages}, ${cons} channel(s))"
           COMMAND bash ${CMAKE_SOURCE_DIR}/testbenches/cosim/route_dtag/check_route_dtag.sh ${WORMCAST_VERILATOR}
                   $<TARGET_FILE:wormcast_min_route_ref> ${CMAKE_BINARY_DIR}/route_dtag/${kind}_${b}_${stages}_${cons}
                   ${CMAKE_SOURCE_DIR} ${bi} ${b} ${stages} ${cons})
  set_tests_properties("rtl route: wc_route_dtag equals the SystemC routing (${kind} b=${b} n=${stages}, ${cons} channel(s))"
                       PROPERTIES TIMEOUT 300)
endforeach()

# RTL routers are verilated on first use (docs/rtl.md, "RTL on demand"): the program derives each
# router's Verilog parameters from the network at run time, and systemc/rtl/RtlCache verilates
# that configuration with SystemC output, compiles it with systemc/rtl/shim/RtlModelShim.cpp
# into a shared library in the cache and loads it. Nothing is verilated at build time for the
# program or the co-simulation tests; what this file provides is the toolchain they use then.
#
# Verilator's run-time library, shared: the program (RtlWaves) and every model library loaded
# into it use the one copy. Generated code: compiled without our -Werror flags (SYSTEM).
find_package(Threads REQUIRED)
add_library(wormcast_verilated SHARED ${VERILATOR_ROOT}/include/verilated.cpp
            ${VERILATOR_ROOT}/include/verilated_vcd_c.cpp ${VERILATOR_ROOT}/include/verilated_threads.cpp)
set_target_properties(wormcast_verilated PROPERTIES SYSTEM TRUE)
target_link_libraries(wormcast_verilated PUBLIC PkgConfig::SYSTEMC Threads::Threads atomic)
target_include_directories(wormcast_verilated SYSTEM PUBLIC ${VERILATOR_ROOT}/include ${VERILATOR_ROOT}/include/vltstd)
# The definitions every verilated model and the glue share (the layout of Verilator's classes).
set(WORMCAST_RTL_DEFINITIONS VM_SC=1 VM_TRACE=1 VM_TRACE_VCD=1 VM_TRACE_FST=0 VM_COVERAGE=0)
target_compile_definitions(wormcast_verilated PUBLIC ${WORMCAST_RTL_DEFINITIONS})

# What a build at run time uses (systemc/rtl/RtlToolchain): the tools, the flags that keep the
# library's C++ types the program's, and where the sources are.
find_program(WORMCAST_MAKE NAMES make gmake REQUIRED)
set(rtl_flags "\"-std=c++17\", \"-fPIC\"")
foreach(definition ${WORMCAST_RTL_DEFINITIONS} FMT_SHARED)
  string(APPEND rtl_flags ", \"-D${definition}\"")
endforeach()
set(rtl_includes "\"${VERILATOR_ROOT}/include\", \"${VERILATOR_ROOT}/include/vltstd\"")
foreach(directory ${SYSTEMC_INCLUDE_DIRS})
  string(APPEND rtl_includes ", \"${directory}\"")
endforeach()
if(WORMCAST_RTL)
  set(rtl_enabled 1)
else()
  set(rtl_enabled 0)
endif()
include(GNUInstallDirs)
file(CONFIGURE OUTPUT ${CMAKE_BINARY_DIR}/generated/RtlToolchainValues.hpp @ONLY CONTENT
"// Generated by rtl/rtl.cmake: the toolchain that builds RTL routers at run time.
#pragma once
#define WORMCAST_RTL_ENABLED @rtl_enabled@
#define WORMCAST_RTL_VERILATOR \"@WORMCAST_VERILATOR@\"
#define WORMCAST_RTL_COMPILER \"@CMAKE_CXX_COMPILER@\"
#define WORMCAST_RTL_MAKE \"@WORMCAST_MAKE@\"
#define WORMCAST_RTL_FLAGS @rtl_flags@
#define WORMCAST_RTL_INCLUDES @rtl_includes@
#define WORMCAST_RTL_SOURCE_DIR \"@CMAKE_SOURCE_DIR@\"
#define WORMCAST_RTL_DATA_SUFFIX \"@CMAKE_INSTALL_DATADIR@/wormcast\"
#define WORMCAST_RTL_INCLUDE_SUFFIX \"@CMAKE_INSTALL_INCLUDEDIR@/wormcast\"
")
# The glue hash: the headers a model library is compiled against, its shim and flags. Recomputed
# whenever one of them changes, so a library built by another program is never loaded.
file(GLOB_RECURSE WORMCAST_RTL_GLUE_FILES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/systemc/*.hpp)
list(APPEND WORMCAST_RTL_GLUE_FILES ${CMAKE_SOURCE_DIR}/systemc/rtl/shim/RtlModelShim.cpp
     ${CMAKE_BINARY_DIR}/generated/RtlToolchainValues.hpp)
list(SORT WORMCAST_RTL_GLUE_FILES)
string(REPLACE ";" "\n" rtl_glue_list "${WORMCAST_RTL_GLUE_FILES}")
file(CONFIGURE OUTPUT ${CMAKE_BINARY_DIR}/generated/RtlGlueFiles.txt CONTENT "${rtl_glue_list}\n")
add_custom_command(OUTPUT ${CMAKE_BINARY_DIR}/generated/RtlGlue.hpp
                   COMMAND ${CMAKE_COMMAND} -DOUT=${CMAKE_BINARY_DIR}/generated/RtlGlue.hpp
                           -DLIST=${CMAKE_BINARY_DIR}/generated/RtlGlueFiles.txt
                           -DROOT=${CMAKE_SOURCE_DIR} -DEXTRA=${CMAKE_CXX_COMPILER_VERSION}
                           -P ${CMAKE_SOURCE_DIR}/rtl/glue_hash.cmake
                   DEPENDS ${WORMCAST_RTL_GLUE_FILES} ${CMAKE_SOURCE_DIR}/rtl/glue_hash.cmake
                   COMMENT "Hashing the RTL glue headers" VERBATIM)

# The SystemC side of the RTL (systemc/rtl/): the cache, the table-routed router factory and the
# Verilator waveforms. Used by the program (app links it) and the co-simulation tests; the pure
# and SystemC layers do not depend on it. Programs that load model libraries export their
# symbols (wormcast_enable_rtl_loading), which the libraries use.
file(GLOB WORMCAST_RTL_GLUE_SOURCES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/systemc/rtl/*.cpp)
add_library(wormcast_rtl STATIC ${WORMCAST_RTL_GLUE_SOURCES} ${CMAKE_BINARY_DIR}/generated/RtlGlue.hpp)
target_include_directories(wormcast_rtl PRIVATE ${CMAKE_BINARY_DIR}/generated)
target_link_libraries(wormcast_rtl PUBLIC wormcast_sc wormcast_verilated ${CMAKE_DL_LIBS})
function(wormcast_enable_rtl_loading target)
  set_target_properties(${target} PROPERTIES ENABLE_EXPORTS ON)
endfunction()

if(WORMCAST_RTL AND WORMCAST_CATCH2)
# Co-simulation tests: their own Catch2 binary (WORMCAST_TESTS in CMakeLists.txt).
file(GLOB WORMCAST_COSIM_SOURCES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/testbenches/cosim/*.cpp)
list(FILTER WORMCAST_COSIM_SOURCES EXCLUDE REGEX ".*/main\\.cpp$")
# Catch2's runner, compiled once for both co-simulation binaries (it is the heaviest file of each).
add_library(wormcast_cosim_main OBJECT ${CMAKE_SOURCE_DIR}/testbenches/cosim/main.cpp)
target_link_libraries(wormcast_cosim_main PRIVATE Catch2::Catch2)
target_compile_definitions(wormcast_cosim_main PRIVATE WORMCAST_TEST_RTL_CACHE="${CMAKE_BINARY_DIR}/rtl-cache")
add_executable(wormcast_cosim_tests ${WORMCAST_COSIM_SOURCES} ${WORMCAST_SC_MAIN}
                                    $<TARGET_OBJECTS:wormcast_cosim_main>)
target_link_libraries(wormcast_cosim_tests PRIVATE wormcast_sim Catch2::Catch2)
# The command-line tests (test_cosim_cli.cpp) run the program and read the scenario files.
# The hw and explore tests (test_hw_cost.cpp) share one cache of synthesised configurations in
# the build tree, so a configuration both use is synthesised once (the other waits on its lock).
target_compile_definitions(wormcast_cosim_tests PRIVATE WORMCAST_SOURCE_DIR="${CMAKE_SOURCE_DIR}"
                                                         WORMCAST_BINARY="$<TARGET_FILE:wormcast>"
                                                         WORMCAST_TEST_HW_CACHE="${CMAKE_BINARY_DIR}/hw-cache")
add_dependencies(wormcast_cosim_tests wormcast)
wormcast_enable_rtl_loading(wormcast_cosim_tests)
# The tests verilate their configurations on first use into a cache of this build tree (not the
# user's: testbenches/cosim/main.cpp), so every clone builds them afresh; tests that need one
# configuration wait for each other.
catch_discover_tests(wormcast_cosim_tests TEST_PREFIX "cosim: " PROPERTIES TIMEOUT 900)
# ATBM token rings of several switches: wc_token_stop instances chained into a ring
# (testbenches/cosim/token_ring/token_ring_tb.sv), verilated as plain C++ and run side by side with
# the SystemC TokenRing and TokenStop (test_token_ring.cpp, its own Catch2 binary, no SystemC
# kernel: TokenStop is compiled in alone). Keys:
# STOPS, REQ (input VCs per stop), PASS (token passing cycles per stop), RELEASE (release flits,
# 0: at the tail).
set(WORMCAST_TOKEN_RING_DEFAULTS STOPS 2 REQ 1 PASS 1 RELEASE 0)
set(WORMCAST_TOKEN_RING_CONFIGS
  "r2q2p1 STOPS 2 REQ 2 PASS 1 RELEASE 0"
  "r3q1p2 STOPS 3 REQ 1 PASS 2 RELEASE 2"
  "r5q3p3 STOPS 5 REQ 3 PASS 3 RELEASE 4")
# The verilated code goes into its own library whose headers reach the test as system headers
# (generated code, compiled without our -Werror flags).
add_library(wormcast_token_ring_models STATIC)
set_target_properties(wormcast_token_ring_models PROPERTIES SYSTEM TRUE)
add_executable(wormcast_token_ring_tests ${CMAKE_SOURCE_DIR}/testbenches/cosim/token_ring/test_token_ring.cpp
                                         $<TARGET_OBJECTS:wormcast_cosim_main>
                                         ${CMAKE_SOURCE_DIR}/systemc/TokenStop.cpp)
target_link_libraries(wormcast_token_ring_tests PRIVATE wormcast_pure wormcast_token_ring_models Catch2::Catch2)
target_include_directories(wormcast_token_ring_tests PRIVATE ${CMAKE_BINARY_DIR}/generated/token_ring)
set(WORMCAST_TOKEN_RING_INCLUDES "")
set(WORMCAST_TOKEN_RING_ENTRIES "")
foreach(config ${WORMCAST_TOKEN_RING_CONFIGS})
  wormcast_rtl_fields(c "${config}" ${WORMCAST_TOKEN_RING_DEFAULTS})
  set(name ${c_NAME})
  set(stops ${c_STOPS})
  set(num_req ${c_REQ})
  set(pass ${c_PASS})
  set(release ${c_RELEASE})
  set(prefix Vtoken_ring_tb_${name})
  verilate(wormcast_token_ring_models
    PREFIX ${prefix}
    TOP_MODULE token_ring_tb
    DIRECTORY ${CMAKE_BINARY_DIR}/verilated/${prefix}
    SOURCES ${CMAKE_SOURCE_DIR}/testbenches/cosim/token_ring/token_ring_tb.sv ${CMAKE_SOURCE_DIR}/rtl/wc_token_stop.sv
    VERILATOR_ARGS -Wall -GSTOPS=${stops} -GNUM_REQ=${num_req} -GPASS=${pass} -GRELEASE_FLITS=${release})
  string(APPEND WORMCAST_TOKEN_RING_INCLUDES "#include \"${prefix}.h\"\n")
  string(APPEND WORMCAST_TOKEN_RING_ENTRIES " \\\n    X(${name}, ${prefix}, ${stops}, ${num_req}, ${pass}, ${release})")
endforeach()
file(CONFIGURE OUTPUT ${CMAKE_BINARY_DIR}/generated/token_ring/token_ring_models.hpp @ONLY CONTENT
"// Generated by rtl/rtl.cmake: the verilated token-ring configurations.
#pragma once
@WORMCAST_TOKEN_RING_INCLUDES@
#define WORMCAST_TOKEN_RING_MODELS(X)@WORMCAST_TOKEN_RING_ENTRIES@
")
catch_discover_tests(wormcast_token_ring_tests TEST_PREFIX "cosim: " PROPERTIES TIMEOUT 300)
endif()
include(${CMAKE_SOURCE_DIR}/rtl/synth/synth.cmake)
