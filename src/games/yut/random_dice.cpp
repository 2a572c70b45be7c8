// Random dice through the puzzle contract (random_dice.hpp): the options
// checked, the solves, and the four views of each result (answer,
// explanation, document, viewer line; their pieces in format.hpp).

#include "games/yut/random_dice.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>

#include "boardsearch/app/text_input.hpp"
#include "boardsearch/core/splitmix64.hpp"
#include "games/yut/expected.hpp"
#include "games/yut/format.hpp"
#include "games/yut/parse.hpp"
#include "games/yut/search.hpp"

namespace boardsearch::yut {

namespace {

// --explain and --json show the most likely line when the solve evaluates
// at most this many (turns left, position) pairs: the line costs a second
// run (of the passes, or of the two phases' marking and phase 2). Viewers
// (want_line) always get it.
constexpr std::uint64_t kLineWithoutAskingPairs = 4'000'000;

// The front ends let solve_expected choose (ExpectedMethod::automatic: the
// two phases when their tables fit the memory budget, else the passes; same
// values either way): tuned on BM_YutExpectedMethods, 18 cases (docs/yut.md,
// "How it is solved").
constexpr ExpectedMethod kFrontEndMethod = ExpectedMethod::automatic;
// --luck: the percentile is exact when there are at most this many
// schedules (each one a known-dice solve), else sampled from this many.
constexpr std::uint64_t kExactSchedules = 1024;
constexpr std::uint64_t kSampledSchedules = 1000;
constexpr std::uint64_t kSampleSeed = 17825;
// Decimals of the percentile.
constexpr int kPercentileDecimals = 2;

// --expected reads no dice: the input must be blank.
void expect_no_dice(std::string_view input) {
  app::TextInput text(input);
  while (const auto line = text.next_line()) {
    const auto fields = app::split_fields(line->text);
    if (!fields.empty())
      throw app::InputError(
          app::msg("yut.error.expected_reads_no_dice",
                   {{"where", app::where_message(line->number, 1)}, {"text", app::printable(fields[0], 40)}}));
  }
}

[[noreturn]] void limit_reached(const core::Outcome outcome, const core::SearchStats& stats) {
  throw app::LimitError(app::limit_message(outcome, stats));
}

ExpectedResult solved(const Board& board, const ExpectedRequest& request, const core::SearchLimits& limits) {
  ExpectedResult result = solve_expected(board, request, limits);
  if (result.outcome != core::Outcome::proven) limit_reached(result.outcome, result.stats);
  return result;
}

std::string header(const Board& board, int pieces, int turns, const std::vector<std::uint64_t>& weights,
                   app::Lang lang) {
  const app::Message pieces_text = app::msg(pieces == 1 ? "yut.pieces_one" : "yut.pieces_many", {{"count", pieces}});
  const app::Message turns_text = app::msg(turns == 1 ? "yut.turns_one" : "yut.turns_many", {{"count", turns}});
  return app::text(lang, app::msg("yut.explain.random_header", {{"board", board.name},
                                                                {"pieces", pieces_text},
                                                                {"turns", turns_text},
                                                                {"faces", board.faces_text()},
                                                                {"weights", weights_text(weights)}})) +
         "\n";
}

// The expected score from the start; the line along the most likely face.
app::SolveReport expected_report(const app::SolveRequest& request, const Board& board, int pieces, int turns,
                                 const std::vector<std::uint64_t>& weights) {
  // A caller that shows only the answer (on_answer set: the CLI without
  // --explain or --json) does not pay the line's second run.
  const bool answer_only = static_cast<bool>(request.on_answer);
  ExpectedRequest query{turns,
                        pieces,
                        weights,
                        std::nullopt,
                        request.want_line,
                        answer_only && !request.want_line ? 0 : kLineWithoutAskingPairs};
  query.method = kFrontEndMethod;
  const ExpectedResult result = solved(board, query, request.limits);
  app::SolveReport report;
  report.stats = result.stats;
  const std::string value = rounded_decimal(result.value, kValueDecimals);
  report.answer = value + "\n";

  std::string& text = report.explanation;
  const app::Lang lang = request.lang;
  text += header(board, pieces, turns, weights, lang);
  text += app::text(lang, app::msg("yut.explain.expected", {{"value", value},
                                                            {"numerator", result.value.get_num().get_str()},
                                                            {"denominator", result.value.get_den().get_str()}}));
  text += '\n';
  text += app::text(
      lang, app::msg("yut.explain.evaluated", {{"positions", result.positions}, {"pairs", result.stats.nodes}}));
  text += '\n';
  const int face = most_likely_face(board, weights);
  nlohmann::json line = nlohmann::json::array();
  std::vector<int> squares(pieces, board.start);
  long long score = 0;
  report.line.push_back(start_step(board, pieces, request.lang));
  if (!result.line_computed && !answer_only) {
    text += app::text(
        lang, app::msg("yut.explain.line_not_shown", {{"max", kLineWithoutAskingPairs}, {"pairs", result.pairs}}));
    text += '\n';
  } else if (result.line_computed) {
    text += app::text(lang, app::msg("yut.explain.likely_line", {{"die", face}}));
    text += '\n';
    const std::string best_mark = app::text(lang, app::msg("yut.explain.best_mark"));
    for (const LineTurn& turn : result.line) {
      text += app::text(
          lang, app::msg("yut.explain.line_turn",
                         {{"turn", turn.turn}, {"die", turn.die}, {"position", squares_text(board, turn.squares)}}));
      text += '\n';
      for (std::size_t c = 0; c < turn.choices.size(); ++c) {
        const ExpectedChoice& choice = turn.choices[c];
        text += fmt::format("  {} -> {}: {}{}\n", board.id_of(choice.from), board.id_of(choice.to),
                            rounded_decimal(choice.value, kValueDecimals), c == turn.best ? best_mark : "");
      }
      const ExpectedChoice& best = turn.choices[turn.best];
      line.push_back({{"turn", turn.turn},
                      {"die", turn.die},
                      {"position", square_ids_json(board, turn.squares)},
                      {"choices", choices_json(board, turn.choices)},
                      {"best", turn.best}});
      *std::find(squares.begin(), squares.end(), best.from) = best.to;
      score += board.squares[best.to].points;
      const std::string step =
          app::text(lang, app::msg("yut.step.expected", {{"turn", turn.turn},
                                                         {"die", turn.die},
                                                         {"from", board.id_of(best.from)},
                                                         {"to", board.id_of(best.to)},
                                                         {"value", rounded_decimal(best.value, kValueDecimals)}}));
      report.line.push_back(
          {{"move", fmt::format("{} -> {}", board.id_of(best.from), board.id_of(best.to))},
           {"text", step},
           {"board", {{"pieces", square_ids_json(board, squares)}, {"score", score}, {"die", turn.die}}}});
    }
    if (static_cast<int>(result.line.size()) < turns)
      text += app::text(lang, app::msg("yut.explain.line_stuck", {{"turn", result.line.size()}, {"die", face}})) + '\n';
  }
  report.document = {{"puzzle", "yut"},
                     {"mode", "expected"},
                     {"turns", turns},
                     {"pieces", pieces},
                     {"faces", board.faces},
                     {"weights", weights},
                     {"expected", fraction_json(result.value)},
                     {"line", result.line_computed ? line : nlohmann::json(nullptr)},
                     {"positions", result.positions},
                     {"states", result.stats.nodes},
                     {"threads", result.stats.threads},
                     {"memory_bytes", result.stats.memory_bytes},
                     {"board", board_to_json(board)},
                     {"ms", result.stats.milliseconds()}};
  return report;
}

// The values of every choice from a position.
app::SolveReport advice_report(const app::SolveRequest& request, const app::OptionValues& options, const Board& board,
                               int pieces, int turns, const std::vector<std::uint64_t>& weights) {
  AdviceQuery advice;
  advice.squares = read_position(*options.text("position"), board, pieces);
  advice.turn = static_cast<int>(options.integer("turn"));
  advice.die = static_cast<int>(options.integer("die"));
  if (advice.turn > turns)
    throw app::InputError(app::msg("yut.error.turn_after_last", {{"turn", advice.turn}, {"turns", turns}}));
  if (!board.has_face(advice.die))
    throw app::InputError(app::msg("yut.error.die_not_a_face",
                                   {{"die", advice.die}, {"board", board.name}, {"faces", board.faces_text()}}));
  ExpectedRequest query{turns, pieces, weights, advice, false, 0};
  query.method = kFrontEndMethod;
  const ExpectedResult result = solved(board, query, request.limits);
  std::vector<int> sorted = advice.squares;
  std::sort(sorted.begin(), sorted.end());

  app::SolveReport report;
  report.stats = result.stats;
  std::vector<std::size_t> order(result.choices.size());
  for (std::size_t c = 0; c < order.size(); ++c) order[c] = c;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return result.choices[a].value > result.choices[b].value; });
  if (result.choices.empty()) {
    report.answer = "no legal move: the game ends\n";
  } else {
    const ExpectedChoice& best = result.choices[result.best];
    report.answer = fmt::format("best {} -> {}\n", board.id_of(best.from), board.id_of(best.to));
    for (std::size_t c : order) {
      const ExpectedChoice& choice = result.choices[c];
      report.answer += fmt::format("{} -> {} {}\n", board.id_of(choice.from), board.id_of(choice.to),
                                   rounded_decimal(choice.value, kValueDecimals));
    }
  }
  const app::Lang lang = request.lang;
  report.explanation = header(board, pieces, turns, weights, lang);
  report.explanation += app::text(lang, app::msg("yut.explain.advice", {{"turn", advice.turn},
                                                                        {"turns", turns},
                                                                        {"die", advice.die},
                                                                        {"position", squares_text(board, sorted)}}));
  report.explanation += '\n';
  const std::string best_mark = app::text(lang, app::msg("yut.explain.best_mark"));
  for (std::size_t c : order) {
    const ExpectedChoice& choice = result.choices[c];
    report.explanation += fmt::format("  {} -> {}: {} = {}/{}{}\n", board.id_of(choice.from), board.id_of(choice.to),
                                      rounded_decimal(choice.value, kValueDecimals), choice.value.get_num().get_str(),
                                      choice.value.get_den().get_str(), c == result.best ? best_mark : "");
  }
  report.document = {
      {"puzzle", "yut"},
      {"mode", "advice"},
      {"turns", turns},
      {"turn", advice.turn},
      {"die", advice.die},
      {"pieces", pieces},
      {"position", square_ids_json(board, sorted)},
      {"faces", board.faces},
      {"weights", weights},
      {"best", result.choices.empty() ? nlohmann::json(nullptr)
                                      : nlohmann::json{{"from", board.id_of(result.choices[result.best].from)},
                                                       {"to", board.id_of(result.choices[result.best].to)}}},
      {"choices", choices_json(board, result.choices)},
      {"expected", fraction_json(result.value)},
      {"positions", result.positions},
      {"states", result.stats.nodes},
      {"threads", result.stats.threads},
      {"memory_bytes", result.stats.memory_bytes},
      {"board", board_to_json(board)},
      {"ms", result.stats.milliseconds()}};
  report.line.push_back(
      {{"move", nullptr},
       {"text", app::text(request.lang, app::msg("yut.step.advice", {{"turn", advice.turn}, {"die", advice.die}}))},
       {"board", {{"pieces", square_ids_json(board, sorted)}, {"score", 0}, {"die", advice.die}}}});
  return report;
}

