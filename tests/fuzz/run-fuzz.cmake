# Configures and builds the fuzz project with clang, then fuzzes FUZZ_TARGET for SECONDS seconds from a seed
# corpus: the committed seeds in tests/fuzz/corpus/FUZZ_TARGET, plus, for the manifest parser, the bundled
# samples and test manifests, and, where ../shared is present, KernelIndex's examples and catalog lines
# (copied here at test time, never committed); for the trace importer, the test traces and SOL-ExecBench's;
# for the catalog reader, lines of KernelIndex's catalog export (catalog-seeds.awk).
# Skipped (skip() below) only where clang's fuzzer runtime is unavailable: a probe that links an empty fuzz
# target with the flags the targets use fails for want of a libclang_rt library. Any other failure to
# configure or build the fuzz project fails the test, with the compiler's output.
if(NOT FUZZ_TARGET)
  set(FUZZ_TARGET fuzz_manifest)
endif()
# Skips the test: exit 77 (SKIP_RETURN_CODE) where CMake has cmake_language(EXIT) (3.29 and later); before
# that a script cannot choose its exit status, and CTest reads the last line (SKIP_REGULAR_EXPRESSION).
macro(skip why)
  message("${why}")
  if(DEFINED ENV{KIX_REQUIRE_GATES})
    message(FATAL_ERROR "fuzz: KIX_REQUIRE_GATES is set (CI), so a fuzz test that cannot run fails")
  endif()
  message("\nkix-fuzz: skipped (no fuzzer runtime)")
  if(CMAKE_VERSION VERSION_GREATER_EQUAL 3.29)
    cmake_language(EXIT 77)
  endif()
  return()
endmacro()
set(sanitizers -fsanitize=fuzzer,address,undefined)
set(probe ${BUILD}/probe)
file(MAKE_DIRECTORY ${probe})
# The probe and the configure step run once per tree: the five smoke runs and five gates share it (ten
# probes and configures cost about a minute of CI), and `cmake --build` configures again by itself
# whenever the fuzz project's CMakeLists change.
if(NOT EXISTS ${probe}/probe)
file(WRITE ${probe}/probe.cpp "#include <cstddef>\n#include <cstdint>\n"
                              "extern \"C\" int LLVMFuzzerTestOneInput(const std::uint8_t*, std::size_t) { return 0; }\n")
execute_process(COMMAND ${CLANGXX} ${sanitizers} ${probe}/probe.cpp -o ${probe}/probe RESULT_VARIABLE rc
                OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message("${out}")
  if(out MATCHES "clang_rt")
    skip("fuzz: ${CLANGXX} has no fuzzer/sanitizer runtime (libclang_rt; Debian: libclang-rt-dev)")
  endif()
  message(FATAL_ERROR "fuzz: ${CLANGXX} could not build an empty fuzz target with ${sanitizers} (output above)")
endif()
endif()
if(NOT EXISTS ${BUILD}/build.ninja)
  execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE} -B ${BUILD} -G Ninja -DCMAKE_CXX_COMPILER=${CLANGXX}
                          -DCMAKE_BUILD_TYPE=RelWithDebInfo RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message("${out}")
    message(FATAL_ERROR "fuzz: the fuzz project did not configure with ${CLANGXX} (output above)")
  endif()
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${BUILD} --target ${FUZZ_TARGET} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message("${out}")
  message(FATAL_ERROR "fuzz: the fuzz target ${FUZZ_TARGET} did not build (compiler output above)")
