// Dice yut: move pieces along the board by a known dice schedule for the
// highest score. Model: {dice: [1..5, ...]}. Judge text: the dice values.
// The board drawing comes from the solve's document (squares with x/y).

import { el, svg, LineReader, integer } from '../common.js';

const FACES = [1, 2, 3, 4, 5];
const MAX_EDITOR_DICE = 60;
const DEFAULT_RANDOM_DICE = 10;
const PIECE_COLOURS = ['#c0392b', '#2e5fa8', '#2f8a4c', '#8e44ad', '#d35400', '#16a085', '#7f5539', '#34495e'];

function parse(text) {
  const reader = new LineReader(text);
  const dice = [];
  while (!reader.done()) {
    const line = reader.next('dice');
    line.fields.forEach((f, i) => dice.push(integer(f, line, `die ${i + 1}`)));
  }
  if (dice.length === 0) throw new Error('no dice');
  if (dice.length > MAX_EDITOR_DICE) throw new Error(`the editor shows at most ${MAX_EDITOR_DICE} dice`);
  return { dice };
}

function format(model) {
  return `${model.dice.join(' ')}\n`;
}

function renderEditor(host, model, update) {
  const dice = el('div', { class: 'dice', 'data-role': 'dice' });
  model.dice.forEach((value, index) => {
    const die = el('button', { type: 'button', class: 'die', title: `turn ${index + 1}: click to change` }, String(value));
    die.addEventListener('click', () => {
      const next = model.dice.slice();
      next[index] = FACES.includes(value) ? FACES[(FACES.indexOf(value) + 1) % FACES.length] : FACES[0];
      update({ dice: next });
    });
    dice.append(die);
  });
  const button = (label, role, action, disabled) => {
    const b = el('button', { type: 'button', class: 'secondary', 'data-role': role, disabled: disabled || null }, label);
    b.addEventListener('click', action);
    return b;
  };
  host.replaceChildren(
    el('p', { class: 'hint' }, 'One die per turn, in order. Click a die to change it (1 → 2 → … → 5 → 1).'),
    dice,
    el('div', { class: 'controls' },
      button('+ Add a die', 'add-die', () => update({ dice: [...model.dice, 1] }), model.dice.length >= MAX_EDITOR_DICE),
      button('− Remove the last', 'remove-die', () => update({ dice: model.dice.slice(0, -1) }), model.dice.length <= 1),
      button('Random schedule', 'random-dice', () => update({
        dice: Array.from({ length: DEFAULT_RANDOM_DICE }, () => FACES[Math.floor(Math.random() * FACES.length)]),
      }))));
}

// Square positions in 0..100; squares without x/y go on a circle.
function layout(board) {
  const positions = new Map();
  const squares = board.squares;
  squares.forEach((square, index) => {
    if (typeof square.x === 'number' && typeof square.y === 'number') positions.set(square.id, [square.x, square.y]);
    else {
      const angle = (2 * Math.PI * index) / squares.length;
      positions.set(square.id, [50 + 42 * Math.cos(angle), 50 + 42 * Math.sin(angle)]);
    }
  });
  return positions;
}

function renderStep(host, step, response, index) {
  const board = response.document?.board;
  const { pieces, score, die } = step.board;
  if (!board) {
    host.replaceChildren(el('div', {}, `pieces: ${pieces.join(', ')} · score ${score}`));
    return;
  }
  const positions = layout(board);
  const previous = index > 0 ? response.line[index - 1].board.pieces : pieces;
  const drawing = svg('svg', { class: 'yut-board', viewBox: '0 2 100 108', role: 'img', 'aria-label': 'yut board' });
  // Edges first (red path solid, blue path dashed), then squares, then pieces.
  for (const square of board.squares) {
    const [x1, y1] = positions.get(square.id);
    for (const [kind, target] of [['red', square.red], ['blue', square.blue]]) {
      if (!target || !positions.has(target)) continue;
      const [x2, y2] = positions.get(target);
      drawing.append(svg('line', { class: `edge ${kind === 'blue' ? 'blue' : ''}`, x1, y1, x2, y2 }));
    }
  }
  for (const square of board.squares) {
    const [x, y] = positions.get(square.id);
    const end = square.id === board.start || square.id === board.finish;
    drawing.append(svg('circle', { class: `square ${square.blue ? 'blue' : ''} ${end ? 'end' : ''}`, cx: x, cy: y, r: end ? 4.6 : 3.6 }));
    drawing.append(svg('text', { class: 'points', x, y }, end ? (square.id === board.start ? 'start' : 'finish') : square.points));
  }
  // Pieces sharing a square (only start and finish allow it) line up in a
  // row just below that square.
  const count = new Map();
  pieces.forEach((id, piece) => {
    const [x, y] = positions.get(id) ?? [50, 102];
    const k = count.get(id) ?? 0;
    count.set(id, k + 1);
    const sharing = pieces.filter((other) => other === id).length;
    const dx = sharing > 1 ? (k - (sharing - 1) / 2) * 4.8 : 0;
    const dy = sharing > 1 ? 7.5 : 0;
    const moved = previous[piece] !== id;
    drawing.append(svg('circle', { class: `piece ${moved ? 'moved' : ''}`, cx: x + dx, cy: y + dy, r: 2.2,
      fill: PIECE_COLOURS[piece % PIECE_COLOURS.length] }));
    drawing.append(svg('text', { class: 'piece-label', x: x + dx, y: y + dy }, piece + 1));
  });
  host.replaceChildren(el('div', { style: 'width: 100%; text-align: center' },
    drawing,
    el('div', { class: 'yut-hud' },
      el('span', {}, `die: ${die ?? '—'}`),
      el('span', { 'data-role': 'score' }, `score: ${score}`))));
}

export default {
  name: 'yut',
  sample: '1 2 3 4 1 2 3 4 1 2\n',
  parse,
  format,
  renderEditor,
  renderStep,
  // The board option is a JSON document; the CLI reads it from a file.
  optionLabels: { board: 'Board (JSON)' },
};
