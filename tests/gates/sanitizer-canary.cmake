# gate_sanitizers in a tree built with KIX_SANITIZE (the test preset, which CI builds): the README's test
# command has already run every test of this tree under ASan+UBSan, so what is left to prove is that the
# sanitizers were live in it. The canary, compiled with the tree's flags, commits one defect per run; each
# must end the program with its report, and the run without a defect must pass.
#   cmake -DCANARY=<path> -P sanitizer-canary.cmake
set(expected
    "heap-overflow=ERROR: AddressSanitizer: heap-buffer-overflow"
    "signed-overflow=runtime error: signed integer overflow"
    "leak=ERROR: LeakSanitizer: detected memory leaks")
set(failures "")
foreach(pair IN LISTS expected)
  string(FIND "${pair}" "=" at)
  string(SUBSTRING "${pair}" 0 ${at} defect)
  math(EXPR at "${at} + 1")
  string(SUBSTRING "${pair}" ${at} -1 report)
  execute_process(COMMAND ${CANARY} ${defect} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  string(FIND "${out}" "${report}" found)
  if(rc EQUAL 0 OR found EQUAL -1)
    string(APPEND failures "  ${defect}: exit ${rc}, expected a failure with \"${report}\"; output:\n${out}\n")
  else()
    message("kix-gate: ${defect}: reported (\"${report}\")")
  endif()
endforeach()
execute_process(COMMAND ${CANARY} none RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  string(APPEND failures "  none: exit ${rc} without a defect; output:\n${out}\n")
endif()
if(failures)
  message(FATAL_ERROR "sanitizer gate: this tree's sanitizers did not catch every planted defect:\n${failures}")
endif()
message("kix-gate: the sanitizers are live in this tree; its tests ran under them")
