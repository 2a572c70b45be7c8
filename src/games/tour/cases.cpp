// The cases of one input (cases.hpp): read, solve and report one case at a
// time, in order, serially and then on several threads.
#include "games/tour/cases.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

#include "boardsearch/core/parallel.hpp"
#include "games/tour/format.hpp"
#include "games/tour/parse.hpp"

namespace boardsearch::tour {

namespace {

using nlohmann::json;

// Bytes a JSON value holds on the heap, roughly: what the memory budget
// charges for the --json document and the viewer line, which grow with the
// number of cases. nlohmann::json keeps a 16-byte value, an object as a
// std::map (a tree node per entry: three pointers and a colour, the key and
// the value) and an array as a std::vector; each heap block also costs
// malloc's header. An estimate from the layout, not a measurement of the
// heap: the real peak is about 1.2-1.3 times the budget (docs/tour.md,
// "Current figures").
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
app::Message progress_known(std::size_t number, std::size_t count, const TourProgress& progress) {
  const app::Message which =
      number > 1 ? app::msg("tour.progress.case_after", {{"case", number}, {"cases", count}, {"last", number - 1}})
                 : app::msg("tour.progress.case", {{"case", number}, {"cases", count}});
  const std::optional<int> best = progress.best();
  const std::optional<int> bound = progress.bound();
  const bool bounded = bound && *bound < kLost - 1;
  if (best && bounded)
    return app::msg("tour.progress.found_bounded", {{"case", which}, {"steps", *best}, {"bound", *bound}});
  if (best) return app::msg("tour.progress.found", {{"case", which}, {"steps", *best}});
  if (bounded) return app::msg("tour.progress.none_bounded", {{"case", which}, {"bound", *bound}});
  return app::msg("tour.progress.none", {{"case", which}});
}

// When the cases of one input are solved in parallel: how many solved cases
// per thread may wait for an earlier, slower one before the threads take no
// more (so the cases held at once stay few).
constexpr std::size_t kCasesPerThread = 32;

// The LimitError message when case `number` of `count` was stopped: the
// case, what the limit was, and where the proven answers of the earlier cases
// went (standard output when they were streamed, nowhere otherwise: a caller
// that did not stream shows no answer at all).
app::Message case_limit_message(std::size_t number, std::size_t count, core::Outcome outcome,
                                const core::SearchStats& stats, bool streamed) {
  app::Message text =
      app::msg("tour.case_stopped", {{"case", number}, {"cases", count}, {"why", app::limit_message(outcome, stats)}});
  if (streamed && number > 1)
    text = app::msg("common.joined",
                    {{"first", text}, {"second", app::msg("tour.streamed_before", {{"last", number - 1}})}});
  return text;
}

double milliseconds(core::Clock::duration elapsed) {
  return std::chrono::duration<double, std::milli>(elapsed).count();
}

// One solve of a many-case input. The whole input is checked before any case
// is solved (a bad case anywhere is bad input with no answer shown, also when
// the answers stream); one control covers every case (the limits are the
// whole input's), and its progress lines name the case and what its search
// knows. No board is kept once its case is reported.
class CaseSolve {
 public:
  CaseSolve(const app::SolveRequest& request, const TourThreads& threads)
      : request_(request),
        case_count_(count_cases(request.input)),
        streaming_(static_cast<bool>(request.on_answer)),
        control_(described_limits()),
        budget_(request.limits.max_memory_bytes),
        reader_(request.input),
        threads_(threads) {}

  app::SolveReport run() {
    solve_in_order();
    if (case_number_ < case_count_) solve_rest_on_threads();
    report_.stats = control_.finish();
    report_.stats.memory_bytes = budget_.peak();
    report_.stats.threads = threads_used_;
    if (!streaming_) {
      report_.document = json{{"puzzle", "tour"}, {"cases", std::move(cases_)}};
      report_.document.update(app::stats_json(report_.stats));
    }
    return std::move(report_);
  }

 private:
  // The request's limits, with a progress callback (if any) that says which
  // case is searched and what its search has found.
  core::SearchLimits described_limits() {
    core::SearchLimits limits = request_.limits;
    if (limits.on_progress)
      limits.on_progress = [report_progress = limits.on_progress, this](const core::Progress& p) {
        core::Progress described = p;
        described.known = app::text(request_.lang, progress_known(case_number_, case_count_, progress_));
        report_progress(described);
      };
    return limits;
  }

  // Reports case `number` (the next in order): streams its line, or adds it
  // to the report and charges what it added. A case a limit stopped ends
  // the solve (LimitError).
  void report_case(std::size_t number, const Board& board, const TourResult& tour, std::uint64_t case_nodes,
                   double case_ms) {
    report_.stats = control_.finish();
    report_.stats.memory_bytes = budget_.peak();
    if (!tour.search.proven())
      throw app::LimitError(case_limit_message(number, case_count_, tour.search.outcome, report_.stats, streaming_));
    const std::string line = answer_line(number, tour.search.value.value_or(-1));
    if (streaming_) {
      request_.on_answer(line);
      return;
    }
    // The strings are charged by capacity: they grow by doubling.
    const std::size_t text_before = report_.answer.capacity() + report_.explanation.capacity();
    const std::size_t line_before = report_.line.size();
    report_.answer += line;
    json entry = format_case(board, number, tour, case_nodes, case_ms, report_.explanation,
                             request_.want_line ? &report_.line : nullptr, request_.lang);
    if (number < case_count_) report_.explanation += '\n';
    cases_.push_back(std::move(entry));
    charge(number, report_.answer.capacity() + report_.explanation.capacity() - text_before, line_before);
  }

