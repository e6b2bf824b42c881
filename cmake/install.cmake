# `cmake --install build --prefix P` (docs/library.md): the static libraries under lib/, every
# public header under include/wormcast/ at its repository path (so `#include "systemc/Nic.hpp"`
# works with -I P/include/wormcast, and <wormcast/wormcast.hpp> with -I P/include), the program
# under bin/, the RTL sources, scenarios, docs and the example platform under share/wormcast/, a
# CMake package (find_package(wormcast CONFIG) -> wormcast::wormcast) and wormcast.pc. Paths in
# the installed files are relative to the prefix, so an installed tree can be moved.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(WORMCAST_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/wormcast)
set(WORMCAST_INSTALL_DATADIR ${CMAKE_INSTALL_DATADIR}/wormcast)
set(WORMCAST_EXPORTED_LIBRARIES wormcast_pure wormcast_sc wormcast_verilated wormcast_rtl
    wormcast_families wormcast_sim wormcast_experiments wormcast_tlm)

# Build-tree paths in the targets' usage requirements are the build's only: our source folder as
# include directory, our warning flags (-Werror is for our code, not a user's), the sanitizers,
# Verilator's generated folders. Installed, the headers are under include/wormcast.
function(wormcast_build_only target property)
  get_target_property(values ${target} ${property})
  if(NOT values)
    return()
  endif()
  set(kept "")
  foreach(value IN LISTS values)
    if(value MATCHES "^\\$<" OR NOT (value MATCHES "^${CMAKE_SOURCE_DIR}" OR value MATCHES "^${CMAKE_BINARY_DIR}"
                                     OR property STREQUAL "INTERFACE_COMPILE_OPTIONS"
                                     OR property STREQUAL "INTERFACE_LINK_OPTIONS"))
      list(APPEND kept "${value}")
    else()
      list(APPEND kept "$<BUILD_INTERFACE:${value}>")
    endif()
  endforeach()
  set_property(TARGET ${target} PROPERTY ${property} "${kept}")
endfunction()
foreach(target wormcast_flags wormcast_library ${WORMCAST_EXPORTED_LIBRARIES})
  foreach(property INTERFACE_INCLUDE_DIRECTORIES INTERFACE_COMPILE_OPTIONS INTERFACE_LINK_OPTIONS)
    wormcast_build_only(${target} ${property})
  endforeach()
endforeach()
target_include_directories(wormcast_flags INTERFACE $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/wormcast>
                                                    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
# RTL routers built on first use are shared libraries that use the program's symbols: a program
# linking wormcast exports them (docs/rtl.md, "RTL on demand").
target_link_options(wormcast_library INTERFACE -Wl,--export-dynamic)
# The program finds Verilator's run time (libwormcast_verilated.so) beside it, wherever the
# prefix is moved.
set_target_properties(wormcast PROPERTIES INSTALL_RPATH "$ORIGIN/../${CMAKE_INSTALL_LIBDIR}")

install(TARGETS wormcast_flags wormcast_library ${WORMCAST_EXPORTED_LIBRARIES}
        EXPORT wormcast-targets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/wormcast)
install(TARGETS wormcast RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(EXPORT wormcast-targets NAMESPACE wormcast:: DESTINATION ${WORMCAST_INSTALL_CMAKEDIR})

# Headers: every layer's, at their repository paths (the on-demand RTL flow compiles against
# systemc/*.hpp, systemc/pure/*.hpp and systemc/rtl/*.hpp at run time).
foreach(folder systemc topologies testbenches/sim testbenches/traffic testbenches/experiments)
  install(DIRECTORY ${CMAKE_SOURCE_DIR}/${folder}/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/wormcast/${folder}
          FILES_MATCHING PATTERN "*.hpp")
endforeach()
install(FILES ${CMAKE_SOURCE_DIR}/include/wormcast/wormcast.hpp
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/wormcast)
# The shim every RTL configuration built on first use is compiled with.
install(FILES ${CMAKE_SOURCE_DIR}/systemc/rtl/shim/RtlModelShim.cpp
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/wormcast/systemc/rtl/shim)

# Data: the RTL, the scenarios (with their network files), the docs, the example platform's
# sources (a project of its own: cmake -S P/share/wormcast/examples/platform).
install(DIRECTORY ${CMAKE_SOURCE_DIR}/rtl/ DESTINATION ${WORMCAST_INSTALL_DATADIR}/rtl
        FILES_MATCHING PATTERN "*.sv" PATTERN "*.vlt" PATTERN "*.cmake" PATTERN "README.md"
        PATTERN "synth" EXCLUDE)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/testbenches/scenarios/ DESTINATION ${WORMCAST_INSTALL_DATADIR}/scenarios)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR} FILES_MATCHING PATTERN "*.md")
install(FILES ${CMAKE_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${CMAKE_SOURCE_DIR}/testbenches/platform/
        DESTINATION ${WORMCAST_INSTALL_DATADIR}/examples/platform)

# The CMake package: find_package(wormcast CONFIG) finds SystemC (pkg-config), fmt, yaml-cpp,
# nlohmann-json and Threads itself (cmake/wormcast-config.cmake.in).
configure_package_config_file(${CMAKE_SOURCE_DIR}/cmake/wormcast-config.cmake.in
                              ${CMAKE_BINARY_DIR}/wormcast-config.cmake
                              INSTALL_DESTINATION ${WORMCAST_INSTALL_CMAKEDIR}
                              PATH_VARS WORMCAST_INSTALL_DATADIR)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/wormcast-config-version.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/wormcast-config.cmake ${CMAKE_BINARY_DIR}/wormcast-config-version.cmake
        DESTINATION ${WORMCAST_INSTALL_CMAKEDIR})

# pkg-config: wormcast.pc finds its prefix from its own folder (${pcfiledir}), so it moves too.
file(RELATIVE_PATH WORMCAST_PC_TO_PREFIX /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
string(REGEX REPLACE "/$" "" WORMCAST_PC_TO_PREFIX "${WORMCAST_PC_TO_PREFIX}")
configure_file(${CMAKE_SOURCE_DIR}/cmake/wormcast.pc.in ${CMAKE_BINARY_DIR}/wormcast.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/wormcast.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
