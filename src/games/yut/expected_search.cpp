// The expected score of optimal dice yut play when each turn's die is drawn
// at random, exactly.
//
// The recurrence. Let V(r, S) be the expected score still to come from
// position S (the multiset of the pieces' squares) with r turns left, the
// player choosing every move after seeing its die and playing optimally.
// With weights w_f (W = their sum):
//   V(0, S) = 0,
//   V(r, S) = sum over faces f of (w_f / W) * best_f(r, S),
//   best_f(r, S) = max over legal moves S -> S' with die f of
//                  points(landing square) + V(r - 1, S'),
//                  or 0 when no piece can move (the game ends).
// This is the optimum because the future after a move depends only on the
// turns left and on the squares occupied (pieces are interchangeable), and
// the die of a turn is independent of everything before it: backward
// induction (expectimax) over (r, S).
//
// Saturation. Every move of a piece lands strictly further on (the arrows
// make no loop), so a piece on s can move at most moves_left(s) more times,
// where moves_left(finish) = 0 and moves_left(s) = 1 + max over the faces
// thrown of moves_left(landing(s, f)). No game from S lasts more than
// M(S) = sum of moves_left over its pieces, hence V(r, S) = V(M(S), S) for
// every r >= M(S): those values are computed once.
//
// Which (r, S) are needed. From the start, after t moves a piece on s has
// made between min_moves(s) and max_moves(s) moves (the fewest and the most
// moves that reach s), so S is reachable only at turns t in
// [t_min(S), t_max(S)], the sums over its pieces; it is then needed with
// r = T - t turns left. Its values are computed for r in
//   [max(1, min(T - t_max, M)), min(M, T - t_min)]
// (the lower end clamped to M: a state needed only beyond saturation still
// needs V(M, S)). A parent needed at r has its children needed at r - 1
// within their own ranges: a move changes one piece, min_moves grows by at
// most 1 and max_moves by at least 1 along it, and M drops by at least 1.
// Advice from an arbitrary position uses the range [1, min(M, T - turn)].
//
// Order and storage. Positions are ranked (combinatorial number system,
// games/yut/position_ranks.hpp):
// k pieces on start, j on finish, and the set of the other squares, in an
// order of the squares where every move goes to a later square. Ranks are
// grouped by (j ascending, k descending), then colex within a group; a move
// never lowers the rank (leaving start lowers k, reaching finish raises j,
// and replacing a square by a later one raises the colex rank). One array
// holds one value per position; pass r = 1, 2, ..., T updates it in
// increasing rank order, so a parent reads its children (higher ranks)
// before they are overwritten: the array holds V(r - 1, .) ahead of the
// pass position and V(r, .) behind it. Memory: the positions times (value
// + a few words), whatever T is.
//
// Exact arithmetic. Every V(r, S) is a fraction with denominator dividing
// W^r, so N = V * W^T is an integer; it is kept as a fixed number of 64-bit
// limbs in two's complement (GMP's mpn layer), sized from the largest
// possible |V|. A value also keeps a double, converted from the exact one.
// The maximum over moves is taken on the doubles when they differ by more
// than their rounding error can explain (kRelativeSlack, far above the
// error of one conversion and one addition); otherwise the candidates are
// compared exactly. Ties keep the first move: the values are exact either
// way. That is the passes (ExpectedMethod::passes); the default is the two
// phases below, with the passes as the fallback when the two phases'
// tables do not fit the memory budget.
//
// Two phases (expected_phase_one.cpp, expected_phase_two.cpp). The passes spend most of their time choosing, per pair
// and face, the best move over its children's doubles, pass after pass over the whole array. The two phases choose once
// in doubles, for every pair, and then compute exact values only for the pairs the answer reads.

#include <gmp.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdlib>
#include <limits>
#include <memory>
#include <new>
#include <stdexcept>

#include "games/yut/expected.hpp"
#include "games/yut/expected_line.hpp"
#include "games/yut/expected_passes.hpp"
#include "games/yut/expected_phase_one.hpp"
#include "games/yut/expected_phase_two.hpp"
#include "games/yut/expected_tables.hpp"