  // Charges what case `number` added (`text_bytes` of strings, its --json
  // entry, its viewer steps from `line_before` on); past the budget the
  // solve stops with "memory limit" instead of growing on.
  void charge(std::size_t number, std::uint64_t text_bytes, std::size_t line_before) {
    std::uint64_t added = text_bytes + approximate_json_bytes(cases_.back());
    for (std::size_t step = line_before; step < report_.line.size(); ++step)
      added += approximate_json_bytes(report_.line[step]);
    try {
      budget_.allocate(added);
    } catch (const core::SearchAborted& aborted) {
      report_.stats = control_.finish();
      report_.stats.memory_bytes = budget_.peak();
      throw app::LimitError(case_limit_message(number, case_count_, aborted.outcome, report_.stats, false));
    }
  }

  // The cases one after the other on the calling thread: all of them with
  // one thread; with threads, while the serial trial lasts
  // (tour_threads_.trial_left, over the whole input: solve_tour goes
  // parallel inside a case that outlasts it) or fewer than two cases are
  // left.
  void solve_in_order() {
    const bool parallel = threads_.threads > 1;
    while (true) {
      if (parallel && tour_threads_.trial_left == 0 && case_count_ - case_number_ >= 2) return;
      const std::optional<Board> next = reader_.next();
      if (!next) return;
      const Board& board = *next;
      ++case_number_;
      const core::SearchStats before = control_.finish();
      const TourResult tour = solve_tour(board, control_, {}, &progress_, parallel ? &tour_threads_ : nullptr);
      threads_used_ = std::max(threads_used_, tour.search.stats.threads);
      const core::SearchStats after = control_.finish();
      report_case(case_number_, board, tour, after.nodes - before.nodes, milliseconds(after.elapsed - before.elapsed));
    }
  }

  // The cases left, on all threads at once (one run_on_threads for the rest
  // of the input: starting threads per batch cost more than the cases). Each
  // thread takes the next case from the reader, solves it serially on its
  // Worker, and files the result; whoever files the case next in order
  // reports it and the filed ones after it (under the lock, one at a time,
  // in case order), so lines stream in order and a case a limit stopped ends
  // the solve with only the cases before it shown. No thread waits for
  // another. At most kCasesPerThread cases per thread wait for an earlier
  // one: past that a thread takes no more cases (memory does not grow with
  // the input), and nor does any once a case is unproven or reporting failed.
  void solve_rest_on_threads() {
    threads_used_ = threads_.threads;
    progress_.reset();
    struct Solved {
      Board board;
      TourResult tour;
      double ms = 0;
    };
    std::mutex mutex;                       // guards what follows and the reader
    std::map<std::size_t, Solved> waiting;  // solved, not yet reported
    std::size_t handed = case_number_;      // cases taken from the reader
    std::size_t reported = case_number_;    // cases reported
    bool taking = true;                     // false once a case is unproven or reporting failed
    bool failed = false;                    // reporting threw: nothing more is reported
    const std::size_t window = kCasesPerThread * threads_.threads;
    core::run_on_threads(threads_.threads, [&](std::size_t thread) {
      core::SearchControl::Worker worker(control_, thread == 0);
      for (;;) {
        std::optional<Board> board;
        std::size_t number = 0;
        {
          std::lock_guard lock(mutex);
          if (!taking || waiting.size() >= window) return;
          board = reader_.next();
          if (!board) return;
          number = ++handed;
        }
        const auto start = core::Clock::now();
        TourResult tour = solve_tour(*board, worker);
        const double ms = milliseconds(core::Clock::now() - start);
        std::lock_guard lock(mutex);
        if (!tour.search.proven()) taking = false;
        waiting.emplace(number, Solved{std::move(*board), std::move(tour), ms});
        try {
          while (!failed && !waiting.empty() && waiting.begin()->first == reported + 1) {
            const auto filed = waiting.extract(waiting.begin());
            const Solved& solved = filed.mapped();
            case_number_ = ++reported;
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
    if (reported != case_count_) throw std::logic_error("tour: a case of the input was not reported");
  }

  const app::SolveRequest& request_;
  const std::size_t case_count_;
  const bool streaming_;
  std::atomic<std::size_t> case_number_{0};  // the case being solved, read by progress lines
  TourProgress progress_;                    // what that case's search knows, for progress lines
  core::SearchControl control_;
  core::MemoryBudget budget_;  // what the report keeps (streaming keeps none of it)
  CaseReader reader_;
  const TourThreads threads_;
  TourThreads tour_threads_ = threads_;  // the serial trial left over the whole input
  std::size_t threads_used_ = 1;
  app::SolveReport report_;
  json cases_ = json::array();
};

}  // namespace

app::SolveReport solve_cases(const app::SolveRequest& request, const TourThreads& threads) {
  return CaseSolve(request, threads).run();
}

}  // namespace boardsearch::tour
