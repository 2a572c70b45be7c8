# 2048: the exact search beside the plain 4^K baseline.
set(BOARDSEARCH_BENCH_SOURCES_2048 ${CMAKE_CURRENT_LIST_DIR}/bench_2048.cpp)