// The known-dice optimum of a schedule, or the limit that stopped it.
long long schedule_optimum(const Board& board, const std::vector<int>& dice, int pieces,
                           const core::SearchLimits& limits) {
  const auto result = solve_schedule(board, dice, pieces, limits);
  if (!result.proven()) limit_reached(result.outcome, result.stats);
  return *result.value;
}

// The schedule's optimum against random schedules of the same length.
app::SolveReport luck_report(const app::SolveRequest& request, const Board& board, int pieces,
                             const std::vector<std::uint64_t>& weights) {
  const std::vector<int> dice = parse_dice(request.input, board);
  for (std::size_t k = 0; k < dice.size(); ++k) {
    const std::size_t face =
        static_cast<std::size_t>(std::find(board.faces.begin(), board.faces.end(), dice[k]) - board.faces.begin());
    if (weights[face] == 0)
      throw app::InputError(app::msg("yut.error.weight_zero_die",
                                     {{"number", k + 1}, {"die", dice[k]}, {"weights", weights_text(weights)}}));
  }
  const long long optimum = schedule_optimum(board, dice, pieces, request.limits);
  const auto turns = static_cast<int>(dice.size());
  ExpectedRequest query{turns, pieces, weights, std::nullopt, false, 0};
  query.method = kFrontEndMethod;
  const ExpectedResult expected = solved(board, query, request.limits);
  const mpq_class difference = mpq_class(static_cast<long>(optimum)) - expected.value;

  // The percentile: schedules below the optimum, plus half of the equal
  // ones, weighted by their probability.
  std::vector<std::size_t> thrown;
  std::uint64_t weight_sum = 0;
  for (std::size_t i = 0; i < weights.size(); ++i)
    if (weights[i] > 0) thrown.push_back(i), weight_sum += weights[i];
  const long double schedules = std::pow(static_cast<long double>(thrown.size()), turns);
  mpq_class below = 0, equal = 0, total = 0;
  std::string how;
  std::vector<int> schedule(dice.size());
  if (schedules <= kExactSchedules) {
    const auto count = static_cast<std::uint64_t>(schedules);
    for (std::uint64_t index = 0; index < count; ++index) {
      std::uint64_t rest = index;
      mpz_class weight = 1;
      for (int& die : schedule) {
        const std::size_t face = thrown[rest % thrown.size()];
        rest /= thrown.size();
        die = board.faces[face];
        weight *= static_cast<unsigned long>(weights[face]);
      }
      const long long value = schedule_optimum(board, schedule, pieces, request.limits);
      total += weight;
      if (value < optimum) below += weight;
      if (value == optimum) equal += weight;
    }
    how = fmt::format("exact over all {} schedules of {} dice", count, dice.size());
  } else {
    core::SplitMix64 rng(kSampleSeed);
    for (std::uint64_t sample = 0; sample < kSampledSchedules; ++sample) {
      for (int& die : schedule) {
        std::uint64_t pick = rng.below(weight_sum);
        std::size_t face = 0;
        while (pick >= weights[face]) pick -= weights[face], ++face;
        die = board.faces[face];
      }
      const long long value = schedule_optimum(board, schedule, pieces, request.limits);
      total += 1;
      if (value < optimum) below += 1;
      if (value == optimum) equal += 1;
    }
    how = fmt::format("sampled: {} random schedules of {} dice", kSampledSchedules, dice.size());
  }
  const mpq_class percentile = 100 * (below + equal / 2) / total;
  const std::string expected_text = rounded_decimal(expected.value, kValueDecimals);
  const std::string difference_text = rounded_decimal(difference, kValueDecimals);
  const std::string percentile_text = rounded_decimal(percentile, kPercentileDecimals);

  app::SolveReport report;
  report.stats = expected.stats;
  report.answer = fmt::format("optimum {}\nexpected {}\ndifference {}\npercentile {} ({})\n", optimum, expected_text,
                              difference_text, percentile_text, how);
  report.explanation = header(board, pieces, turns, weights, request.lang);
  report.explanation += app::text(
      request.lang, app::msg("yut.explain.luck", {{"dice", format_dice(dice).substr(0, format_dice(dice).size() - 1)},
                                                  {"optimum", optimum},
                                                  {"expected", expected_text},
                                                  {"difference", difference_text},
                                                  {"percentile", percentile_text},
                                                  {"how", how}}));
  report.explanation += '\n';
  report.document = {{"puzzle", "yut"},
                     {"mode", "luck"},
                     {"dice", dice},
                     {"pieces", pieces},
                     {"weights", weights},
                     {"optimum", optimum},
                     {"expected", fraction_json(expected.value)},
                     {"difference", fraction_json(difference)},
                     {"percentile", percentile_text},
                     {"percentile_exact", schedules <= kExactSchedules},
                     {"schedules_compared", total.get_num().get_str()},
                     {"ms", expected.stats.milliseconds()}};
  if (schedules > kExactSchedules) report.document["schedules_compared"] = kSampledSchedules;
  return report;
}

}  // namespace