namespace boardsearch::yut {

namespace expectimax {

namespace {

// Step 1 of a solve: the faces thrown, the squares that take part (from
// start, and the advice position's squares and their landings) and their
// order, the landing code of every (code, face slot), the points per code.
Tables index_squares(const Board& board, const ExpectedRequest& request, const MoveTable& moves) {
  Tables tables(board);
  tables.pieces = request.pieces;
  for (std::size_t i = 0; i < board.faces.size(); ++i) {
    if (request.weights[i] == 0) continue;
    tables.faces.push_back(board.faces[i]);
    tables.face_weights.push_back(request.weights[i]);
    tables.weight_sum += request.weights[i];
  }
  std::vector<int> extra;
  if (request.advice) {
    for (int square : request.advice->squares) {
      extra.push_back(square);
      if (square != board.finish) extra.push_back(moves.destination(square, request.advice->die));
    }
  }
  tables.codes = order_squares(board, moves, tables.faces, extra);
  const SquareCodes& codes = tables.codes;
  const std::size_t slots = tables.faces.size();
  const std::size_t code_count = codes.square_of_code.size();
  tables.landing.assign(code_count * slots, codes.finish_code());
  tables.points.resize(code_count);
  for (std::size_t code = 0; code < code_count; ++code) {
    const int square = codes.square_of_code[code];
    tables.points[code] = static_cast<double>(board.squares[square].points);
    if (square == board.finish) continue;
    for (std::size_t slot = 0; slot < slots; ++slot)
      tables.landing[code * slots + slot] =
          static_cast<std::uint8_t>(codes.code_of_square[moves.destination(square, tables.faces[slot])]);
  }
  tables.horizon = request.advice ? request.turns - request.advice->turn : request.turns;
  return tables;
}

// The roots of a solve (step 4): the most likely face and its slot, the
// root position, and for advice the root's legal moves with the die thrown
// and the captures of their children's values.
struct Roots {
  int likely_face = 0;
  int likely_slot = 0;
  Codes root{};
  std::array<LegalMove, kMaxPieces> moves{};
  int count = 0;
  std::vector<Capture> captures;
};

// One solve of solve_expected, step by step: the constructor makes the
// tables (steps 1 to 4), run() picks the method and computes the answer
// (steps 5 and 6). Every byte a step allocates is counted on the budget
// first.
class ExpectedSolve {
 public:
  ExpectedSolve(const Board& board, const ExpectedRequest& request, const core::SearchLimits& limits,
                core::SearchControl& control, core::MemoryBudget& budget, ExpectedResult& result)
      : board_(board),
        request_(request),
        control_(control),
        budget_(budget),
        result_(result),
        advice_(request.advice.has_value()),
        threads_(std::clamp<std::size_t>(limits.threads, 1, core::kMaxSearchThreads)),
        moves_(board),
        tables_(index_squares(board, request, moves_)),  // Step 1. Faces, squares, landings.
        ranks_(tables_.codes.middle, request.pieces),
        horizon_(static_cast<std::uint32_t>(tables_.horizon)),
        positions_(ranks_.total()) {
    size_exact_values();  // Step 2. Limbs and scale, counted on the budget.
    set_ranges();         // Step 3. Every position's range of turns left.
    place_roots();        // Step 4. The roots and their captures.
  }

  // Steps 5 and 6. The method, its run and the answer (a second run for the line).
  void run() {
    if (reserve_two_phases())
      run_two_phases();
    else
      run_passes_method();
  }

