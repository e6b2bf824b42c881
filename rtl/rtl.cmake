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

# Router configurations verilated into the program and the co-simulation tests, all for a 4x4
# mesh or torus, declared by keyword (defaults in WORMCAST_RTL_DEFAULTS): VCS, DEPTH (flits per
# VC), WIDTH (flit bits), T_NODE, T_SW, T_PHY, T_INJ, T_CONS (cycles), INJ and CONS (injection and
# consumption channels), PATH (path worms, 0/1), T_MULTI (t_node_multidest; 0 without path or
# tree worms), TREE (tree worms, 0/1) and TORUS (0/1: wrap-around links, dateline VC classes). A
# network whose parameters match one of them can use RTL routers (`wormcast run --rtl`); v1d4 is
# the one of testbenches/scenarios/demo.yaml. The multicast ones route both path worms and e-cube
# tree worms: p1d1 with one consumption channel (HL), p2d2c4 with one per input direction (SQHL,
# SCHL), 8-bit flits so that every destination list and every bit-string (2 + 16 bits: 2 flits at
# 16 bits, 3 at 8) takes several header flits. t2d2 is the 4x4 torus with its two dateline
# classes (the mesh multicast algorithms are for meshes).
set(WORMCAST_RTL_DEFAULTS VCS 1 DEPTH 1 WIDTH 32 T_NODE 1 T_SW 1 T_PHY 1 T_INJ 1 T_CONS 1 INJ 1
    CONS 1 PATH 0 T_MULTI 0 TREE 0 TORUS 0)
set(WORMCAST_RTL_CONFIGS
  "v1d1"
  "v2d2 VCS 2 DEPTH 2 WIDTH 16 T_NODE 4"
  "v2d4 VCS 2 DEPTH 4 T_NODE 2 T_SW 2 T_PHY 3 T_INJ 2 T_CONS 2"
  "v1d3 DEPTH 3 WIDTH 8 T_NODE 3 T_PHY 2 T_CONS 3"
  "v2d1p2 VCS 2 WIDTH 16 T_NODE 2 T_INJ 2 INJ 2 CONS 2"
  "v1d4 DEPTH 4 T_NODE 4"
  "p1d1 WIDTH 16 PATH 1 T_MULTI 2 TREE 1"
  "p2d2c4 VCS 2 DEPTH 2 WIDTH 8 T_NODE 2 T_CONS 2 CONS 4 PATH 1 T_MULTI 3 TREE 1"
  "t2d2 VCS 2 DEPTH 2 WIDTH 16 TORUS 1")
set(WORMCAST_RTL_MESH_X 4)
set(WORMCAST_RTL_MESH_Y 4)

# Verilated C++ is generated code: it is compiled without our -Werror flags, and its headers reach
# our code as system headers (SYSTEM), so warnings in them do not fail the build. TRACE: the models
# can write their internals to a VCD (systemc/rtl/RtlWaves, `wormcast run --rtl ... --vcd`); the
# tracing code costs nothing until a trace file is opened.
# WORMCAST_RTL OFF (the sanitizer tree): no configuration is verilated, the registry is empty
# (`run --rtl` names none) and the co-simulation tests are not built.
if(WORMCAST_RTL)
  add_library(wormcast_rtl_models STATIC)
  set_target_properties(wormcast_rtl_models PROPERTIES SYSTEM TRUE)
  target_link_libraries(wormcast_rtl_models PUBLIC PkgConfig::SYSTEMC)
