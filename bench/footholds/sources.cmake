# Footholds: full boards, random 7 x 7 with holes, the 7 x 7 start-pair sweep, 8 x 8 and 9 x 9,
# beside plain minimax on the full 6 x 6 board.
set(BOARDSEARCH_BENCH_SOURCES_footholds ${CMAKE_CURRENT_LIST_DIR}/footholds_bench.cpp)