 private:
  // Step 2. Sizes, counted on the budget before anything grows: the limbs
  // hold (|points| max * M(root) + 1) * W^(R + 1), the largest |W * N| a
  // pass forms, with a sign bit to spare; then the keys and ranges, the
  // points scaled by W^R and W^R itself.
  void size_exact_values() {
    const SquareCodes& codes = tables_.codes;
    const std::size_t code_count = codes.square_of_code.size();
    int most_moves = 0;
    for (std::size_t code = 0; code < code_count; ++code) {
      largest_points_ = std::max(largest_points_, std::abs(board_.squares[codes.square_of_code[code]].points));
      most_moves = std::max(most_moves, codes.moves_left[code]);
    }
    // Step 4 of the passes gathers sum of w_f * points in a machine word.
    if (static_cast<long double>(tables_.weight_sum) * static_cast<long double>(largest_points_) >= 0x1p62L)
      throw std::invalid_argument("yut --expected: the weights times the points exceed 2^62");
    mpz_ui_pow_ui(scale_.get_mpz_t(), tables_.weight_sum, horizon_);
    const mpz_class largest =
        (mpz_class(static_cast<unsigned long>(largest_points_)) *
             (static_cast<unsigned long>(most_moves) * static_cast<unsigned long>(request_.pieces) + 1) +
         1) *
        scale_ * tables_.weight_sum;
    tables_.limbs = Limbs(static_cast<mp_size_t>(mpz_sizeinbase(largest.get_mpz_t(), 2) / GMP_NUMB_BITS + 1));
    const mp_size_t limbs = tables_.limbs.size();
    tables_.scale_mantissa = mpz_get_d_2exp(&tables_.scale_exponent, scale_.get_mpz_t());
    result_.positions = positions_;
    // The keys and ranges here; the values' arrays with their method.
    count_bytes(budget_, held(static_cast<long double>(positions_) * sizeof(std::uint64_t)) +
                             2 * held(static_cast<long double>(positions_) * sizeof(std::uint32_t)) +
                             static_cast<long double>(code_count) * limbs * sizeof(mp_limb_t));
    tables_.scaled_points.resize(code_count * limbs);
    tables_.whole_points.resize(code_count);
    for (std::size_t code = 0; code < code_count; ++code) {
      tables_.whole_points[code] = board_.squares[codes.square_of_code[code]].points;
      tables_.limbs.from_mpz(mpz_class(static_cast<long>(tables_.whole_points[code])) * scale_,
                             &tables_.scaled_points[code * limbs]);
    }
    tables_.scale.resize(limbs);
    tables_.limbs.from_mpz(scale_, tables_.scale.data());
  }

  // Step 3. The range [first_r, last_r] of every position (expected_search.cpp,
  // "Which (r, S) are needed"); pairs_ = the sum of their lengths.
  void set_ranges() {
    const SquareCodes& codes = tables_.codes;
    values_.keys.resize(positions_);
    values_.first_r.resize(positions_);
    values_.last_r.resize(positions_);
    ranks_.for_each([&](std::uint64_t rank, const Codes& position) {
      values_.keys[rank] = pack_codes(position);
      long long fewest = 0, most = 0, left = 0;
      for (int i = 0; i < request_.pieces; ++i) {
        fewest += codes.min_moves[position[i]];
        most += codes.max_moves[position[i]];
        left += codes.moves_left[position[i]];
      }
      long long first = 1, last = std::min<long long>(left, horizon_);
      if (!advice_) {
        first = std::max<long long>(1, std::min<long long>(static_cast<long long>(horizon_) - most, left));
        last = std::min<long long>(left, static_cast<long long>(horizon_) - fewest);
      }
      if (last < first) first = 1, last = 0;  // never computed (its value stays 0 where read: M = 0)
      values_.first_r[rank] = static_cast<std::uint32_t>(first);
      values_.last_r[rank] = static_cast<std::uint32_t>(last);
      pairs_ += static_cast<std::uint64_t>(last - first + 1);
    });
  }

