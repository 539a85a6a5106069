# A gate whose tool is missing: say why, and exit 77 (CTest: skipped).
message("skipped: ${REASON}")
cmake_language(EXIT 77)