endif()
set(corpus ${BUILD}/corpus-${FUZZ_TARGET})
file(REMOVE_RECURSE ${corpus})
file(MAKE_DIRECTORY ${corpus})
set(shared ${REPO}/../shared/kernelindex)
if(FUZZ_TARGET STREQUAL "fuzz_manifest")
  file(GLOB_RECURSE seeds ${REPO}/resources/samples/*.json ${REPO}/tests/data/manifests/*.json
       ${REPO}/tests/fuzz/corpus/fuzz_manifest/*.json)
  set(max_len 65536)
  # KernelIndex's examples, the seed and catalog lines from ../shared, when it is there: copied, never committed.
  if(EXISTS ${REPO}/../shared)
    file(GLOB_RECURSE shared_seeds ${shared}/examples-json/*.json ${REPO}/../shared/seed/*.json
         ${REPO}/../shared/sol013/*.json)
    set(n 0)
    foreach(seed IN LISTS shared_seeds)
      math(EXPR n "${n} + 1")
      configure_file(${seed} ${corpus}/shared-file-${n}.json COPYONLY)
    endforeach()
    file(GLOB lines_files ${REPO}/../shared/sol013/*.jsonl)
    foreach(lines_file IN LISTS lines_files)
      # One file per line, split by hand: a CMake list would split JSON text at every ';'.
      file(READ ${lines_file} text)
      string(LENGTH "${text}" left)
      while(left GREATER 0)
        string(FIND "${text}" "\n" end)
        if(end EQUAL -1)
          set(end ${left})
        endif()
        string(SUBSTRING "${text}" 0 ${end} line)
        math(EXPR next "${end} + 1")
        if(next GREATER left)
          set(next ${left})
        endif()
        string(SUBSTRING "${text}" ${next} -1 text)
        string(LENGTH "${text}" left)
        if(NOT line STREQUAL "")
          math(EXPR n "${n} + 1")
          file(WRITE ${corpus}/shared-line-${n}.json "${line}")
        endif()
      endwhile()
    endforeach()
    message("fuzz: ${n} seeds from ${REPO}/../shared")
  else()
    message("fuzz: no ../shared beside the source tree; seeding from the repository only")
  endif()
elseif(FUZZ_TARGET STREQUAL "fuzz_yaml")
  file(GLOB seeds ${REPO}/tests/fuzz/corpus/fuzz_yaml/* ${shared}/examples/*.yaml ${shared}/examples/invalid/*.yaml)
  set(max_len 16384)
elseif(FUZZ_TARGET STREQUAL "fuzz_trace")
  # The trace importer: the committed seeds, the synthetic test traces and, where ../shared is present,
  # SOL-ExecBench's real trace files (copied here at test time, never committed).
  file(GLOB seeds ${REPO}/tests/fuzz/corpus/fuzz_trace/* ${REPO}/tests/data/traces/*.jsonl
       ${REPO}/../shared/sol-execbench/traces/*.jsonl)
  set(max_len 16384)
elseif(FUZZ_TARGET STREQUAL "fuzz_catalog")
  # The catalog reader: the committed seeds (each a small export) and, where ../shared is present, lines of
  # KernelIndex's catalog export: the first three of each table and every 1000th run, one seed each, and one
  # run with the rows it names as one seed (catalog-seeds.awk; copied here at test time, never committed).
  file(GLOB seeds ${REPO}/tests/fuzz/corpus/fuzz_catalog/*.jsonl)
  set(max_len 65536)
  file(GLOB catalog ${shared}/catalog-*.jsonl.zst)
  find_program(ZSTD_TOOL zstd)
  find_program(AWK_TOOL NAMES awk mawk gawk)
  if(catalog AND ZSTD_TOOL AND AWK_TOOL)
    list(GET catalog 0 catalog)
    set(lines ${BUILD}/catalog-lines.jsonl)
    execute_process(COMMAND ${ZSTD_TOOL} -dcqf ${catalog} -o ${lines} RESULT_VARIABLE rc)
    if(rc EQUAL 0)
      execute_process(COMMAND ${AWK_TOOL} -v dir=${corpus} -f ${CMAKE_CURRENT_LIST_DIR}/catalog-seeds.awk ${lines}
                              ${lines} OUTPUT_FILE ${corpus}/shared-run-and-its-rows.jsonl RESULT_VARIABLE rc)
    endif()
    file(REMOVE ${lines})
    file(GLOB shared_seeds ${corpus}/shared-*)
    list(LENGTH shared_seeds n)
    message("fuzz: ${n} seeds from ${catalog}")
  else()
    message("fuzz: no catalog export in ${shared} (or no zstd/awk); seeding from the repository only")
  endif()
elseif(FUZZ_TARGET STREQUAL "fuzz_envelope")
  # The envelope reader: the committed seeds (first byte '0' an envelope file, '1' a statement payload).
  file(GLOB seeds ${REPO}/tests/fuzz/corpus/fuzz_envelope/*)
  set(max_len 16384)
elseif(FUZZ_TARGET STREQUAL "fuzz_record_events" OR FUZZ_TARGET STREQUAL "fuzz_raw_samples"
       OR FUZZ_TARGET STREQUAL "fuzz_settings_snapshot")
  # The history's record_events reader, the raw-samples reader (with the bundled kix runs' samples files)
  # and the explorer's kept snapshot: their committed seeds.
  file(GLOB seeds ${REPO}/tests/fuzz/corpus/${FUZZ_TARGET}/*)
  if(FUZZ_TARGET STREQUAL "fuzz_raw_samples")
    file(GLOB bundled ${REPO}/resources/samples/kix/*.samples.json)
    list(APPEND seeds ${bundled})
  endif()
  set(max_len 65536)
else()
  file(GLOB seeds ${REPO}/tests/fuzz/corpus/fuzz_line_source/*)
  set(max_len 65536)
  # Catalog lines as seeds: the first byte of a seed is the target's mode ("0" plain, "2" compressed here).
  file(GLOB catalog ${shared}/catalog-*.jsonl.zst)
  find_program(ZSTD_TOOL zstd)
  if(catalog AND ZSTD_TOOL)
    list(GET catalog 0 catalog)
    execute_process(COMMAND ${ZSTD_TOOL} -dc ${catalog} COMMAND head -c 60000 OUTPUT_VARIABLE lines)
    string(SUBSTRING "${lines}" 0 20000 head)
    file(WRITE ${corpus}/catalog-plain "0${head}")
    file(WRITE ${corpus}/catalog-zstd "2${lines}")
  endif()
endif()
if(seeds)
  file(COPY ${seeds} DESTINATION ${corpus})
endif()
execute_process(COMMAND ${BUILD}/${FUZZ_TARGET} -max_total_time=${SECONDS} -max_len=${max_len} -rss_limit_mb=2048
                        -print_final_stats=1 ${corpus}
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "fuzz: ${FUZZ_TARGET} failed on an input (exit ${rc}); the crashing input is in the current folder")
endif()