  // Step 4. The roots: the most likely face (the line's), the root position
  // (the start, or the advice's squares) and, for advice, the captures of
  // every root move's child at R.
  void place_roots() {
    const SquareCodes& codes = tables_.codes;
    const std::size_t slots = tables_.faces.size();
    roots_.likely_face = most_likely_face(board_, request_.weights);
    for (std::size_t slot = 0; slot < slots; ++slot)
      if (tables_.faces[slot] == roots_.likely_face) roots_.likely_slot = static_cast<int>(slot);
    if (advice_) {
      std::vector<int> sorted;
      for (int square : request_.advice->squares) sorted.push_back(codes.code_of_square[square]);
      std::sort(sorted.begin(), sorted.end());
      for (int i = 0; i < request_.pieces && i < kMaxPieces; ++i) roots_.root[i] = static_cast<std::uint8_t>(sorted[i]);
      const auto root_landing = [&](std::uint8_t from) {
        return static_cast<std::uint8_t>(
            codes.code_of_square[moves_.destination(codes.square_of_code[from], request_.advice->die)]);
      };
      roots_.count = legal_moves(ranks_.parts(roots_.root), request_.pieces, codes.finish_code(), ranks_, root_landing,
                                 roots_.moves);
      for (int c = 0; c < roots_.count; ++c) roots_.captures.push_back(Capture{horizon_, roots_.moves[c].child, 0});
      for (Capture& capture : roots_.captures)
        if (capture.r == 0 || values_.last_r[capture.rank] == 0) capture.value = 0;
    } else {
      for (int i = 0; i < request_.pieces; ++i) roots_.root[i] = kStartCode;
    }
    result_.pairs = pairs_;
    result_.line_computed = !advice_ && (request_.want_line || pairs_ <= request_.line_if_at_most);
  }

  // Step 5. The method: the two phases when asked for (their tables
  // counted, a memory limit when they do not fit) or, with automatic, when
  // they fit; else the passes. What phase 2 needs beyond phase 1's tables
  // (one exact value a position, the per-pass lists at most 4 bytes a pair)
  // is reserved on the budget with them, until the marking, so that the
  // move cache (made when it fits) cannot take it: within a budget that
  // holds both, phase 2 never stops at the memory limit.
  bool reserve_two_phases() {
    const std::size_t slots = tables_.faces.size();
    const mp_size_t limbs = tables_.limbs.size();
    mark_words_ = pairs_ / 64 + 1;
    const long double phase_one_bytes = held(static_cast<long double>(positions_) * sizeof(std::uint64_t)) +
                                        static_cast<long double>(PagedArray<double>::bytes_for(pairs_)) +
                                        static_cast<long double>(PagedArray<std::uint8_t>::bytes_for(pairs_ * slots)) +
                                        held(static_cast<long double>(mark_words_) * sizeof(std::uint64_t));
    phase_two_bytes_ = held(static_cast<long double>(positions_) * limbs * sizeof(mp_limb_t)) +
                       static_cast<long double>(pairs_) * sizeof(std::uint32_t);
    if (request_.method == ExpectedMethod::passes || positions_ > std::numeric_limits<std::uint32_t>::max() ||
        pairs_ >= (std::uint64_t{1} << 50))
      return false;
    if (request_.method == ExpectedMethod::two_phase) {
      count_bytes(budget_, phase_one_bytes);
      count_bytes(budget_, phase_two_bytes_);
      return true;
    }
    if (!budget_allows(budget_, phase_one_bytes)) return false;
    const bool both = budget_allows(budget_, phase_two_bytes_);
    if (!both) budget_.release(static_cast<std::uint64_t>(phase_one_bytes));
    return both;
  }

  // The answer for advice, either method (step 6): every root move's value
  // from its capture (the child's value after the run), the first best.
  void advise() {
    const SquareCodes& codes = tables_.codes;
    for (int c = 0; c < roots_.count; ++c) {
      const LegalMove& move = roots_.moves[c];
      const mpz_class child = horizon_ == 0 ? mpz_class(0) : roots_.captures[c].value;
      result_.choices.push_back(ExpectedChoice{codes.square_of_code[roots_.root[move.piece]],
                                               codes.square_of_code[move.to],
                                               choice_value(tables_, move.to, child, scale_)});
      if (result_.choices.back().value > result_.choices[result_.best].value) result_.best = result_.choices.size() - 1;
    }
    result_.value = result_.choices.empty() ? mpq_class(0) : result_.choices[result_.best].value;
  }

