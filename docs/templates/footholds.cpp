// A Programmers-style solution as a stdin/stdout program, for `boardsearch
// hunt footholds` and `boardsearch check footholds`.
//
// Programmers calls `int solution(vector<vector<int>> board, vector<int>
// aloc, vector<int> bloc)`; boardsearch gives the same input as text:
//
//   R C
//   R lines of C values 0/1
//   ar ac
//   br bc
//
// and compares the number printed with its proven answer. Replace the body
// of solution() below with yours (the one here is a plain, correct search
// of the game tree, fine for the judge's 5 x 5), then:
//
//   boardsearch hunt footholds -- docs/templates/footholds.cpp
//
// (a .cpp COMMAND is compiled as Baekjoon compiles C++17 and cached).

#include <bits/stdc++.h>
using namespace std;

// ---- your solution ------------------------------------------------------

// The game value for the player to move at `me` (the other player at
// `other`): whether it wins, and the moves still made under perfect play.
pair<bool, int> play(vector<vector<int>>& board, int me_r, int me_c, int other_r, int other_c) {
  if (board[me_r][me_c] == 0) return {false, 0};  // the foothold under the mover is gone
  const int dr[] = {-1, 1, 0, 0}, dc[] = {0, 0, -1, 1};
  bool can_win = false;
  int fastest_win = INT_MAX, slowest_loss = -1;
  for (int d = 0; d < 4; ++d) {
    const int r = me_r + dr[d], c = me_c + dc[d];
    if (r < 0 || r >= (int)board.size() || c < 0 || c >= (int)board[0].size() || board[r][c] == 0) continue;
    board[me_r][me_c] = 0;
    const auto [other_wins, moves] = play(board, other_r, other_c, r, c);
    board[me_r][me_c] = 1;
    if (!other_wins) {
      can_win = true;
      fastest_win = min(fastest_win, moves + 1);
    } else {
      slowest_loss = max(slowest_loss, moves + 1);
    }
  }
  if (can_win) return {true, fastest_win};
  if (slowest_loss < 0) return {false, 0};  // no step possible
  return {false, slowest_loss};
}

int solution(vector<vector<int>> board, vector<int> aloc, vector<int> bloc) {
  return play(board, aloc[0], aloc[1], bloc[0], bloc[1]).second;
}

// ---- the wrapper: boardsearch's text form in, the answer out -------------

int main() {
  int rows, cols;
  if (!(cin >> rows >> cols)) return 1;
  vector<vector<int>> board(rows, vector<int>(cols));
  for (auto& row : board)
    for (int& cell : row) cin >> cell;
  vector<int> aloc(2), bloc(2);
  cin >> aloc[0] >> aloc[1] >> bloc[0] >> bloc[1];
  cout << solution(board, aloc, bloc) << '\n';
}
