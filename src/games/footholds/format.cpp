// Judge text out and the views of a played game (format.hpp).
#include "games/footholds/format.hpp"

#include <fmt/format.h>

#include <array>
#include <utility>

namespace boardsearch::footholds {

namespace {

using nlohmann::json;

constexpr std::array<char, 2> kPlayerNames = {'A', 'B'};

// A position of the replayed game, with names: player 0 is A, 1 is B.
struct Replay {
  Board board;  // footholds shrink as the game goes
  std::array<int, 2> at{};
  int to_move = 0;
  int moves_made = 0;

  explicit Replay(const Board& start) : board(start), at{start.a, start.b} {}

  int footholds_left() const {
    int count = 0;
    for (auto value : board.footholds) count += value;
    return count;
  }
  bool has_foothold(int cell) const { return board.footholds[static_cast<std::size_t>(cell)] != 0; }
  std::string cell_name(int cell) const { return fmt::format("({},{})", board.row_of(cell), board.col_of(cell)); }

  // Plays `direction` for the player to move (a move of the solver's line).
  void play(Direction direction) {
    const int from = at[static_cast<std::size_t>(to_move)];
    board.footholds[static_cast<std::size_t>(from)] = 0;
    at[static_cast<std::size_t>(to_move)] = board.step(from, direction);
    to_move ^= 1;
    ++moves_made;
  }

  // The board as text: '#' foothold, '.' none, 'A' / 'B' a player on its
  // foothold, '@' both on one foothold, 'a' / 'b' a player whose foothold vanished.
  std::string picture() const {
    std::string text;
    for (int row = 0; row < board.rows; ++row) {
      text += ' ';
      for (int col = 0; col < board.cols; ++col) {
        const int cell = board.cell_at(row, col);
        const bool a_here = at[0] == cell;
        const bool b_here = at[1] == cell;
        char shown = has_foothold(cell) ? '#' : '.';
        if (a_here && b_here)
          shown = has_foothold(cell) ? '@' : '*';
        else if (a_here)
          shown = has_foothold(cell) ? 'A' : 'a';
        else if (b_here)
          shown = has_foothold(cell) ? 'B' : 'b';
        text += ' ';
        text += shown;
      }
      text += '\n';
    }
    return text;
  }

  json board_json() const {
    json cells = json::array();
    for (int row = 0; row < board.rows; ++row) {
      json line = json::array();
      for (int col = 0; col < board.cols; ++col) line.push_back(has_foothold(board.cell_at(row, col)) ? 1 : 0);
      cells.push_back(std::move(line));
    }
    return {{"cells", std::move(cells)},
            {"a", {board.row_of(at[0]), board.col_of(at[0])}},
            {"b", {board.row_of(at[1]), board.col_of(at[1])}},
            {"to_move", std::string(1, kPlayerNames[static_cast<std::size_t>(to_move)])}};
  }

  // Why the player to move has lost (the game is over).
  app::Message loss_reason() const {
    const std::string name(1, kPlayerNames[static_cast<std::size_t>(to_move)]);
    if (!has_foothold(at[static_cast<std::size_t>(to_move)]))
      return app::msg("footholds.step.foothold_vanished", {{"player", name}});
    return app::msg("footholds.step.no_step", {{"player", name}});
  }
};

// "1 foothold", "3 footholds".
app::Message footholds_text(int count) {
  return count == 1 ? app::msg("footholds.footholds_one", {{"count", count}})
                    : app::msg("footholds.footholds_many", {{"count", count}});
}

}  // namespace

std::string to_text(const Board& board) {
  std::string text = fmt::format("{} {}\n", board.rows, board.cols);
  for (int row = 0; row < board.rows; ++row) {
    for (int col = 0; col < board.cols; ++col) {
      if (col > 0) text += ' ';
      text += board.footholds[static_cast<std::size_t>(board.cell_at(row, col))] != 0 ? '1' : '0';
    }
    text += '\n';
  }
  text += fmt::format("{} {}\n{} {}\n", board.row_of(board.a), board.col_of(board.a), board.row_of(board.b),
                      board.col_of(board.b));
  return text;
}

GameViews format_game(const Board& board, const std::vector<Direction>& line, int total, app::Lang lang) {
  // The player to move at the end loses: A moves at even move counts.
  const std::string winner(1, total % 2 == 1 ? 'A' : 'B');
  const app::Message verdict = app::msg(total == 1 ? "footholds.step.verdict_one" : "footholds.step.verdict_many",
                                        {{"winner", winner}, {"moves", total}});
  GameViews views;
  Replay replay(board);
  std::string explanation = app::text(lang, verdict) + ".\n\n";
  const std::string start_text =
      app::text(lang, app::msg("footholds.step.start", {{"a", replay.cell_name(board.a)},
                                                        {"b", replay.cell_name(board.b)},
                                                        {"footholds", footholds_text(replay.footholds_left())}}));
  explanation += start_text + "\n" + replay.picture();
  views.line.push_back({{"move", nullptr}, {"text", start_text}, {"board", replay.board_json()}});
  for (const Direction direction : line) {
    const char player = kPlayerNames[static_cast<std::size_t>(replay.to_move)];
    replay.play(direction);
    const int to = replay.at[static_cast<std::size_t>(player == 'A' ? 0 : 1)];
    std::string text =
        app::text(lang, app::msg("footholds.step.move", {{"number", replay.moves_made},
                                                         {"player", std::string(1, player)},
                                                         {"direction", app::direction_message(direction)},
                                                         {"cell", replay.cell_name(to)},
                                                         {"footholds", footholds_text(replay.footholds_left())}}));
    explanation += "\n" + text + "\n" + replay.picture();
    if (replay.moves_made == total) {
      text += "; ";
      text +=
          app::text(lang, app::msg("footholds.step.ending", {{"reason", replay.loss_reason()}, {"verdict", verdict}}));
    }
    views.moves.push_back({{"player", std::string(1, player)},
                           {"move", core::to_string(direction)},
                           {"to", {replay.board.row_of(to), replay.board.col_of(to)}}});
    views.line.push_back({{"move", core::to_string(direction)},
                          {"player", std::string(1, player)},
                          {"text", std::move(text)},
                          {"board", replay.board_json()}});
  }
  explanation += '\n';
  explanation +=
      app::text(lang, app::msg("footholds.step.ending", {{"reason", replay.loss_reason()}, {"verdict", verdict}}));
  explanation += ".\n";
  views.explanation = std::move(explanation);
  return views;
}

}  // namespace boardsearch::footholds