  // Step 6 with the two phases: phase 1 (and the move cache), the marks from
  // the roots, phase 2, the answer; then the line.
  void run_two_phases() {
    const std::size_t slots = tables_.faces.size();
    const mp_size_t limbs = tables_.limbs.size();
    result_.method = ExpectedMethod::two_phase;
    TwoPhaseTables two;
    lay_out_two_phase_tables(tables_, values_, two, pairs_, mark_words_, largest_points_, request_.tie_factor);
    // Threads (when long enough): the move cache, phase 1 and phase 2.
    PassThreads spread;
    if (threads_ > 1 && pairs_ >= request_.parallel_pairs) {
      spread = PassThreads{threads_, std::max<std::size_t>(1, request_.chunk_ranks), nullptr};
      result_.stats.threads = threads_;
    }
    // Phase 1, and its rows freed.
    auto started = Clock::now();
    if (request_.move_cache) build_move_cache(tables_, ranks_, values_, budget_, control_, spread.threads, 1);
    run_phase_one(tables_, ranks_, values_, two, control_, result_.two_phase, spread.threads, request_.chunk_ranks);
    result_.two_phase.phase1_seconds = seconds_since(started);
    two.rows.release();
    budget_.release(PagedArray<double>::bytes_for(pairs_));
    // The roots: the start at R (the answer) or the advice's children.
    std::vector<Capture>& captures = roots_.captures;
    if (!advice_) captures.push_back(Capture{horizon_, ranks_.rank(roots_.root), 0});
    std::uint32_t last_pass = horizon_;
    for (const Capture& capture : captures) last_pass = std::max(last_pass, capture.r);
    // The marks; then phase 2's values: one array, or two buffers on
    // threads when the second (and its copy lists) fits after the lists.
    std::uint64_t list_bytes = 0;
    started = Clock::now();
    budget_.release(static_cast<std::uint64_t>(phase_two_bytes_));  // the reservation (step 5)
    result_.two_phase.marked =
        mark_pairs(tables_, ranks_, values_, two, captures, last_pass, budget_, list_bytes, control_);
    count_bytes(budget_, held(static_cast<long double>(positions_) * limbs * sizeof(mp_limb_t)));
    values_.exact.assign(positions_ * limbs, 0);
    PassThreads exact_spread;
    if (spread.threads > 1 &&
        budget_allows(budget_, held(static_cast<long double>(positions_) * limbs * sizeof(mp_limb_t)) +
                                   static_cast<long double>(positions_) * sizeof(std::uint32_t))) {
      values_.exact_odd.assign(positions_ * limbs, 0);
      exact_spread = spread;
      build_copies(values_, two, last_pass);
    }
    result_.two_phase.mark_seconds = seconds_since(started);
    // Phase 2 and the answer.
    started = Clock::now();
    run_phase_two(tables_, ranks_, values_, two, captures, last_pass, control_, exact_spread);
    result_.two_phase.phase2_seconds = seconds_since(started);
    if (advice_) {
      advise();
    } else {
      result_.value = mpq_class(captures.back().value, scale_);
      result_.value.canonicalize();
    }
    if (!result_.line_computed) return;
    // The line: the resolved choices of the most likely face (every pair
    // of the line is marked: the start is, and each next one is the chosen
    // child of a marked pair), then phase 2 again from the values of every
    // choice along it.
    std::vector<Capture> line_captures;
    result_.line = walk_line(
        tables_, ranks_, request_.turns, horizon_, roots_.root, roots_.likely_slot, roots_.likely_face,
        [&](std::uint64_t rank, std::uint32_t r) {
          const std::uint64_t pair = pair_read(values_, rank, r);
          if (pair == kNoPair) return kNoMove;  // every piece home
          const std::uint8_t chosen = two.choice[pair * slots + static_cast<std::size_t>(roots_.likely_slot)];
          if (chosen == kTie) throw std::logic_error("yut --expected: a tie of the line left unresolved");
          return chosen;
        },
        line_captures);
    std::uint32_t line_pass = 0;
    for (const Capture& capture : line_captures) line_pass = std::max(line_pass, capture.r);
    started = Clock::now();
    result_.two_phase.line_marked =
        mark_pairs(tables_, ranks_, values_, two, line_captures, line_pass, budget_, list_bytes, control_);
    if (exact_spread.threads > 1) build_copies(values_, two, line_pass);
    result_.two_phase.mark_seconds += seconds_since(started);
    started = Clock::now();
    run_phase_two(tables_, ranks_, values_, two, line_captures, line_pass, control_, exact_spread);
    result_.two_phase.phase2_seconds += seconds_since(started);
    value_line(tables_, result_.line, line_captures, 0, scale_);
  }