else()
  # Only Verilator's run-time library, which the RTL glue (systemc/rtl/RtlWaves.cpp) links.
  add_library(wormcast_rtl_models STATIC ${VERILATOR_ROOT}/include/verilated.cpp
              ${VERILATOR_ROOT}/include/verilated_vcd_c.cpp ${VERILATOR_ROOT}/include/verilated_threads.cpp)
  set_target_properties(wormcast_rtl_models PROPERTIES SYSTEM TRUE)
  find_package(Threads REQUIRED)
  target_link_libraries(wormcast_rtl_models PUBLIC PkgConfig::SYSTEMC Threads::Threads atomic)
  target_include_directories(wormcast_rtl_models PUBLIC ${VERILATOR_ROOT}/include ${VERILATOR_ROOT}/include/vltstd)
  target_compile_definitions(wormcast_rtl_models PUBLIC VM_COVERAGE=0 VM_TRACE_FST=0)
  set(WORMCAST_RTL_CONFIGS "")
endif()
target_compile_definitions(wormcast_rtl_models INTERFACE VM_SC=1 VM_TRACE=1 VM_TRACE_VCD=1)

set(WORMCAST_RTL_INCLUDES "")
set(WORMCAST_RTL_ENTRIES "")
foreach(config ${WORMCAST_RTL_CONFIGS})
  wormcast_rtl_fields(c "${config}" ${WORMCAST_RTL_DEFAULTS})
  set(name ${c_NAME})
  set(vcs ${c_VCS})
  set(depth ${c_DEPTH})
  set(width ${c_WIDTH})
  set(t_node ${c_T_NODE})
  set(t_sw ${c_T_SW})
  set(t_phy ${c_T_PHY})
  set(t_inj ${c_T_INJ})
  set(t_cons ${c_T_CONS})
  set(injection ${c_INJ})
  set(consumption ${c_CONS})
  set(path_worms ${c_PATH})
  set(t_node_multidest ${c_T_MULTI})
  set(tree_worms ${c_TREE})
  set(torus ${c_TORUS})
  wormcast_rtl_flag(path_flag ${path_worms})
  wormcast_rtl_flag(tree_flag ${tree_worms})
  wormcast_rtl_flag(torus_flag ${torus})
  if(path_worms OR tree_worms)
    set(rtl_t_node_multidest ${t_node_multidest})
  else()
    set(rtl_t_node_multidest 1)  # unused without path or tree worms
  endif()
  set(prefix Vwc_router_${name})
  verilate(wormcast_rtl_models SYSTEMC TRACE
    PREFIX ${prefix}
    TOP_MODULE wc_router
    DIRECTORY ${CMAKE_BINARY_DIR}/verilated/${prefix}
    SOURCES ${WORMCAST_RTL_SOURCES}
    VERILATOR_ARGS --pins-bv 2 -Wall
      -GMESH_X=${WORMCAST_RTL_MESH_X} -GMESH_Y=${WORMCAST_RTL_MESH_Y} -GNUM_INJ=${injection}
      -GNUM_CONS=${consumption}
      -GNUM_VCS=${vcs} -GBUF_DEPTH=${depth} -GFLIT_WIDTH=${width} -GT_NODE=${t_node} -GT_SW=${t_sw}
      -GT_PHY=${t_phy} -GT_INJ=${t_inj} -GT_CONS=${t_cons} -GPATH_WORMS=${path_worms}
      -GTREE_WORMS=${tree_worms} -GT_NODE_MULTIDEST=${rtl_t_node_multidest} -GTORUS=${torus} -GDATELINE=1)
  string(APPEND WORMCAST_RTL_INCLUDES "#include \"${prefix}.h\"\n")
  string(APPEND WORMCAST_RTL_ENTRIES
    "        {\"${name}\", {${WORMCAST_RTL_MESH_X}, ${WORMCAST_RTL_MESH_Y}, ${injection}, ${consumption}, ${vcs}, ${depth}, ${width}, "
    "${t_node}, ${t_sw}, ${t_phy}, ${t_inj}, ${t_cons}, ${path_flag}, ${t_node_multidest}, ${tree_flag}, ${torus_flag}}, "
    "&make_rtl_router<${prefix}>},\n")
endforeach()

