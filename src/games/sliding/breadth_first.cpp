// Bidirectional breadth-first search over boards packed into 64 bits.
//
// Key of a board (at most 12 cells, tiles below 16):
//
//   bits 0..47   cell i's tile in bits 4i .. 4i+3
//   bits 48..51  the blank's cell
//
// Exactness. Let F hold every board within df moves of the start and B
// every board within db moves of the goal, with no board in both. Then
// every line is longer than df + db. Expanding F's layer df gives the
// boards at df + 1; a child x found in B gives a line of df + 1 + dB(x).
// After the whole layer, the least such sum is optimal: a shorter line L
// would pass a board y at df + 1 from the start, and y is in B (L - df - 1
// <= db, since every sum found is at most df + 1 + db), so y gave the sum L.
#include "games/sliding/breadth_first.hpp"

#include <algorithm>
#include <array>
#include <cstdint>

namespace boardsearch::sliding {

namespace {

constexpr int kBlankShift = 48;
constexpr std::uint64_t kNibble = 0xF;

std::uint64_t key_of(const Board& board) {
  std::uint64_t key = static_cast<std::uint64_t>(board.blank) << kBlankShift;
  for (int cell = 0; cell < board.size(); ++cell)
    key |= static_cast<std::uint64_t>(board.cells[static_cast<std::size_t>(cell)]) << (4 * cell);
  return key;
}

// The key after the tile at `from` slides into the blank at `blank`.
std::uint64_t key_after(std::uint64_t key, int blank, int from) {
  const std::uint64_t tile = (key >> (4 * from)) & kNibble;
  key &= ~(kNibble << (4 * from));
  key |= tile << (4 * blank);
  key &= (std::uint64_t{1} << kBlankShift) - 1;
  return key | (static_cast<std::uint64_t>(from) << kBlankShift);
}

// Boards seen from one end, each with the slide that reached it (1: the
// root, 2 + slide: a child): open addressing, linear probing, never more
// than half full. A slot is one word: the key (bits 0..51) and "how" in
// bits 56..59; 0 is an empty slot (a key is never 0: a tile >= 1 is in it).
class SeenSet {
 public:
  explicit SeenSet(core::MemoryBudget& memory) : memory_(memory) { grow(kInitialSlots); }
  ~SeenSet() { memory_.release(slots_.size() * sizeof(std::uint64_t)); }
  SeenSet(const SeenSet&) = delete;
  SeenSet& operator=(const SeenSet&) = delete;

  // The "how" stored for `key`, or 0 when not seen.
  int find(std::uint64_t key) const {
    for (std::size_t i = hash(key);; i = (i + 1) & mask_) {
      if ((slots_[i] & kKeyBits) == key) return static_cast<int>(slots_[i] >> kHowShift);
      if (slots_[i] == 0) return 0;
    }
  }
  // Inserts `key` if new; returns whether it was.
  bool insert(std::uint64_t key, int how) {
    if (2 * (count_ + 1) > slots_.size()) grow(2 * slots_.size());
    std::size_t i = hash(key);
    for (; slots_[i] != 0; i = (i + 1) & mask_)
      if ((slots_[i] & kKeyBits) == key) return false;
    slots_[i] = key | (static_cast<std::uint64_t>(how) << kHowShift);
    ++count_;
    return true;
  }

 private:
  static constexpr int kHowShift = 56;
  static constexpr std::uint64_t kKeyBits = (std::uint64_t{1} << kHowShift) - 1;
  // Room for the farthest 3 x 3 boards' searches (about 12,000 boards a
  // side) without growing: 32,768 slots of 8 bytes.
  static constexpr std::size_t kInitialSlots = std::size_t{1} << 15;
  std::size_t hash(std::uint64_t key) const {
    return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ULL) >> 20) & mask_;
  }
  void grow(std::size_t slots) {
    memory_.allocate(slots * sizeof(std::uint64_t));
    std::vector<std::uint64_t> old = std::move(slots_);
    slots_.assign(slots, 0);
    mask_ = slots - 1;
    count_ = 0;
    for (const std::uint64_t slot : old)
      if (slot != 0) insert(slot & kKeyBits, static_cast<int>(slot >> kHowShift));
    memory_.release(old.size() * sizeof(std::uint64_t));
  }
  core::MemoryBudget& memory_;
  std::vector<std::uint64_t> slots_;
  std::size_t mask_ = 0;
  std::size_t count_ = 0;
};