  // Step 6 with the passes: the values arrays (and the policy bytes of the
  // line), the passes on the threads when they gain and their second buffer
  // fits, the answer; then the line.
  void run_passes_method() {
    const mp_size_t limbs = tables_.limbs.size();
    count_bytes(budget_, held(static_cast<long double>(positions_) * sizeof(double)) +
                             held(static_cast<long double>(positions_) * limbs * sizeof(mp_limb_t)));
    values_.approximate.assign(positions_, 0);
    values_.exact.assign(positions_ * limbs, 0);
    if (result_.line_computed) {
      count_bytes(budget_, held(static_cast<long double>(positions_) * sizeof(std::uint64_t)) +
                               held(static_cast<long double>(pairs_)));
      values_.policy_at.resize(positions_);
      std::uint64_t at = 0;
      for (std::uint64_t rank = 0; rank < positions_; ++rank) {
        values_.policy_at[rank] = at;
        at += values_.last_r[rank] - values_.first_r[rank] + 1;
      }
      values_.policy.assign(pairs_, kNoMove);
    }
    // Threads: the passes are split over them when they are long enough to
    // gain (request.parallel_pairs) and the second value buffer they need
    // fits the memory budget; else one thread runs them in place.
    std::vector<std::unique_ptr<core::SearchControl::Worker>> workers;  // gone before control.finish()
    PassThreads spread;
    if (threads_ > 1 && pairs_ >= request_.parallel_pairs &&
        budget_allows(budget_, held(static_cast<long double>(positions_) * sizeof(double)) +
                                   held(static_cast<long double>(positions_) * limbs * sizeof(mp_limb_t)))) {
      values_.approximate_odd.assign(positions_, 0);
      values_.exact_odd.assign(positions_ * limbs, 0);
      for (std::size_t i = 0; i < threads_; ++i)
        workers.push_back(std::make_unique<core::SearchControl::Worker>(control_, i == 0));
      spread = PassThreads{threads_, std::max<std::size_t>(1, request_.chunk_ranks), &workers};
      result_.stats.threads = threads_;
    }
    if (request_.move_cache) build_move_cache(tables_, ranks_, values_, budget_, control_, spread.threads);
    std::vector<Capture>& captures = roots_.captures;
    run_passes(tables_, ranks_, values_, captures, roots_.likely_slot, control_, spread);
    // The answer.
    if (advice_) {
      advise();
    } else {
      std::vector<mp_limb_t> scratch;
      const std::uint64_t start = ranks_.rank(roots_.root);
      const mp_limb_t* start_value =
          spread.threads > 1 ? PassBuffers<true>{values_, limbs}.exact(start, horizon_) : &values_.exact[start * limbs];
      result_.value = mpq_class(tables_.limbs.to_mpz(start_value, scratch), scale_);
      result_.value.canonicalize();
    }
    if (!result_.line_computed) return;
    // The line: the first run's moves of the most likely face, then a
    // second run that captures the value of every choice along it.
    const std::size_t first_capture = captures.size();
    result_.line = walk_line(
        tables_, ranks_, request_.turns, horizon_, roots_.root, roots_.likely_slot, roots_.likely_face,
        [&](std::uint64_t rank, std::uint32_t r) {
          if (values_.last_r[rank] < values_.first_r[rank]) return kNoMove;  // every piece home
          const std::uint32_t at = std::min(r, values_.last_r[rank]);
          if (at < values_.first_r[rank]) return kNoMove;  // not reachable here (cannot happen on the line)
          return values_.policy[values_.policy_at[rank] + (at - values_.first_r[rank])];
        },
        captures);
    // Entries must hold V(r - 1) again from the start: a fresh array.
    std::fill(values_.exact.begin(), values_.exact.end(), 0);
    std::fill(values_.approximate.begin(), values_.approximate.end(), 0);
    std::fill(values_.exact_odd.begin(), values_.exact_odd.end(), 0);
    std::fill(values_.approximate_odd.begin(), values_.approximate_odd.end(), 0);
    BigVector<std::uint8_t>().swap(values_.policy);
    run_passes(tables_, ranks_, values_, captures, roots_.likely_slot, control_, spread);
    value_line(tables_, result_.line, captures, first_capture, scale_);
  }

