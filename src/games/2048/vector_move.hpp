#pragma once
// The vector move: one move of a board up to 32 wide with SSSE3 byte
// shuffles, a line of 32 cells in two registers slid in a handful of steps
// instead of one step per cell (the algorithm: vector_move.cpp). The same
// boards, counts and answers as the rules (rules.hpp: slide_line), tested
// equal on every direction and side 1-40. Only on x86-64 with GCC or Clang
// (BOARDSEARCH_2048_VECTOR_MOVE), and only run where the processor has SSSE3
// and POPCNT (has_vector_move); MoveSet (move_set.hpp) picks it or the rules.
//
// Grids: a board up to 32 wide is held as a 32 x 32 grid of exponents, row
// r at r * 32, empty past the board's n columns and n rows:
//
//          col 0 .. n-1      col n .. 31
//   row 0  [board row 0 ]    [ empty ]
//   ...
//   row n-1[board row n-1]   [ empty ]
//   row n.. [ empty ..................]
//
// A vertical move works on the transpose (transpose32), whose rows are the
// board's columns, so every move slides rows.

#include <cstddef>
#include <cstring>

#include "games/2048/move_set.hpp"
#include "games/2048/rules.hpp"

#if defined(__x86_64__) && defined(__GNUC__)
#define BOARDSEARCH_2048_VECTOR_MOVE 1
#endif

namespace boardsearch::game2048 {

#if BOARDSEARCH_2048_VECTOR_MOVE

// The widest board (and the grids' side) the vector move takes.
inline constexpr int kVectorSide = 32;

// Whether this processor runs the vector move (SSSE3 and POPCNT; checked
// once).
bool has_vector_move();

// Transposes a 32 x 32 grid of bytes, rows kVectorSide apart: out row j,
// byte i = in row i, byte j.
[[gnu::target("ssse3,popcnt")]] void transpose32(const Exponent* in, Exponent* out);

// Copies n <= 32 bytes; from 16 on as two 16-byte blocks (overlapping),
// which the compiler inlines, unlike a copy of a length it does not know.
inline void copy_row(Exponent* to, const Exponent* from, std::size_t n) {
  if (n >= 16) {
    std::memcpy(to, from, 16);
    std::memcpy(to + n - 16, from + n - 16, 16);
  } else {
    std::memcpy(to, from, n);
  }
}

// The move toward `direction` of an n x n board, 1 <= n <= kVectorSide,
// from `rows` (its grid, with 32 empty cells before it) or, for up and down,
// `columns` (its transpose, the same way). Writes the board after the move
// to `dst` (n * n cells, row-major) and returns whether it changed; `counts`
// goes in as the board's and comes out as the result's. `results`, `staged`
// and `board_rows` are 32 x 32 grids whose rows from n on are empty (and
// stay so): `results` is scratch of a vertical move; `staged` and
// `board_rows` get what a borrowing MoveSet reads (MoveSet::borrow_last):
// the rows of a horizontal result, and of a vertical one the transpose of
// `results`.
[[gnu::target("ssse3,popcnt")]] bool move_lines(const Exponent* rows, const Exponent* columns, Exponent* results,
                                                Exponent* staged, Exponent* board_rows, int n, Direction direction,
                                                Exponent* dst, TileCounts& counts);

// Both moves of one orientation summarized at exponent `level` (MoveSummary,
// move_set.hpp), no board written: `first` for the move toward cell 0 of the
// lines (left, up), `second` for the other (right, down). Line i is read from
// in + 32 i + offset (its n cells, empty for 32 - n cells after them).
// `first.counts` goes in as the board's counts. Preconditions:
// 1 <= n <= kVectorSide, 1 <= level <= kMaxExponent.
[[gnu::target("ssse3,popcnt")]] void summarize_lines(const Exponent* in, std::size_t offset, int n, int level,
                                                     MoveSummary& first, MoveSummary& second);

#endif

}  // namespace boardsearch::game2048
