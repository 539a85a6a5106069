# A gate whose tool is missing: say why and end as skipped. cmake_language(EXIT 77) exists from CMake 3.29
# on; before that (Debian 12 has 3.25) a script cannot choose its exit status, so CTest also reads the
# marker line (SKIP_REGULAR_EXPRESSION in CMakeLists.txt).
if(DEFINED ENV{KIX_REQUIRE_GATES})
  message(FATAL_ERROR "kix-gate: cannot run: ${REASON}; KIX_REQUIRE_GATES is set (CI), so the gate fails")
endif()
message("kix-gate: skipped: ${REASON}")
if(CMAKE_VERSION VERSION_GREATER_EQUAL 3.29)
  cmake_language(EXIT 77)
endif()