  using Clock = std::chrono::steady_clock;
  static double seconds_since(Clock::time_point from) {
    return std::chrono::duration<double>(Clock::now() - from).count();
  }

  const Board& board_;
  const ExpectedRequest& request_;
  core::SearchControl& control_;
  core::MemoryBudget& budget_;
  ExpectedResult& result_;
  const bool advice_;
  const std::size_t threads_;
  const MoveTable moves_;
  Tables tables_;  // step 1
  const PositionRanks ranks_;
  const std::uint32_t horizon_;  // R
  const std::uint64_t positions_;
  long long largest_points_ = 0;  // step 2: the largest |points| of a square that takes part
  mpz_class scale_;               // W^R
  Values values_;
  std::uint64_t pairs_ = 0;          // step 3: the (turns left, position) pairs of the ranges
  Roots roots_;                      // step 4
  std::uint64_t mark_words_ = 0;     // step 5: the two phases' mark words
  long double phase_two_bytes_ = 0;  // and phase 2's reservation
};

}  // namespace

}  // namespace expectimax

int most_likely_face(const Board& board, const std::vector<std::uint64_t>& weights) {
  std::size_t best = 0;
  for (std::size_t i = 1; i < board.faces.size(); ++i)
    if (weights[i] > weights[best]) best = i;
  return board.faces[best];
}

// Steps: 1. faces thrown, squares, ranks; 2. sizes, counted on the budget
// before anything grows; 3. ranges of every position; 4. the roots; 5. the
// method (the two phases when their tables fit, else the passes); 6. its
// run and the answer (a second run for the line). Then the stats; a limit
// leaves no value.
ExpectedResult solve_expected(const Board& board, const ExpectedRequest& request, const core::SearchLimits& limits) {
  core::SearchControl control(limits);
  core::MemoryBudget budget(limits.max_memory_bytes);
  ExpectedResult result;
  try {
    expectimax::ExpectedSolve solve(board, request, limits, control, budget, result);
    solve.run();
  } catch (const core::SearchAborted& aborted) {
    result.outcome = aborted.outcome;
  } catch (const std::bad_alloc&) {
    result.outcome = core::Outcome::memory_limit;
  } catch (const std::length_error&) {
    result.outcome = core::Outcome::memory_limit;
  }
  const std::size_t threads_used = result.stats.threads;
  result.stats = control.finish();
  result.stats.memory_bytes = budget.peak();
  result.stats.threads = threads_used;
  // Threads see the node budget only when they flush (SearchControl::Worker),
  // so a solve may end up to a flush per thread past it: then it did not fit
  // the budget, as one thread would have said.
  if (result.outcome == core::Outcome::proven && limits.max_nodes != 0 && result.stats.nodes > limits.max_nodes)
    result.outcome = core::Outcome::node_limit;
  // A limit gives no value (solve_expected's contract): a stop in the
  // line's second run would otherwise leave the answer's value and a line
  // of choices valued 0 behind it.
  if (result.outcome != core::Outcome::proven) {
    result.value = 0;
    result.choices.clear();
    result.line.clear();
    result.line_computed = false;
  }
  return result;
}

}  // namespace boardsearch::yut
