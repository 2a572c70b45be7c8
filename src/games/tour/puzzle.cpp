// The tour as front ends see it: parse the cases, solve each, and format the
// judge answer, the --explain text, the --json document and the viewer line.
#include "games/tour/puzzle.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "boardsearch/core/parallel.hpp"
#include "games/tour/hunt_cases.hpp"
#include "games/tour/io.hpp"
#include "games/tour/search.hpp"
#include "games/tour/strict.hpp"

namespace boardsearch::tour {

namespace {

using nlohmann::json;

// Step number at which each cell was visited (0: start), -1 where never.
using VisitOrder = std::vector<std::vector<int>>;

VisitOrder empty_order(const Board& board) {
  return VisitOrder(static_cast<std::size_t>(board.rows), std::vector<int>(static_cast<std::size_t>(board.cols), -1));
}

int& at(VisitOrder& order, Cell cell) {
  return order[static_cast<std::size_t>(cell.row)][static_cast<std::size_t>(cell.col)];
}

json board_rows(const Board& board) {
  json rows = json::array();
  for (int r = 0; r < board.rows; ++r) {
    std::string row;
    for (int c = 0; c < board.cols; ++c) row += board.is_empty(r, c) ? '.' : '*';
    rows.push_back(row);
  }
  return rows;
}

json order_json(const VisitOrder& order) {
  json rows = json::array();
  for (const auto& row : order) {
    json cells = json::array();
    for (int step : row) cells.push_back(step < 0 ? json(nullptr) : json(step));
    rows.push_back(cells);
  }
  return rows;
}

json cell_json(Cell cell) { return json::array({cell.row, cell.col}); }

// The board with the step number on each visited cell, '*' on obstacles.
std::string draw_order(const Board& board, const VisitOrder& order) {
  int widest = 1;
  for (const auto& row : order)
    for (int step : row) widest = std::max(widest, static_cast<int>(fmt::format("{}", step).size()));
  std::string text;
  for (int r = 0; r < board.rows; ++r) {
    for (int c = 0; c < board.cols; ++c) {
      const int step = order[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
      const std::string cell = !board.is_empty(r, c) ? "*" : step < 0 ? "." : fmt::format("{}", step);
      text += fmt::format("{:>{}}", cell, widest + 1);
    }
    text += '\n';
  }
  return text;
}

// Replays a found tour through the rules, filling the visit order and, if
// `line` is given, the viewer steps. The tour came from the search over the
// same rules, so every move is legal; a mismatch would be a bug, reported as
// such.
void replay(const Board& board, int case_number, const TourResult& tour, VisitOrder& order, json* line) {
  Position position(board, tour.start);
  at(order, tour.start) = 0;
  const auto step_json = [&](json move, std::string text) {
    return json{
        {"case", case_number},
        {"move", std::move(move)},
        {"text", std::move(text)},
        {"board", {{"rows", board_rows(board)}, {"order", order_json(order)}, {"ball", cell_json(position.ball())}}}};
  };
  if (line != nullptr)
    line->push_back(step_json(nullptr, fmt::format("case {}: ball placed at row {}, column {}", case_number,
                                                   tour.start.row, tour.start.col)));
  for (const Move& move : tour.search.line) {
    if (position.slide_length(move.direction) != move.length)
      throw std::logic_error("tour replay: the search returned an illegal step");
    const Cell from = position.ball();
    position.apply(move);
    for (int i = 1; i <= move.length; ++i) at(order, shifted(from, move.direction, i)) = position.steps();
    if (line != nullptr)
      line->push_back(
          step_json(std::string(core::to_string(move.direction)),
                    fmt::format("case {}: step {}: {} {} cell{}", case_number, position.steps(),
                                core::to_string(move.direction), move.length, move.length == 1 ? "" : "s")));
  }
  if (!position.all_visited()) throw std::logic_error("tour replay: the search returned an incomplete tour");
}

// Bytes a JSON value holds on the heap, roughly: what the memory budget
// charges for the --json document and the viewer line, which grow with the
// number of cases. nlohmann::json keeps a 16-byte value, an object as a
// std::map (a tree node per entry: three pointers and a colour, the key and
// the value) and an array as a std::vector; each heap block also costs
// malloc's header. An estimate from the layout, not a measurement of the
// heap (docs/tour.md has the two side by side).
constexpr std::uint64_t kMallocHeader = 16;
constexpr std::uint64_t kTreeNodeHeader = 32;
// std::string keeps up to 15 characters inside itself (libstdc++).
constexpr std::size_t kShortString = 15;

std::uint64_t string_heap_bytes(std::size_t size) { return size > kShortString ? size + 1 + kMallocHeader : 0; }

std::uint64_t approximate_json_bytes(const json& value) {
  std::uint64_t bytes = sizeof(json);
  if (value.is_object()) {
    bytes += sizeof(json::object_t) + kMallocHeader;
    for (const auto& [key, item] : value.items())
      bytes += kTreeNodeHeader + sizeof(std::string) + kMallocHeader + string_heap_bytes(key.size()) +
               approximate_json_bytes(item);
  } else if (value.is_array()) {
    bytes += sizeof(json::array_t) + 2 * kMallocHeader;
    for (const json& item : value) bytes += approximate_json_bytes(item);
  } else if (value.is_string()) {
    bytes += sizeof(std::string) + kMallocHeader + string_heap_bytes(value.get_ref<const std::string&>().size());
  }
  return bytes;
}

// What the progress line says while case `number` of `count` is searched.
std::string progress_known(std::size_t number, std::size_t count, const TourProgress& progress) {
  std::string text = fmt::format("case {} of {}", number, count);
  if (number > 1) text += fmt::format(" (cases 1 to {} proven)", number - 1);
  const std::optional<int> best = progress.best();
  const std::optional<int> bound = progress.bound();
  if (best)
    text += fmt::format(": a tour of {} steps found", *best);
  else
    text += ": no tour found yet";
  if (bound && *bound < kLost - 1) text += fmt::format(", none shorter than {}", *bound);
  if (best) text += " (not proven the fewest)";
  return text;
}

// When the cases of one input are solved in parallel: how many solved cases
// per thread may wait for an earlier, slower one before the threads take no
// more (so the cases held at once stay few).
constexpr std::size_t kCasesPerThread = 32;

// The LimitError message when case `number` of `count` was stopped: the
// case, what the limit was, and where the proven answers of the earlier cases
// went (standard output when they were streamed, nowhere otherwise: a caller
// that did not stream shows no answer at all).
std::string case_limit_message(std::size_t number, std::size_t count, core::Outcome outcome,
                               const core::SearchStats& stats, bool streamed) {
  std::string text = fmt::format("case {} of {}: {}", number, count, app::limit_message(outcome, stats));
  if (streamed && number > 1)
    text += fmt::format("; standard output holds the proven answers of cases 1 to {} only", number - 1);
  return text;
}

}  // namespace

app::SolveReport solve_cases(const app::SolveRequest& request, const TourThreads& threads) {
  // Step 1. Check the whole input before anything is solved or handed out:
  // a bad case anywhere is bad input with no answer shown, also when the
  // answers stream (SolveRequest::on_answer).
  const std::size_t case_count = count_cases(request.input);
  const bool streaming = static_cast<bool>(request.on_answer);

  // Step 2. One control for all cases (the limits cover the whole input);
  // progress names the case and what its search knows.
  // The case being solved (reported, with threads), read by progress lines.
  std::atomic<std::size_t> case_number{0};
  TourProgress progress;
  core::SearchLimits limits = request.limits;
  if (limits.on_progress)
    limits.on_progress = [report_progress = limits.on_progress, &case_number, case_count,
                          &progress](const core::Progress& p) {
      core::Progress described = p;
      described.known = progress_known(case_number, case_count, progress);
      report_progress(described);
    };
  core::SearchControl control(limits);
  // What the report keeps grows with the number of cases (the answer, the
  // explanation, the document, the line); it is counted against
  // max_memory_bytes case by case. Streaming keeps none of it.
  core::MemoryBudget budget(request.limits.max_memory_bytes);

  // Step 3. Read, solve and report one case at a time: no board is kept
  // once its case is done (with threads, once its batch is done).
  app::SolveReport report;
  json cases = json::array();
  // Reports case `number` (in order): streams its line, or adds it to the
  // report and charges what it added. A case a limit stopped ends the solve.
  const auto report_case = [&](std::size_t number, const Board& board, const TourResult& tour, std::uint64_t case_nodes,
                               double case_ms) {
    report.stats = control.finish();
    report.stats.memory_bytes = budget.peak();
    if (!tour.search.proven())
      throw app::LimitError(case_limit_message(number, case_count, tour.search.outcome, report.stats, streaming));
    const int answer = tour.search.value.value_or(-1);
    const std::string answer_line = fmt::format("Case {}: {}\n", number, answer);
    if (streaming) {
      request.on_answer(answer_line);
      return;
    }

    // The strings are charged by capacity: they grow by doubling.
    const std::size_t text_before = report.answer.capacity() + report.explanation.capacity();
    const std::size_t line_before = report.line.size();
    report.answer += answer_line;

    VisitOrder order = empty_order(board);
    json directions = json::array();
    if (tour.search.value) {
      replay(board, static_cast<int>(number), tour, order, request.want_line ? &report.line : nullptr);
      for (const Move& move : tour.search.line) directions.push_back(std::string(core::to_string(move.direction)));
      std::string names;
      for (const Move& move : tour.search.line)
        names += fmt::format("{}{}", names.empty() ? "" : " ", core::to_string(move.direction));
      report.explanation += fmt::format("Case {}: {} step{}, start at row {}, column {}\n", number, answer,
                                        answer == 1 ? "" : "s", tour.start.row, tour.start.col);
      report.explanation += fmt::format("directions: {}\n", names.empty() ? "(none: one empty cell)" : names);
      report.explanation += draw_order(board, order);
    } else {
      if (request.want_line)
        report.line.push_back(
            json{{"case", number},
                 {"move", nullptr},
                 {"text", fmt::format("case {}: no tour exists", number)},
                 {"board", {{"rows", board_rows(board)}, {"order", order_json(order)}, {"ball", nullptr}}}});
      report.explanation += fmt::format("Case {}: -1, no tour exists\n", number);
      report.explanation += draw_order(board, order);
    }
    if (number < case_count) report.explanation += '\n';
    cases.push_back(json{{"case", number},
                         {"answer", answer},
                         {"start", tour.search.value ? cell_json(tour.start) : json(nullptr)},
                         {"directions", directions},
                         {"nodes", case_nodes},
                         {"ms", case_ms}});

    // Step 4. Charge what this case added; past the budget the solve stops
    // with "memory limit" instead of growing on.
    std::uint64_t added = report.answer.capacity() + report.explanation.capacity() - text_before;
    added += approximate_json_bytes(cases.back());
    for (std::size_t step = line_before; step < report.line.size(); ++step)
      added += approximate_json_bytes(report.line[step]);
    try {
      budget.allocate(added);
    } catch (const core::SearchAborted& aborted) {
      report.stats = control.finish();
      report.stats.memory_bytes = budget.peak();
      throw app::LimitError(case_limit_message(number, case_count, aborted.outcome, report.stats, false));
    }
  };

  // Threads: a serial trial first (tour_threads.trial_left, over the whole
  // input: solve_tour goes parallel inside a case that outlasts it); once it
  // is used up, the cases left are solved in batches, each case on one
  // thread, several cases at once (step 5).
  TourThreads tour_threads = threads;
  const bool parallel = threads.threads > 1;
  CaseReader reader(request.input);
  std::size_t threads_used = 1;
  while (true) {
    if (parallel && tour_threads.trial_left == 0 && case_count - case_number >= 2) break;
    const std::optional<Board> next = reader.next();
    if (!next) break;
    const Board& board = *next;
    ++case_number;
    const core::SearchStats before = control.finish();
    const TourResult tour = solve_tour(board, control, {}, &progress, parallel ? &tour_threads : nullptr);
    threads_used = std::max(threads_used, tour.search.stats.threads);
    const core::SearchStats after = control.finish();
    report_case(case_number, board, tour, after.nodes - before.nodes,
                std::chrono::duration<double, std::milli>(after.elapsed - before.elapsed).count());
  }

  // Step 5. The cases left, on all threads at once (one run_on_threads for
  // the rest of the input: starting threads per batch cost more than the
  // cases, oneTBB's worker joined each new arena late). Each thread takes
  // the next case from the reader, solves it serially on its Worker, and
  // files the result; whoever files the case next in order reports it and
  // the filed ones after it (under the lock, one at a time, in case order),
  // so lines stream in order and a case a limit stopped ends the solve with
  // only the cases before it shown. No thread waits for another. At most
  // kCasesPerThread cases per thread wait for an earlier one: past that a
  // thread takes no more cases (memory does not grow with the input), and
  // nor does any once a case is unproven or reporting failed.
  if (case_number < case_count) {
    threads_used = threads.threads;
    progress.reset();
    struct Solved {
      Board board;
      TourResult tour;
      double ms = 0;
    };
    std::mutex mutex;                       // guards what follows and the reader
    std::map<std::size_t, Solved> waiting;  // solved, not yet reported
    std::size_t handed = case_number;       // cases taken from the reader
    std::size_t reported = case_number;     // cases reported
    bool taking = true;                     // false once a case is unproven or reporting failed
    bool failed = false;                    // reporting threw: nothing more is reported
    const std::size_t window = kCasesPerThread * threads.threads;
    core::run_on_threads(threads.threads, [&](std::size_t thread) {
      core::SearchControl::Worker worker(control, thread == 0);
      for (;;) {
        std::optional<Board> board;
        std::size_t number = 0;
        {
          std::lock_guard lock(mutex);
          if (!taking || waiting.size() >= window) return;
          board = reader.next();
          if (!board) return;
          number = ++handed;
        }
        const auto start = core::Clock::now();
        TourResult tour = solve_tour(*board, worker);
        const double ms = std::chrono::duration<double, std::milli>(core::Clock::now() - start).count();
        std::lock_guard lock(mutex);
        if (!tour.search.proven()) taking = false;
        waiting.emplace(number, Solved{std::move(*board), std::move(tour), ms});
        try {
          while (!failed && !waiting.empty() && waiting.begin()->first == reported + 1) {
            const auto entry = waiting.extract(waiting.begin());
            const Solved& solved = entry.mapped();
            case_number = ++reported;
            report_case(reported, solved.board, solved.tour, solved.tour.search.stats.nodes, solved.ms);
          }
        } catch (...) {
          taking = false;
          failed = true;
          throw;
        }
      }
    });
    // Every case taken was filed and reported in order (an unproven one
    // throws when its turn comes), and nothing stops the taking otherwise.
    if (reported != case_count) throw std::logic_error("tour: a case of the input was not reported");
  }
  report.stats = control.finish();
  report.stats.memory_bytes = budget.peak();
  report.stats.threads = threads_used;
  if (!streaming)
    report.document = json{{"puzzle", "tour"},
                           {"cases", std::move(cases)},
                           {"nodes", report.stats.nodes},
                           {"threads", report.stats.threads},
                           {"ms", report.stats.milliseconds()}};
  return report;
}

namespace {

app::SolveReport solve(const app::SolveRequest& request) {
  TourThreads threads;
  threads.threads = std::max<std::size_t>(request.limits.threads, 1);
  return solve_cases(request, threads);
}

}  // namespace

constexpr std::array kJudges = {
    app::JudgeProblem{"Baekjoon 9944", "NxM 보드 완주하기", ""},
};

constexpr std::array kJudgeLimits = {
    app::JudgeLimit{"N, M (board rows, columns)", 1, 30},
    app::JudgeLimit{"move paths per case", 0, 1'000'000},
};

const app::Puzzle& puzzle() {
  static const app::Puzzle instance{
      .name = "tour",
      .title = "Board tour (sliding ball): fewest steps to visit every empty cell",
      .title_ko = "NxM 보드 완주하기",
      .description =
          "Input: cases until end of input, each a line 'N M' (1 <= N, M <= 64) and N rows of M characters "
          "'.' (empty) or '*' (obstacle). Output 'Case k: v' per case: the fewest steps of a sliding-ball tour that "
          "visits every empty cell, over every start cell, or -1 if none exists. --explain shows the start, the "
          "directions and the board with the step at which each cell was visited (rows and columns count from 0). "
          "Cases are read and solved one at a time; without --explain and --json each case's line is printed as "
          "soon as it is proven, so a limit in a later case leaves the earlier cases' proven lines on stdout.",
      .judges = kJudges,
      .judge_limits = kJudgeLimits,
      .options = {},
      .solve = &solve,
      .check_strict = &check_strict,
      .hunt = hunt_cases(),
      .bench = bench_positions(),
      .beyond_judge_limits = beyond_judge_limits(),
  };
  return instance;
}

}  // namespace boardsearch::tour

// The module entry that the generated puzzle list calls (src/app).
namespace boardsearch::app::modules {
const Puzzle& puzzle_tour() { return tour::puzzle(); }
}  // namespace boardsearch::app::modules
