# The tour benchmarks: 30 x 30 random boards, the open board, walk-generated
# solvable boards, and the plain DFS on the no-tour boards in the same run.
set(BOARDSEARCH_BENCH_SOURCES_tour ${CMAKE_CURRENT_LIST_DIR}/tour_bench.cpp)
