# The clang fuzz build (BOARDSEARCH_FUZZ=ON, `make fuzz`): every target of
# ours gets libFuzzer's coverage instrumentation and ASan/UBSan; fuzz/ links
# its targets with libFuzzer itself (-fsanitize=fuzzer). Needs Debian's clang
# and libclang-rt-14-dev (scripts/deps.sh).
if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  message(FATAL_ERROR "BOARDSEARCH_FUZZ needs clang (-DCMAKE_CXX_COMPILER=clang++), not ${CMAKE_CXX_COMPILER_ID}")
endif()
# The build type is `Fuzz` (`make fuzz`): no flags of CMake's own, so these
# decide. -O1: quick to build and still fast to run; line tables are enough
# for the sanitizers' stack traces; no -DNDEBUG, so every assert is checked.
target_compile_options(boardsearch_options INTERFACE -O1 -gline-tables-only
  -fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all)
target_link_options(boardsearch_options INTERFACE -fsanitize=address,undefined)
