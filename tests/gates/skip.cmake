# A gate whose tool is missing: say why and end as skipped. cmake_language(EXIT 77) exists from CMake 3.29
# on; before that (Debian 12 has 3.25) a script cannot choose its exit status, so CTest also reads the
# marker line (SKIP_REGULAR_EXPRESSION in CMakeLists.txt).
message("kix-gate: skipped: ${REASON}")
if(CMAKE_VERSION VERSION_GREATER_EQUAL 3.29)
  cmake_language(EXIT 77)
endif()