# wc_router with the table-driven route unit (ROUTE_TABLE = 1, rtl/wc_route_table.sv): any
# topology whose routing a table holds (systemc/pure/RouteTable, Topology::route_table_groups).
# Keys: NET network ports (links of T_PHY), INJ injection and CONS consumption ports after them,
# VCS, DEPTH (flits per VC), WIDTH (flit bits), T_NODE, T_SW, T_PHY, T_INJ, T_CONS (cycles), PATH
# and TREE (0/1: destination lists, bit-strings), T_MULTI (their routing cycles), and the table's
# size: NODES (the header address space, exact), GROUPS (bit-string groups), CLASSES (rows) and
# ALTS (adaptive alternatives an entry), at most. LATENCY_MAX > 0: every port's link latency is a
# strap of 1..LATENCY_MAX cycles driven from the network (T_PHY, T_INJ, T_CONS then unused), so one
# configuration serves switches whose ports face nodes or switches in any pattern. s16: a 16-switch irregular network of 8-port
# switches, one processor each, SPAM tree worms (testbenches/scenarios/irregular-lattice.yaml at
# 16 switches, static or adaptive selection);
# s4: the 4-star with two consumption channels and path worms (star-two-phase.yaml).
# TOKEN (0/1): an ATBM token stop whose token_i/token_o the network wires into the rings of the
# switch groups, TOKEN_PASS cycles a stop. m16: every switch of a 16-node MIN of 4-port switches
# (UNI-MIN b=4 n=2, BI-MIN b=2 n=4 with fixed or adaptive forward ports), one consumption channel, ATBM tree
# worms with token rings (testbenches/scenarios/min-uni-rtl.yaml, min-bi-rtl.yaml); m64: the same
# for 64 nodes (UNI-MIN b=4 n=3, BI-MIN b=2 n=6: up to 63 bit-string groups).
set(WORMCAST_RTL_TABLE_DEFAULTS NET 4 INJ 1 CONS 1 VCS 1 DEPTH 1 WIDTH 32 T_NODE 1 T_SW 1 T_PHY 1
    T_INJ 1 T_CONS 1 PATH 0 TREE 0 T_MULTI 1 NODES 16 GROUPS 1 CLASSES 1 ALTS 0 LATENCY_MAX 0 TOKEN 0
    TOKEN_PASS 1)
set(WORMCAST_RTL_TABLE_CONFIGS
  "s16 NET 8 INJ 0 CONS 0 DEPTH 4 T_NODE 4 T_MULTI 4 TREE 1 NODES 16 GROUPS 32 CLASSES 4 ALTS 7 LATENCY_MAX 4"
  "s4 NET 3 CONS 2 DEPTH 16 T_NODE 3 T_MULTI 7 PATH 1 NODES 24 CLASSES 4"
  "m16 NET 4 INJ 0 CONS 0 DEPTH 5 WIDTH 16 T_NODE 2 T_MULTI 2 TREE 1 NODES 16 GROUPS 16 CLASSES 4 ALTS 1 LATENCY_MAX 4 TOKEN 1"
  "m64 NET 4 INJ 0 CONS 0 DEPTH 5 WIDTH 16 T_NODE 2 T_MULTI 2 TREE 1 NODES 64 GROUPS 64 CLASSES 4 ALTS 1 LATENCY_MAX 4 TOKEN 1")
if(NOT WORMCAST_RTL)
  set(WORMCAST_RTL_TABLE_CONFIGS "")
