# wormcast as a library (docs/library.md): the memory-mapped TLM-2.0 interconnect layer
# (systemc/tlm/, wormcast_tlm), the one target a user links (wormcast_library, exported as
# wormcast::wormcast), the example virtual platform (testbenches/platform/) and the install rules
# (cmake/install.cmake). Included last by the top-level CMakeLists.txt.

# The TLM-2.0 interconnect over a network: address map, node ports, the multicast extension.
file(GLOB WORMCAST_TLM_SOURCES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/systemc/tlm/*.cpp)
add_library(wormcast_tlm STATIC ${WORMCAST_TLM_SOURCES})
target_link_libraries(wormcast_tlm PUBLIC wormcast_sc)

# What a user links: the simulation layer (and through it families, RTL glue, hardware units and
# pure models) and the interconnect; C++17.
add_library(wormcast_library INTERFACE)
set_target_properties(wormcast_library PROPERTIES EXPORT_NAME wormcast)
target_link_libraries(wormcast_library INTERFACE wormcast_sim wormcast_tlm)
target_compile_features(wormcast_library INTERFACE cxx_std_17)
target_include_directories(wormcast_library INTERFACE $<BUILD_INTERFACE:${CMAKE_SOURCE_DIR}/include>)
add_library(wormcast::wormcast ALIAS wormcast_library)

# The tests of the interconnect (testbenches/unit/tlm/) use the platform's memory and initiator.
if(TARGET wormcast_tests)
  target_link_libraries(wormcast_tests PRIVATE wormcast_tlm)
  target_include_directories(wormcast_tests PRIVATE ${CMAKE_SOURCE_DIR}/include)
  target_sources(wormcast_tests PRIVATE ${CMAKE_SOURCE_DIR}/testbenches/platform/Memory.cpp
                                        ${CMAKE_SOURCE_DIR}/testbenches/platform/TraceInitiator.cpp
                                        ${CMAKE_SOURCE_DIR}/testbenches/platform/MemoryTrace.cpp)
endif()

# The example virtual platform, built here as it is out of tree (against the installed package).
add_subdirectory(${CMAKE_SOURCE_DIR}/testbenches/platform ${CMAKE_BINARY_DIR}/platform)

include(${CMAKE_SOURCE_DIR}/cmake/install.cmake)
