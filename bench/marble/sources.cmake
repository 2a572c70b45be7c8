# The marble escape benchmarks: random 100 x 100, 300 x 300 and 1000 x 1000
# boards with 5 to 30 % walls, no tilt limit, the engine beside a plain BFS
# with std::unordered_set in the same run.
set(BOARDSEARCH_BENCH_SOURCES_marble ${CMAKE_CURRENT_LIST_DIR}/marble_bench.cpp)