endif()
set(WORMCAST_RTL_TABLE_ENTRIES "")
foreach(config ${WORMCAST_RTL_TABLE_CONFIGS})
  wormcast_rtl_fields(c "${config}" ${WORMCAST_RTL_TABLE_DEFAULTS})
  wormcast_rtl_flag(path_flag ${c_PATH})
  wormcast_rtl_flag(tree_flag ${c_TREE})
  wormcast_rtl_flag(token_flag ${c_TOKEN})
  set(prefix Vwc_router_${c_NAME})
  if(c_LATENCY_MAX GREATER 0)
    set(latency_args -GLATENCY_STRAPS=1 -GMAX_LATENCY=${c_LATENCY_MAX})
  else()
    set(latency_args -GLATENCY_STRAPS=0)
  endif()
  verilate(wormcast_rtl_models SYSTEMC TRACE
    PREFIX ${prefix}
    TOP_MODULE wc_router
    DIRECTORY ${CMAKE_BINARY_DIR}/verilated/${prefix}
    SOURCES ${WORMCAST_RTL_SOURCES}
    VERILATOR_ARGS --pins-bv 2 -Wall -GROUTE_TABLE=1
      -GNUM_NET=${c_NET} -GNUM_INJ=${c_INJ} -GNUM_CONS=${c_CONS} -GNUM_VCS=${c_VCS}
      -GBUF_DEPTH=${c_DEPTH} -GFLIT_WIDTH=${c_WIDTH} -GT_NODE=${c_T_NODE} -GT_SW=${c_T_SW}
      -GT_PHY=${c_T_PHY} -GT_INJ=${c_T_INJ} -GT_CONS=${c_T_CONS} -GPATH_WORMS=${c_PATH}
      -GTREE_WORMS=${c_TREE} -GT_NODE_MULTIDEST=${c_T_MULTI} -GTABLE_NODES=${c_NODES}
      -GGROUPS=${c_GROUPS} -GCLASSES=${c_CLASSES} -GALTS=${c_ALTS} -GTOKEN_RING=${c_TOKEN}
      -GTOKEN_PASS=${c_TOKEN_PASS} ${latency_args})
  string(APPEND WORMCAST_RTL_INCLUDES "#include \"${prefix}.h\"\n")
  string(APPEND WORMCAST_RTL_TABLE_ENTRIES
    "        {\"${c_NAME}\", {${c_NET}, ${c_INJ}, ${c_CONS}, ${c_VCS}, ${c_DEPTH}, ${c_WIDTH}, ${c_T_NODE}, "
    "${c_T_SW}, ${c_T_PHY}, ${c_T_INJ}, ${c_T_CONS}, ${path_flag}, ${c_T_MULTI}, ${tree_flag}, ${c_NODES}, "
    "${c_GROUPS}, ${c_CLASSES}, ${c_ALTS}, ${c_LATENCY_MAX}, ${token_flag}, ${c_TOKEN_PASS}}, "
    "&make_rtl_table_router<${prefix}>},\n")
endforeach()

# MIN switch configurations (wc_min_switch with tree worms) for the side-by-side switch bench
# (testbenches/cosim/test_cosim_switch.cpp), by keyword: BI (0/1), B (radix), N (stages), STAGE,
# CONS (consumption channels), VCS, DEPTH, WIDTH, T_NODE, T_MULTI (t_node_multidest), T_SW, T_PHY,
# T_INJ, T_CONS (cycles), TOKEN (0/1: the switch alone forms its ATBM ring), TOKEN_PASS (token
# passing cycles), TOKEN_RELEASE (token release flits, 0: at the tail).
# u4s1c4: the exit stage of a 16-node UNI-MIN of 4x4 switches (up to 4 branches, 16 outputs);
# u2s1: a middle stage of an 8-node UNI-MIN, 2 VCs; b2s0c2: the turnaround/exit stage of an 8-node
# BI-MIN with 2 consumption channels (forward, backward and split worms); u2s0t: a first stage of
# an 8-node UNI-MIN with the token (3 cycles a stop, released after 4 flits).
set(WORMCAST_RTL_SWITCH_DEFAULTS BI 0 B 2 N 3 STAGE 0 CONS 1 VCS 1 DEPTH 1 WIDTH 32 T_NODE 1
    T_MULTI 2 T_SW 1 T_PHY 1 T_INJ 1 T_CONS 1 TOKEN 0 TOKEN_PASS 1 TOKEN_RELEASE 0)
