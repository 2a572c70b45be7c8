#include "games/marble/table.hpp"

#include <utility>

namespace boardsearch::marble::detail {

void PairSet::grow() {
  budget_.allocate(2 * bytes());
  const Slots old = std::move(slots_);
  slots_ = Slots(old.size() * 2, kEmpty);
  budget_.release(old.size() * sizeof(PairKey));
  shift_ = 64 - std::countr_zero(slots_.size());
  for (const PairKey key : old) {
    if (key == kEmpty) continue;
    std::size_t at = slot_of(key);
    while (slots_[at] != kEmpty) at = (at + 1) & (slots_.size() - 1);
    slots_[at] = key;
  }
}

void PairTable::grow() {
  budget_.check(2 * bytes());  // the old slots are still held while they move
  const Slots old = std::move(slots_);
  slots_ = Slots(old.size() * 2);
  budget_.count(old.size() * sizeof(Slot));
  shift_ = 64 - std::countr_zero(slots_.size());
  const std::size_t mask = slots_.size() - 1;
  for (const Slot& slot : old) {
    if (slot.word == 0) continue;
    std::size_t at = home(slot.word & kPairMask);
    while (slots_[at].word != 0) at = (at + 1) & mask;
    slots_[at] = slot;
  }
}

std::vector<Direction> rebuild_from_parents(const PairTable& table, PairKey pair) {
  const PairTable::Slot* slot = &table.find(pair);
  std::vector<Direction> line(PairTable::tilts_of(slot->word));
  for (; PairTable::tilts_of(slot->word) > 0; slot = &table.find(slot->parent))
    line[PairTable::tilts_of(slot->word) - 1] = PairTable::arrival_of(slot->word);
  return line;
}

}  // namespace boardsearch::marble::detail
