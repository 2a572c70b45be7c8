// The solve's tables (expected_tables.hpp): the squares' order and facts,
// the move cache, and the memory budget's checks.

#include "games/yut/expected_tables.hpp"

#include <algorithm>
#include <limits>

#include "boardsearch/core/parallel.hpp"

namespace boardsearch::yut::expectimax {

SquareCodes order_squares(const Board& board, const MoveTable& moves, const std::vector<int>& faces,
                          const std::vector<int>& extra) {
  const int n = static_cast<int>(board.squares.size());
  // Step 1. The squares reachable from start and from `extra`.
  std::vector<bool> used(n, false);
  std::vector<int> stack{board.start};
  used[board.start] = true;
  for (int square : extra)
    if (!used[square]) used[square] = true, stack.push_back(square);
  while (!stack.empty()) {
    const int square = stack.back();
    stack.pop_back();
    if (square == board.finish) continue;
    for (int face : faces) {
      const int to = moves.destination(square, face);
      if (!used[to]) used[to] = true, stack.push_back(to);
    }
  }
  used[board.finish] = true;
  // Step 2. moves_left of every square used, memoized; the arrows make no loop, so this ends (iterative: a
  // chain may be 255 squares long).
  std::vector<int> left(n, -1);
  left[board.finish] = 0;
  for (int root = 0; root < n; ++root) {
    if (!used[root]) continue;
    stack.assign(1, root);
    while (!stack.empty()) {
      const int square = stack.back();
      if (left[square] >= 0) {
        stack.pop_back();
        continue;
      }
      bool ready = true;
      int most = 0;
      for (int face : faces) {
        const int to = moves.destination(square, face);
        if (left[to] < 0)
          stack.push_back(to), ready = false;
        else
          most = std::max(most, left[to] + 1);
      }
      if (ready) left[square] = most, stack.pop_back();
    }
  }
  // Step 3. The codes: start, the middle squares by moves_left descending, finish.
  std::vector<int> middle;
  for (int square = 0; square < n; ++square)
    if (used[square] && square != board.start && square != board.finish) middle.push_back(square);
  std::stable_sort(middle.begin(), middle.end(), [&](int a, int b) { return left[a] > left[b]; });
  SquareCodes codes;
  codes.middle = static_cast<int>(middle.size());
  codes.square_of_code.push_back(board.start);
  codes.square_of_code.insert(codes.square_of_code.end(), middle.begin(), middle.end());
  codes.square_of_code.push_back(board.finish);
  codes.code_of_square.assign(n, -1);
  for (std::size_t code = 0; code < codes.square_of_code.size(); ++code)
    codes.code_of_square[codes.square_of_code[code]] = static_cast<int>(code);
  // Step 4. moves_left per code; min and max moves from start, in code order.
  const std::size_t count = codes.square_of_code.size();
  codes.moves_left.resize(count);
  codes.min_moves.assign(count, kUnreachable);
  codes.max_moves.assign(count, -kUnreachable);
  codes.min_moves[0] = codes.max_moves[0] = 0;
  for (std::size_t code = 0; code < count; ++code) {
    const int square = codes.square_of_code[code];
    codes.moves_left[code] = left[square];
    if (square == board.finish || codes.min_moves[code] == kUnreachable) continue;
    for (int face : faces) {
      const auto to = static_cast<std::size_t>(codes.code_of_square[moves.destination(square, face)]);
      codes.min_moves[to] = std::min(codes.min_moves[to], codes.min_moves[code] + 1);
      codes.max_moves[to] = std::max(codes.max_moves[to], codes.max_moves[code] + 1);
    }
  }
  return codes;
}

// Counts `bytes` on the budget, refusing sizes no allocation could hold.
void count_bytes(core::MemoryBudget& budget, long double bytes) {
  if (bytes > static_cast<long double>(std::numeric_limits<std::uint64_t>::max() / 4))
    throw core::SearchAborted{core::Outcome::memory_limit};
  budget.allocate(static_cast<std::uint64_t>(bytes));
}

// Whether `bytes` more fit the budget; if so they are counted on it.
bool budget_allows(core::MemoryBudget& budget, long double bytes) {
  try {
    count_bytes(budget, bytes);
    return true;
  } catch (const core::SearchAborted&) {
    return false;
  }
}

namespace {

// Positions per task while the move cache is filled.
constexpr std::uint64_t kCacheChunkRanks = 4096;

}  // namespace

// Steps: 1. per position, its first entry (an upper bound on its moves:
// slots x movable); 2. the entries counted on the budget; 3. the moves, in
// chunks of positions on up to `threads` threads (each chunk writes only
// its own positions' blocks; thread 0 polls the limits, no other thread
// touches `control` meanwhile).
void build_move_cache(const Tables& tables, const PositionRanks& ranks, Values& values, core::MemoryBudget& budget,
                      core::SearchControl& control, std::size_t threads, std::uint32_t least_pairs) {
  const std::uint64_t positions = values.keys.size();
  if (positions > std::numeric_limits<std::uint32_t>::max()) return;
  const std::size_t slots = tables.faces.size();
  const std::uint8_t finish = tables.codes.finish_code();
  const int pieces = tables.pieces;
  // Step 1. Per position, its first entry; the index counted first.
  const auto index_bytes = static_cast<std::uint64_t>(
      held(static_cast<long double>(positions) * sizeof(std::uint64_t)) + held(static_cast<long double>(positions)));
  if (!budget_allows(budget, static_cast<long double>(index_bytes))) return;
  MoveCache& cache = values.moves;
  cache.first.assign(positions, MoveCache::kNone);
  cache.movable.assign(positions, 0);
  std::uint64_t entries = 0;
  for (std::uint64_t rank = 0; rank < positions; ++rank) {
    if (values.last_r[rank] < values.first_r[rank] || values.last_r[rank] - values.first_r[rank] + 1 < least_pairs)
      continue;  // fewer passes than least_pairs
    const Codes codes = unpack_codes(values.keys[rank]);
    int movable = 0;
    for (int i = 0; i < pieces; ++i)
      if (codes[i] != finish && (i == 0 || codes[i - 1] != codes[i])) ++movable;
    cache.first[rank] = entries;
    cache.movable[rank] = static_cast<std::uint8_t>(movable);
    entries += slots * static_cast<std::uint64_t>(movable);
  }
  // Step 2. The entries counted on the budget (none: no cache).
  const long double entry_bytes = held(static_cast<long double>(entries) * sizeof(std::uint32_t)) +
                                  held(static_cast<long double>(entries)) +
                                  held(static_cast<long double>(positions) * slots);
  if (entries == 0 || !budget_allows(budget, entry_bytes)) {
    cache = MoveCache{};
    budget.release(index_bytes);
    return;
  }
  cache.count.assign(positions * slots, 0);
  cache.child.resize(entries);
  cache.to.resize(entries);
  // Step 3. The moves, chunk by chunk on the threads.
  const std::size_t chunks = static_cast<std::size_t>((positions + kCacheChunkRanks - 1) / kCacheChunkRanks);
  core::for_each_task(threads, chunks, [&](std::size_t thread, std::size_t chunk) {
    if (thread == 0) control.poll();
    std::array<LegalMove, kMaxPieces> moves{};
    const std::uint64_t end = std::min<std::uint64_t>(positions, (chunk + 1) * kCacheChunkRanks);
    for (std::uint64_t rank = chunk * kCacheChunkRanks; rank < end; ++rank) {
      if (cache.first[rank] == MoveCache::kNone) continue;
      const RankedCodes parent = ranks.parts_of(values.keys[rank], rank);
      for (std::size_t slot = 0; slot < slots; ++slot) {
        const int count = legal_moves(
            parent, pieces, finish, ranks, [&](std::uint8_t from) { return tables.landing[from * slots + slot]; },
            moves);
        cache.count[rank * slots + slot] = static_cast<std::uint8_t>(count);
        const std::uint64_t at = cache.entry(rank, slot);
        for (int c = 0; c < count; ++c) {
          cache.child[at + c] = static_cast<std::uint32_t>(moves[c].child);
          cache.to[at + c] = moves[c].to;
        }
      }
    }
  });
}

}  // namespace boardsearch::yut::expectimax
