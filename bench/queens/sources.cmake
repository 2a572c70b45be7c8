# The queens benchmarks: the engine's count of the empty board at one and
# two threads beside the textbook bitboard backtracking with the mirror
# alone, in the same run.
set(BOARDSEARCH_BENCH_SOURCES_queens ${CMAKE_CURRENT_LIST_DIR}/queens_bench.cpp)
