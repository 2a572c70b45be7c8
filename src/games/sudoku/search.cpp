// The entry points of search.hpp over the solver of solver.hpp, one
// instance per box size.

#include "games/sudoku/search.hpp"

#include "games/sudoku/solver.hpp"

namespace boardsearch::sudoku {

namespace {

// The completion held by `state`, as numbers.
template <int B>
std::vector<int> numbers_of(const typename detail::Solver<B>::State& state) {
  std::vector<int> cells(state.cand.size());
  for (std::size_t k = 0; k < cells.size(); ++k) cells[k] = detail::Solver<B>::value_of(state.cand[k]);
  return cells;
}

template <int B>
Searched search_box(const Grid& grid, Goal goal, Count max_count, const core::SearchLimits& limits) {
  core::SearchControl control(limits);
  // The solver holds a stack of side^2 + 1 states (1.5 MiB at 25 x 25): on
  // the heap.
  auto solver = std::make_unique<detail::Solver<B>>(control);
  Searched searched;
  try {
    if (solver->start(grid.cells.data())) {
      const bool stopped = solver->run(goal, max_count);
      if (goal == Goal::count) {
        searched.capped = stopped;
      } else if (stopped) {
        searched.completion = numbers_of<B>(solver->completion());
      }
    } else {
      control.visit();  // the root, refuted by propagation
    }
  } catch (const core::SearchAborted& aborted) {
    searched.outcome = aborted.outcome;
  }
  searched.count = solver->count();
  searched.stats = control.finish();
  return searched;
}

template <int B>
std::vector<std::uint32_t> root_candidates(const Grid& grid) {
  core::SearchControl control(core::SearchLimits{});
  auto solver = std::make_unique<detail::Solver<B>>(control);
  if (!solver->start(grid.cells.data())) return {};
  return {solver->root().cand.begin(), solver->root().cand.end()};
}

}  // namespace

Searched search(const Grid& grid, Goal goal, Count max_count, const core::SearchLimits& limits) {
  switch (grid.box) {
    case 2:
      return search_box<2>(grid, goal, max_count, limits);
    case 3:
      return search_box<3>(grid, goal, max_count, limits);
    case 4:
      return search_box<4>(grid, goal, max_count, limits);
    default:
      return search_box<5>(grid, goal, max_count, limits);
  }
}

std::vector<std::uint32_t> propagated_candidates(const Grid& grid) {
  switch (grid.box) {
    case 2:
      return root_candidates<2>(grid);
    case 3:
      return root_candidates<3>(grid);
    case 4:
      return root_candidates<4>(grid);
    default:
      return root_candidates<5>(grid);
  }
}

struct LineSolver::Impl {
  explicit Impl(core::SearchControl& control) : solver(control) {}
  detail::Solver<3> solver;
  std::array<int, 81> numbers{};
};

LineSolver::LineSolver(core::SearchControl& control) : impl_(std::make_unique<Impl>(control)) {}
LineSolver::~LineSolver() = default;

bool LineSolver::solve(std::array<char, 81>& cells, Goal goal) {
  for (std::size_t k = 0; k < cells.size(); ++k) impl_->numbers[k] = cells[k] - '0';
  if (!impl_->solver.start(impl_->numbers.data())) return false;
  if (!impl_->solver.run(goal, 0)) return false;
  const auto& done = impl_->solver.completion();
  for (std::size_t k = 0; k < cells.size(); ++k)
    cells[k] = static_cast<char>('0' + detail::Solver<3>::value_of(done.cand[k]));
  return true;
}

}  // namespace boardsearch::sudoku