bool random_dice_requested(const app::OptionValues& options) {
  const bool expected = options.flag("expected");
  const bool luck = options.flag("luck");
  if (expected && luck) throw app::InputError(app::msg("yut.error.expected_and_luck"));
  if (!expected) {
    for (const char* name : {"turns", "position", "turn", "die"})
      if (options.given(name)) throw app::InputError(app::msg("yut.error.needs_expected", {{"option", name}}));
    if (!luck && options.given("weights")) throw app::InputError(app::msg("yut.error.weights_needs_mode"));
  } else {
    const int advice = options.given("position") + options.given("turn") + options.given("die");
    if (advice != 0 && advice != 3) throw app::InputError(app::msg("yut.error.advice_together"));
  }
  return expected || luck;
}

app::SolveReport solve_random_dice(const app::SolveRequest& request, const app::OptionValues& options,
                                   const Board& board, int pieces) {
  const std::vector<std::uint64_t> weights = read_weights(options, board);
  if (options.flag("luck")) return luck_report(request, board, pieces, weights);
  expect_no_dice(request.input);
  const int turns = static_cast<int>(options.integer("turns"));
  if (options.given("position")) return advice_report(request, options, board, pieces, turns, weights);
  return expected_report(request, board, pieces, turns, weights);
}

}  // namespace boardsearch::yut
