// Text out (format.hpp).

#include "games/yut/format.hpp"

#include <fmt/format.h>

namespace boardsearch::yut {

namespace {

// "turn 3: die 4, piece 2: start -> o8, +8 points, total 20" (the replay test
// in tests/games/yut reads this format back).
std::string describe_turn(const Board& board, std::size_t turn, int die, const Move& move, long long total,
                          app::Lang lang) {
  return app::text(lang, app::msg("yut.step.turn", {{"turn", turn},
                                                    {"die", die},
                                                    {"piece", move.piece},
                                                    {"from", board.id_of(move.from)},
                                                    {"to", board.id_of(move.to)},
                                                    {"points", fmt::format("{:+}", board.squares[move.to].points)},
                                                    {"total", total}}));
}

}  // namespace

nlohmann::json board_to_json(const Board& board) {
  nlohmann::json squares = nlohmann::json::array();
  for (const Square& square : board.squares) {
    nlohmann::json item{{"id", square.id}, {"points", square.points}};
    if (square.red != kNoSquare) item["red"] = board.squares[square.red].id;
    if (square.blue != kNoSquare) item["blue"] = board.squares[square.blue].id;
    if (square.layout) {
      item["x"] = square.layout->x;
      item["y"] = square.layout->y;
    }
    squares.push_back(std::move(item));
  }
  return nlohmann::json{{"name", board.name},
                        {"description", board.description},
                        {"faces", board.faces},
                        {"start", board.squares[board.start].id},
                        {"finish", board.squares[board.finish].id},
                        {"squares", std::move(squares)}};
}

std::string format_dice(std::span<const int> dice) {
  std::string text;
  for (std::size_t k = 0; k < dice.size(); ++k) text += fmt::format("{}{}", k == 0 ? "" : " ", dice[k]);
  return text + '\n';
}

nlohmann::json square_ids_json(const Board& board, const std::vector<int>& squares) {
  nlohmann::json ids = nlohmann::json::array();
  for (int square : squares) ids.push_back(board.id_of(square));
  return ids;
}

nlohmann::json start_step(const Board& board, int pieces, app::Lang lang) {
  const std::vector<int> squares(static_cast<std::size_t>(pieces), board.start);
  return {{"move", nullptr},
          {"text", app::text(lang, app::msg(pieces == 1 ? "yut.step.start_one" : "yut.step.start_many",
                                            {{"pieces", pieces}, {"square", board.id_of(board.start)}}))},
          {"board", {{"pieces", square_ids_json(board, squares)}, {"score", 0}, {"die", nullptr}}}};
}

std::string squares_text(const Board& board, const std::vector<int>& squares) {
  std::string text;
  for (int square : squares) text += (text.empty() ? "" : " ") + board.id_of(square);
  return text;
}

std::string weights_text(const std::vector<std::uint64_t>& weights) {
  return fmt::format("{}", fmt::join(weights, ","));
}

std::string rounded_decimal(const mpq_class& value, int decimals) {
  // floor(value * 10^d + 1/2), then the digits with the point put back.
  mpz_class power;
  mpz_ui_pow_ui(power.get_mpz_t(), 10, static_cast<unsigned long>(decimals));
  const mpz_class twice = 2 * value.get_num() * power + value.get_den();
  mpz_class units;
  mpz_fdiv_q(units.get_mpz_t(), twice.get_mpz_t(), mpz_class(2 * value.get_den()).get_mpz_t());
  const bool minus = units < 0;
  const mpz_class magnitude = minus ? mpz_class(-units) : units;
  std::string digits = magnitude.get_str();
  if (digits.size() <= static_cast<std::size_t>(decimals))
    digits.insert(0, static_cast<std::size_t>(decimals) + 1 - digits.size(), '0');
  if (decimals > 0) digits.insert(digits.size() - static_cast<std::size_t>(decimals), 1, '.');
  return (minus ? "-" : "") + digits;
}

// Steps: 1. faces thrown, squares, ranks; 2. sizes, counted on the budget
// before anything grows; 3. ranges of every position; 4. the passes (a

nlohmann::json fraction_json(const mpq_class& value) {
  return {{"numerator", value.get_num().get_str()},
          {"denominator", value.get_den().get_str()},
          {"rounded", rounded_decimal(value, kValueDecimals)}};
}

nlohmann::json choices_json(const Board& board, const std::vector<ExpectedChoice>& choices) {
  nlohmann::json list = nlohmann::json::array();
  for (const ExpectedChoice& choice : choices)
    list.push_back({{"from", board.id_of(choice.from)},
                    {"to", board.id_of(choice.to)},
                    {"points", board.squares[choice.to].points},
                    {"value", fraction_json(choice.value)}});
  return list;
}

app::SolveReport schedule_report(const Board& board, std::span<const int> dice, int pieces,
                                 const core::SearchResult<Move, long long>& result, app::Lang lang) {
  const long long best = *result.value;

  app::SolveReport report;
  report.stats = result.stats;
  report.answer = fmt::format("{}\n", best);

  // The plan, replayed once to produce the three views of it.
  std::string& text = report.explanation;
  text += app::text(lang, app::msg(pieces == 1 ? "yut.explain.header_one" : "yut.explain.header_many",
                                   {{"board", board.name}, {"pieces", pieces}, {"dice", dice.size()}})) +
          '\n';
  nlohmann::json plan = nlohmann::json::array();
  std::vector<int> square_of_piece(pieces, board.start);
  long long total = 0;
  report.line.push_back(start_step(board, pieces, lang));
  for (std::size_t t = 0; t < result.line.size(); ++t) {
    const Move& move = result.line[t];
    const long long points = board.squares[move.to].points;
    total += points;
    square_of_piece[move.piece - 1] = move.to;
    const std::string line = describe_turn(board, t + 1, dice[t], move, total, lang);
    text += line + '\n';
    plan.push_back({{"turn", t + 1},
                    {"die", dice[t]},
                    {"piece", move.piece},
                    {"from", board.id_of(move.from)},
                    {"to", board.id_of(move.to)},
                    {"points", points},
                    {"total", total}});
    report.line.push_back(
        {{"move", fmt::format("piece {}: {} -> {}", move.piece, board.id_of(move.from), board.id_of(move.to))},
         {"text", line},
         {"board", {{"pieces", square_ids_json(board, square_of_piece)}, {"score", total}, {"die", dice[t]}}}});
  }
  if (result.line.size() < dice.size())
    text += app::text(lang, app::msg("yut.explain.stuck",
                                     {{"turn", result.line.size()}, {"unused", dice.size() - result.line.size()}})) +
            '\n';
  text += app::text(lang, app::msg("yut.explain.maximum", {{"score", best}})) + '\n';

  report.document = {{"puzzle", "yut"},
                     {"answer", best},
                     {"pieces", pieces},
                     {"dice", dice.size()},
                     {"turns_played", result.line.size()},
                     {"plan", std::move(plan)},
                     {"board", board_to_json(board)}};
  report.document.update(app::stats_json(result.stats));
  return report;
}

}  // namespace boardsearch::yut
