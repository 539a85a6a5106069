# Configures and builds the fuzz project with clang, then fuzzes for SECONDS seconds from a seed
# corpus of the bundled samples and the test manifests. Exit 77 (skipped) when clang cannot build it.
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE} -B ${BUILD} -G Ninja -DCMAKE_CXX_COMPILER=${CLANGXX}
                        -DCMAKE_BUILD_TYPE=RelWithDebInfo RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message("fuzz: clang could not configure the fuzz build (is libclang-rt-dev installed?); skipped")
  cmake_language(EXIT 77)
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${BUILD} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message("${out}")
  message("fuzz: the fuzz target did not build; skipped")
  cmake_language(EXIT 77)
endif()
file(REMOVE_RECURSE ${BUILD}/corpus)
file(MAKE_DIRECTORY ${BUILD}/corpus)
file(GLOB_RECURSE seeds ${REPO}/resources/samples/*.json ${REPO}/tests/data/manifests/*.json)
file(COPY ${seeds} DESTINATION ${BUILD}/corpus)
execute_process(COMMAND ${BUILD}/fuzz_manifest -max_total_time=${SECONDS} -max_len=65536 -rss_limit_mb=2048
                        -print_final_stats=1 ${BUILD}/corpus
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "fuzz: the parser failed on an input (exit ${rc}); the crashing input is in the current folder")
endif()