set(WORMCAST_RTL_SWITCH_CONFIGS
  "u4s1c4 B 4 N 2 STAGE 1 CONS 4 WIDTH 16"
  "u2s1 STAGE 1 VCS 2 WIDTH 8"
  "b2s0c2 BI 1 CONS 2 DEPTH 2 WIDTH 8 T_NODE 2 T_MULTI 3 T_INJ 2 T_CONS 2"
  "u2s0t VCS 2 DEPTH 2 WIDTH 8 T_INJ 2 TOKEN 1 TOKEN_PASS 3 TOKEN_RELEASE 4")
if(NOT WORMCAST_RTL)
  set(WORMCAST_RTL_SWITCH_CONFIGS "")
endif()
set(WORMCAST_RTL_SWITCH_ENTRIES "")
foreach(config ${WORMCAST_RTL_SWITCH_CONFIGS})
  wormcast_rtl_fields(c "${config}" ${WORMCAST_RTL_SWITCH_DEFAULTS})
  set(name ${c_NAME})
  set(bi ${c_BI})
  set(b ${c_B})
  set(stages ${c_N})
  set(stage ${c_STAGE})
  set(consumption ${c_CONS})
  set(vcs ${c_VCS})
  set(depth ${c_DEPTH})
  set(width ${c_WIDTH})
  set(t_node ${c_T_NODE})
  set(t_node_multidest ${c_T_MULTI})
  set(t_sw ${c_T_SW})
  set(t_phy ${c_T_PHY})
  set(t_inj ${c_T_INJ})
  set(t_cons ${c_T_CONS})
  set(token_ring ${c_TOKEN})
  set(token_pass ${c_TOKEN_PASS})
  set(token_release ${c_TOKEN_RELEASE})
  set(prefix Vwc_min_switch_${name})
  verilate(wormcast_rtl_models SYSTEMC TRACE
    PREFIX ${prefix}
    TOP_MODULE wc_min_switch
    DIRECTORY ${CMAKE_BINARY_DIR}/verilated/${prefix}
    SOURCES ${WORMCAST_RTL_SOURCES}
    VERILATOR_ARGS --pins-bv 2 -Wall
      -GBIDIRECTIONAL=${bi} -GB=${b} -GSTAGES=${stages} -GSTAGE=${stage} -GCONSUMPTION=${consumption}
      -GNUM_VCS=${vcs} -GBUF_DEPTH=${depth} -GFLIT_WIDTH=${width} -GT_NODE=${t_node}
      -GT_NODE_MULTIDEST=${t_node_multidest} -GT_SW=${t_sw} -GT_PHY=${t_phy} -GT_INJ=${t_inj}
      -GT_CONS=${t_cons} -GTREE_WORMS=1 -GTOKEN_RING=${token_ring} -GTOKEN_PASS=${token_pass}
      -GTOKEN_RELEASE_FLITS=${token_release})
  string(APPEND WORMCAST_RTL_INCLUDES "#include \"${prefix}.h\"\n")
  wormcast_rtl_flag(bi_flag ${bi})
  string(APPEND WORMCAST_RTL_SWITCH_ENTRIES
    "        {\"${name}\", {${bi_flag}, ${b}, ${stages}, ${stage}, ${consumption}, ${vcs}, ${depth}, ${width}, "
    "${t_node}, ${t_node_multidest}, ${t_sw}, ${t_phy}, ${t_inj}, ${t_cons}, ${token_ring}, ${token_pass}, "
    "${token_release}}, &make_rtl_switch<${prefix}>},\n")
endforeach()

