#pragma once
// The rules of dice yut, readable without the search:
//   - the board as data: squares with points and red / blue successors,
//     which square is start and which is finish, and the dice faces allowed
//     (the standard board of the puzzle page is built in, standard_board();
//     other boards come from JSON files, parse.hpp, format in docs/yut.md);
//   - the movement rule (landing_square) and a table of it (MoveTable);
//   - a position as the known-dice search stores it (a 64-bit key of sorted
//     squares) and its legal moves (for_each_legal_move): the successor
//     function in one place, so the tests can check it against the rules
//     written plainly.
//
// Squares are identified by their index in Board::squares, never by their
// points: the standard board has two squares worth 30, and so on.
//
// A move of a piece on square s with die value f:
//   - the first step goes to s's blue successor if s has one (the blue path
//     is taken only when the move *starts* on a blue square), else to its red
//     successor; every later step follows red successors;
//   - reaching finish ends the move there, whatever is left of f;
//   - legal when it ends on finish or on a square no other piece holds
//     (for_each_legal_move); it scores the points of the landing square.

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace boardsearch::yut {

// A square index fits in one byte so that a position of up to kMaxPieces
// pieces packs into one 64-bit key (PositionKey); the byte value 255 is
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

// A position packs the squares of all pieces, one byte each, into a 64-bit
// key (PositionKey below), so at most 8 pieces. More would not be practical
// anyway: the number of positions grows like C(squares, pieces).
inline constexpr int kMaxPieces = 8;

// ---------------------------------------------------------------------------
// The movement rule.
// ---------------------------------------------------------------------------

// The square where a move from `square` with die value `face` ends.
// Preconditions: board valid (parse_board invariants), square != finish,
// face >= 1.
inline int landing_square(const Board& board, int square, int face) {
  const Square& from = board.squares[square];
  int at = from.blue != kNoSquare ? from.blue : from.red;
  for (int step = 1; step < face && at != board.finish; ++step) at = board.squares[at].red;
  return at;
}

// landing_square for every (square, face) pair, looked up in O(1).
//
//   destinations_: row per square, column per face value 0..max_face
//     index = square * stride + face,  stride = max_face + 1
//   entries for finish (it never moves) and for values that are not faces
//   hold kNoSquare.
class MoveTable {
 public:
  explicit MoveTable(const Board& board)
      : stride_(board.faces.back() + 1),
        destinations_(board.squares.size() * static_cast<std::size_t>(stride_), static_cast<std::uint8_t>(kNoSquare)) {
    for (std::size_t square = 0; square < board.squares.size(); ++square) {
      if (static_cast<int>(square) == board.finish) continue;
      for (int face : board.faces)
        destinations_[square * stride_ + face] =
            static_cast<std::uint8_t>(landing_square(board, static_cast<int>(square), face));
    }
  }

  // Precondition: square != finish and face is one of the board's faces.
  int destination(int square, int face) const { return destinations_[square * stride_ + face]; }

 private:
  int stride_;
  std::vector<std::uint8_t> destinations_;
};

// ---------------------------------------------------------------------------
// Positions of the known-dice search and their legal moves.
// ---------------------------------------------------------------------------

//
//   bit 63       56 55       48        15        8 7         0
//      +-----------+-----------+ ... +-----------+-----------+
//      | square[7] | square[6] |     | square[1] | square[0] |
//      +-----------+-----------+ ... +-----------+-----------+
//   square[0] <= square[1] <= ... <= square[P-1]; bytes P..7 are zero.
//
// Sorting makes the key canonical: two positions that differ only by which
// piece stands where get the same key.
using PositionKey = std::uint64_t;
constexpr int kBitsPerSquare = 8;
constexpr PositionKey kSquareMask = 0xFF;

using Squares = std::array<std::uint8_t, kMaxPieces>;

inline Squares unpack(PositionKey key, int pieces) {
  Squares squares{};
  for (int i = 0; i < pieces; ++i) squares[i] = static_cast<std::uint8_t>((key >> (kBitsPerSquare * i)) & kSquareMask);
  return squares;
}

inline PositionKey pack(const Squares& squares, int pieces) {
  PositionKey key = 0;
  for (int i = 0; i < pieces; ++i) key |= PositionKey{squares[i]} << (kBitsPerSquare * i);
  return key;
}

// The key of `key`'s position after its piece i (squares[i], squares sorted
// as in the key) moves to `to`: byte i is cut out, and `to` is inserted where
// it keeps the bytes sorted.
inline PositionKey moved_key(PositionKey key, const Squares& squares, int pieces, int i, std::uint8_t to) {
  const auto low_bytes = [](int count) {
    return count >= kMaxPieces ? ~PositionKey{0} : (PositionKey{1} << (kBitsPerSquare * count)) - 1;
  };
  const PositionKey above = i + 1 < kMaxPieces ? key >> (kBitsPerSquare * (i + 1)) : 0;
  const PositionKey rest = (key & low_bytes(i)) | (above << (kBitsPerSquare * i));  // pieces - 1 sorted bytes
  int slot = 0;
  for (int k = 0; k < pieces; ++k) slot += k != i && squares[k] < to;
  const PositionKey moved_up =
      slot + 1 < kMaxPieces ? (rest >> (kBitsPerSquare * slot)) << (kBitsPerSquare * (slot + 1)) : 0;
  return (rest & low_bytes(slot)) | (PositionKey{to} << (kBitsPerSquare * slot)) | moved_up;
}

// The legal moves of the position `squares` (sorted ascending, the first
// kPieces entries) with die `face`: any piece not on finish, one per distinct
// square (pieces sharing start are interchangeable: the first of them moves),
// whose landing square is finish or free (start is never a landing square).
// Calls on_move(i, from, to) for each, piece i moving from squares[i] = from
// to `to`; returns whether there was any.
template <int kPieces, class OnMove>
bool for_each_legal_move(const MoveTable& moves, std::uint8_t finish, const Squares& squares, int face,
                         OnMove&& on_move) {
  bool any_move = false;
  for (int i = 0; i < kPieces; ++i) {
    const std::uint8_t from = squares[i];
    if (from == finish || (i > 0 && squares[i - 1] == from)) continue;
    const auto to = static_cast<std::uint8_t>(moves.destination(from, face));
    if (to != finish && std::find(squares.begin(), squares.begin() + kPieces, to) != squares.begin() + kPieces)
      continue;
    any_move = true;
    on_move(i, from, to);
  }
  return any_move;
}

}  // namespace boardsearch::yut
