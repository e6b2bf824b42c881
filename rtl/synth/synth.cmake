# Area synthesis (rtl/synth/, docs/rtl-area.md): yosys maps wc_router to generic gates. The test
# synthesises buffer depth 1 and 2 (1 VC, 16-bit flits) and checks the flip-flops against the RTL:
# those without reset are exactly the FIFO storage, and the deeper buffer adds exactly the pointer,
# fill-count and credit-counter bits it implies. Included at the end of rtl/rtl.cmake.

find_program(WORMCAST_YOSYS yosys)
find_program(WORMCAST_PYTHON3 python3)
if(WORMCAST_YOSYS AND WORMCAST_PYTHON3)
  set(WORMCAST_AREA_TEST
      "rtl area: yosys flip-flops match the RTL storage (depth 1 and 2, 1 VC, 16-bit flits)")
  add_test(NAME ${WORMCAST_AREA_TEST}
           COMMAND ${WORMCAST_PYTHON3} ${CMAKE_SOURCE_DIR}/rtl/synth/area.py
                   --yosys ${WORMCAST_YOSYS} --depth 1 2 --vcs 1 --width 16 --check --jobs 2)
  # About 15 s of CPU per yosys run; the timeout leaves room for a loaded machine.
  set_tests_properties(${WORMCAST_AREA_TEST} PROPERTIES TIMEOUT 300 PROCESSORS 2)
  unset(WORMCAST_AREA_TEST)
  # Every module's registers map onto a real library's flip-flops (wormcast hw): yosys's
  # dfflibmap leaves none of its generic flip-flops or latches behind. A register whose reset
  # value is a signal (an asynchronous load) is what this catches; no cell library has one.
  find_file(WORMCAST_OSU018_LIBERTY osu018_stdcells.lib PATHS /usr/share/qflow/tech/osu018
            NO_DEFAULT_PATH)
  if(WORMCAST_OSU018_LIBERTY)
    string(JOIN " " WORMCAST_RTL_SOURCE_LIST ${WORMCAST_RTL_SOURCES})
    foreach(source ${WORMCAST_RTL_SOURCES})
      get_filename_component(module ${source} NAME_WE)
      add_test(NAME "rtl cells: ${module}'s registers map onto OSU 0.18 um flip-flops"
               COMMAND ${WORMCAST_YOSYS} -q -p "read_verilog -sv -DSYNTHESIS ${WORMCAST_RTL_SOURCE_LIST}
synth -top ${module}
dfflibmap -liberty ${WORMCAST_OSU018_LIBERTY}
select -assert-none t:$_*DFF* t:$_DLATCH* t:$_SR_*")
    endforeach()
    unset(WORMCAST_RTL_SOURCE_LIST)
  else()
    add_test(NAME "rtl cells: the OSU 0.18 um library is not installed (ci/install-deps.sh)"
             COMMAND sh -c "echo 'qflow-tech-osu018 not found when cmake ran.' >&2; exit 1")
  endif()
else()
  # No silent skip: ci/install-deps.sh installs yosys (which brings python3).
  add_test(NAME "rtl area: yosys or python3 not found (install them: ci/install-deps.sh)"
           COMMAND sh -c "echo 'yosys or python3 not found when cmake ran: the area synthesis \
test cannot run. Install yosys (ci/install-deps.sh) and re-run cmake.' >&2; exit 1")
endif()
