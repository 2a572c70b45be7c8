# A Programmers-style solution as a stdin/stdout program, for `boardsearch
# hunt footholds` and `boardsearch check footholds`.
#
# Programmers calls solution(board, aloc, bloc); boardsearch gives the same
# input as text:
#
#   R C
#   R lines of C values 0/1
#   ar ac
#   br bc
#
# and compares the number printed with its proven answer. Replace the body
# of solution() below with yours (the one here is a plain, correct search of
# the game tree), then:
#
#   boardsearch hunt footholds -- docs/templates/footholds.py
#
# (a .py COMMAND runs with python3).
import sys


# ---- your solution -------------------------------------------------------

def play(board, me, other):
    """(whether the player to move at `me` wins, moves still made)."""
    r0, c0 = me
    if board[r0][c0] == 0:  # the foothold under the mover is gone
        return False, 0
    can_win, fastest_win, slowest_loss = False, None, -1
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        r, c = r0 + dr, c0 + dc
        if not (0 <= r < len(board) and 0 <= c < len(board[0])) or board[r][c] == 0:
            continue
        board[r0][c0] = 0
        other_wins, moves = play(board, other, (r, c))
        board[r0][c0] = 1
        if not other_wins:
            can_win = True
            fastest_win = moves + 1 if fastest_win is None else min(fastest_win, moves + 1)
        else:
            slowest_loss = max(slowest_loss, moves + 1)
    if can_win:
        return True, fastest_win
    if slowest_loss < 0:  # no step possible
        return False, 0
    return False, slowest_loss


def solution(board, aloc, bloc):
    return play([row[:] for row in board], tuple(aloc), tuple(bloc))[1]


# ---- the wrapper: boardsearch's text form in, the answer out -------------

def main():
    numbers = [int(token) for token in sys.stdin.read().split()]
    rows, cols = numbers[0], numbers[1]
    cells = numbers[2:2 + rows * cols]
    board = [cells[r * cols:(r + 1) * cols] for r in range(rows)]
    aloc = numbers[2 + rows * cols:4 + rows * cols]
    bloc = numbers[4 + rows * cols:6 + rows * cols]
    print(solution(board, aloc, bloc))


if __name__ == "__main__":
    main()
