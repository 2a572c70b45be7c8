set(BOARDSEARCH_BENCH_SOURCES_yut ${CMAKE_CURRENT_LIST_DIR}/yut_bench.cpp ${CMAKE_CURRENT_LIST_DIR}/yut_expected_bench.cpp)
# The expected-score benchmark reads docs/boards/traditional.json.
set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/yut_expected_bench.cpp PROPERTIES
  COMPILE_DEFINITIONS BOARDSEARCH_BENCH_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
