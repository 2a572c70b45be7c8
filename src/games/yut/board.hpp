#pragma once
// The dice yut board as data: squares with points and red / blue successors,
// which square is start and which is finish, and the dice faces allowed.
// The standard board of the puzzle page is built in (standard_board()); other
// boards come from JSON files (parse_board(), format in docs/yut.md).
//
// Squares are identified by their index in Board::squares, never by their
// points: the standard board has two squares worth 30, and so on.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace boardsearch::yut {

// A square index fits in one byte so that a position of up to kMaxPieces
// pieces packs into one 64-bit key (see solver.hpp); the byte value 255 is
// kNoSquare, so at most 255 squares.
inline constexpr int kMaxSquares = 255;
inline constexpr int kNoSquare = 255;
// No real die has more faces; it also keeps the move table (squares x faces)
// below 26 KB.
inline constexpr int kMaxFace = 100;
// Points per square stay within +-10^6 so that any total fits easily in a
// long long (a 16 MiB input holds fewer than 10^7 dice).
inline constexpr long long kMaxPoints = 1'000'000;
// Where a viewer draws a square: both coordinates in [kMinLayout, kMaxLayout].
inline constexpr double kMinLayout = 0;
inline constexpr double kMaxLayout = 100;

// Where a viewer draws a square: x to the right, y downward (SVG convention),
// in a 0..100 box.
struct Layout {
  double x = 0;
  double y = 0;
  bool operator==(const Layout&) const = default;
};

struct Square {
  std::string id;                // unique name, e.g. "o30" (outer 30) or "i30" (inner 30)
  long long points = 0;          // scored by a move that ends here
  int red = kNoSquare;           // next square; kNoSquare only on finish
  int blue = kNoSquare;          // first step of a move that starts here, if any
  std::optional<Layout> layout;  // optional drawing position
  bool operator==(const Square&) const = default;
};

// Invariants (checked by parse_board, true of standard_board()):
//   - 1 <= squares.size() <= kMaxSquares, ids unique and non-empty;
//   - start != finish; finish has no successors, every other square a red one;
//   - no successor is start (start is never a destination);
//   - from every square, red successors reach finish, and red and blue
//     arrows together make no loop: every move goes strictly forward, so
//     every path reaches finish;
//   - faces: distinct, ascending, each in [1, kMaxFace], at least one.
struct Board {
  std::string name;
  std::string description;
  std::vector<Square> squares;
  int start = 0;
  int finish = 0;
  std::vector<int> faces;
  bool operator==(const Board&) const = default;

  // True if `value` is one of the dice faces.
  bool has_face(int value) const;
  // The index of the square with this id, or nullopt.
  std::optional<int> find(std::string_view id) const;
  // Faces as text for messages: "1..5" when contiguous, else "1, 2, 6".
  std::string faces_text() const;
  // The id of square `square` (an index into `squares`), as the board data names it.
  const std::string& id_of(int square) const { return squares[square].id; }
};

// The board of the puzzle page (docs/boards/standard.json holds the same data;
// a test checks that they agree).
const Board& standard_board();

// Parses and validates a board file. `source` names the file in messages.
// Throws app::InputError "<source>: <what is wrong>" (naming the square when
// one is at fault) on bad JSON, unknown keys or ids, missing start or finish,
// paths that never reach finish, or bad faces.
Board parse_board(std::string_view text, std::string_view source);

// The board in the file format parse_board reads (round trip exact).
nlohmann::json board_to_json(const Board& board);

}  // namespace boardsearch::yut
