// Uses the installed core the way another project would: a 0/1 knapsack as
// a branch-and-bound problem, checked against plain enumeration. Prints
// "knapsack <best> <brute force>" and exits 0 when they agree; the same for
// capacities 0..12 solved on two threads (core/parallel.hpp, through the
// package's oneTBB dependency).

#include <array>
#include <boardsearch/core/branch_and_bound.hpp>
#include <boardsearch/core/move_list.hpp>
#include <boardsearch/core/parallel.hpp>
#include <cstdio>
#include <optional>
#include <vector>

namespace {

struct Item {
  int weight;
  int value;
};

// Items decided in order, take (true) or skip (false).
struct Knapsack {
  using Move = bool;
  using Value = int;
  using MoveBuffer = boardsearch::core::MoveList<bool, 2>;

  std::vector<Item> items;
  int capacity = 0;
  std::size_t next = 0;
  int weight = 0;
  int value = 0;

  // Every state is a solution: the items taken so far fit.
  std::optional<int> solution_value() const { return value; }
  // Admissible: the undecided items can add at most all their values.
  int bound() const {
    int rest = value;
    for (std::size_t i = next; i < items.size(); ++i) rest += items[i].value;
    return rest;
  }
  void generate_moves(MoveBuffer& moves) const {
    if (next == items.size()) return;
    if (weight + items[next].weight <= capacity) moves.push_back(true);
    moves.push_back(false);
  }
  void apply(bool take) {
    if (take) weight += items[next].weight, value += items[next].value;
    ++next;
  }
  void undo(bool take) {
    --next;
    if (take) weight -= items[next].weight, value -= items[next].value;
  }
};

// The best value over every subset, plainly.
int brute_force(const Knapsack& k) {
  int best = 0;
  for (unsigned subset = 0; subset < (1u << k.items.size()); ++subset) {
    int weight = 0, value = 0;
    for (std::size_t i = 0; i < k.items.size(); ++i)
      if (subset & (1u << i)) weight += k.items[i].weight, value += k.items[i].value;
    if (weight <= k.capacity && value > best) best = value;
  }
  return best;
}

}  // namespace

int main() {
  Knapsack k;
  k.items = {{5, 10}, {4, 40}, {6, 30}, {3, 50}, {2, 15}, {7, 35}};
  k.capacity = 12;
  const auto result = boardsearch::core::branch_and_bound<boardsearch::core::Goal::maximize>(k);
  const int plain = brute_force(k);
  if (!result.value || result.outcome != boardsearch::core::Outcome::proven) return 1;
  std::printf("knapsack %d %d\n", *result.value, plain);
  if (*result.value != plain) return 1;
  // Each capacity on its own copy, two threads taking the next one.
  std::array<bool, 13> agrees{};
  boardsearch::core::for_each_task(2, agrees.size(), [&](std::size_t capacity) {
    Knapsack own = k;
    own.capacity = static_cast<int>(capacity);
    const auto solved = boardsearch::core::branch_and_bound<boardsearch::core::Goal::maximize>(own);
    agrees[capacity] = solved.value && *solved.value == brute_force(own);
  });
  for (const bool agreed : agrees)
    if (!agreed) return 1;
  return 0;
}