# The registry of built configurations (systemc/rtl/RtlModels.hpp), generated.
file(CONFIGURE OUTPUT ${CMAKE_BINARY_DIR}/generated/RtlModelRegistry.cpp @ONLY CONTENT
"// Generated by rtl/rtl.cmake: the Verilated router configurations built into this program.
#include \"systemc/rtl/RtlModels.hpp\"

#include \"systemc/RtlRouter.hpp\"

@WORMCAST_RTL_INCLUDES@
namespace wormcast::rtl {

namespace {
template <typename Model>
std::unique_ptr<RouterModule> make_rtl_router(const RouterConfig& config, sc_core::sc_time period,
                                              ActivityMonitor* monitor) {
    return std::make_unique<RtlRouter<Model>>(config.name.c_str(), config, period, monitor);
}
template <typename Model>
std::unique_ptr<RouterModule> make_rtl_table_router(const RouterConfig& config,
                                                    sc_core::sc_time period,
                                                    ActivityMonitor* monitor,
                                                    std::vector<std::uint32_t> table,
                                                    RtlTokenWires token) {
    return std::make_unique<RtlRouter<Model>>(config.name.c_str(), config, period, monitor, -1,
                                              std::move(table), token);
}
template <typename Model>
std::unique_ptr<RouterModule> make_rtl_switch(const RouterConfig& config, sc_core::sc_time period,
                                              ActivityMonitor* monitor, std::uint32_t row) {
    return std::make_unique<RtlRouter<Model>>(config.name.c_str(), config, period, monitor, row);
}
}  // namespace

const std::vector<RtlModel>& rtl_models() {
    static const std::vector<RtlModel> models{
@WORMCAST_RTL_ENTRIES@    };
    return models;
}

const std::vector<RtlTableModel>& rtl_table_models() {
    static const std::vector<RtlTableModel> models{
@WORMCAST_RTL_TABLE_ENTRIES@    };
    return models;
}

const std::vector<RtlSwitchModel>& rtl_switch_models() {
    static const std::vector<RtlSwitchModel> models{
@WORMCAST_RTL_SWITCH_ENTRIES@    };
    return models;
}

}  // namespace wormcast::rtl
")

# The SystemC side of the RTL (systemc/rtl/): the registry, the mesh router factory and the
# Verilator waveforms. Used by the program (app links it) and the co-simulation tests; the pure
# and SystemC layers do not depend on it.
file(GLOB WORMCAST_RTL_GLUE_SOURCES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/systemc/rtl/*.cpp)
add_library(wormcast_rtl STATIC ${WORMCAST_RTL_GLUE_SOURCES} ${CMAKE_BINARY_DIR}/generated/RtlModelRegistry.cpp)
target_link_libraries(wormcast_rtl PUBLIC wormcast_sc wormcast_rtl_models)

if(WORMCAST_RTL AND WORMCAST_CATCH2)
# Co-simulation tests: their own Catch2 binary (WORMCAST_TESTS in CMakeLists.txt).
file(GLOB WORMCAST_COSIM_SOURCES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/testbenches/cosim/*.cpp)
add_executable(wormcast_cosim_tests ${WORMCAST_COSIM_SOURCES} ${WORMCAST_SC_MAIN})
target_link_libraries(wormcast_cosim_tests PRIVATE wormcast_sim Catch2::Catch2)
# The command-line tests (test_cosim_cli.cpp) run the program and read the scenario files.
target_compile_definitions(wormcast_cosim_tests PRIVATE WORMCAST_SOURCE_DIR="${CMAKE_SOURCE_DIR}"
                                                         WORMCAST_BINARY="$<TARGET_FILE:wormcast>")
add_dependencies(wormcast_cosim_tests wormcast)
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
# (as for wormcast_rtl_models above).
add_library(wormcast_token_ring_models STATIC)
set_target_properties(wormcast_token_ring_models PROPERTIES SYSTEM TRUE)
add_executable(wormcast_token_ring_tests ${CMAKE_SOURCE_DIR}/testbenches/cosim/token_ring/test_token_ring.cpp
                                         ${CMAKE_SOURCE_DIR}/testbenches/cosim/main.cpp
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