struct Side {
  explicit Side(core::MemoryBudget& memory) : seen(memory) {}
  SeenSet seen;
  std::vector<std::uint64_t> frontier;
  int depth = 0;
};

int blank_of(std::uint64_t key) { return static_cast<int>(key >> kBlankShift); }

// The slides from `key` back to the root of `side`, nearest the root last.
std::vector<Slide> walk_to_root(const SeenSet& seen, std::uint64_t key, int rows, int cols) {
  std::vector<Slide> slides;
  for (int how = seen.find(key); how > 1; how = seen.find(key)) {
    const Slide back = core::opposite(static_cast<Slide>(how - 2));
    Board board{.rows = rows, .cols = cols, .blank = blank_of(key)};
    key = key_after(key, board.blank, *sliding_tile_cell(board, back));
    slides.push_back(back);
  }
  return slides;
}

}  // namespace

SearchLine breadth_first(const Board& start, GoalLayout layout, core::SearchControl& control,
                         core::MemoryBudget& memory, int& bound) {
  // from_cell[blank][slide]: the tile's cell for each slide, -1 for none.
  std::array<std::array<int, 4>, kBreadthFirstMaxCells> from_cell{};
  for (int blank = 0; blank < start.size(); ++blank)
    for (const Slide slide : core::kDirections) {
      const std::optional<int> from =
          sliding_tile_cell(Board{.rows = start.rows, .cols = start.cols, .blank = blank}, slide);
      from_cell[static_cast<std::size_t>(blank)][static_cast<std::size_t>(slide)] = from ? *from : -1;
    }
  // Step 1. Both roots; "how" 1 marks a root, 2 + slide a child.
  const Board goal = goal_board(start.rows, start.cols, layout);
  const std::uint64_t start_key = key_of(start);
  const std::uint64_t goal_key = key_of(goal);
  control.visit();
  if (start_key == goal_key) return {true, {}, 0};
  Side forward(memory);
  Side backward(memory);
  forward.seen.insert(start_key, 1);
  backward.seen.insert(goal_key, 1);
  forward.frontier.push_back(start_key);
  backward.frontier.push_back(goal_key);
  bound = 1;

  // Step 2. A layer of the smaller frontier at a time, until they meet.
  while (true) {
    Side& side = forward.frontier.size() <= backward.frontier.size() ? forward : backward;
    const Side& other = &side == &forward ? backward : forward;
    std::vector<std::uint64_t> next;
    std::uint64_t best_meeting = 0;
    int best_length = -1;
    for (const std::uint64_t key : side.frontier) {
      control.visit();
      const int blank = blank_of(key);
      for (const Slide slide : core::kDirections) {
        const int from = from_cell[static_cast<std::size_t>(blank)][static_cast<std::size_t>(slide)];
        if (from < 0) continue;
        const std::uint64_t child = key_after(key, blank, from);
        if (!side.seen.insert(child, 2 + static_cast<int>(slide))) continue;
        next.push_back(child);
        if (other.seen.find(child) == 0) continue;
        // The child's depth on the other side: its walk to that root.
        const int length =
            side.depth + 1 + static_cast<int>(walk_to_root(other.seen, child, start.rows, start.cols).size());
        if (best_length < 0 || length < best_length) best_length = length, best_meeting = child;
      }
    }
    side.frontier = std::move(next);
    ++side.depth;
    if (best_length >= 0) {
      // Step 3. The line: start -> meeting board -> goal.
      std::vector<Slide> to_start = walk_to_root(forward.seen, best_meeting, start.rows, start.cols);
      std::vector<Slide> line;
      for (auto it = to_start.rbegin(); it != to_start.rend(); ++it) line.push_back(core::opposite(*it));
      for (const Slide slide : walk_to_root(backward.seen, best_meeting, start.rows, start.cols)) line.push_back(slide);
      bound = best_length;
      return {true, line, best_length};
    }
    bound = forward.depth + backward.depth + 1;
    if (side.frontier.empty()) return {false, {}, bound};  // unreachable (not solvable): never for a solvable board
  }
}

}  // namespace boardsearch::sliding
