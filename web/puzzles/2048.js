// 2048 without spawns: an N x N board of tiles; the largest tile within K moves.
// Model: {n, cells: [[value, 0 = empty]]}. Judge text: N, then N rows of N values.

import { el, LineReader, integer, numberField, grid } from '../common.js';

// Editor sizes: the solver takes far larger boards through the text box, but
// a grid of inputs stops being pleasant beyond this.
const MAX_EDITOR_SIDE = 16;

function isTile(value) {
  return value === 0 || (value >= 2 && (value & (value - 1)) === 0);
}

// CSS class of a tile: v2 ... v1024, vbig above.
function tileClass(value) {
  if (value === 0) return '';
  return value <= 1024 ? `v${value}` : 'vbig';
}

function parse(text) {
  const reader = new LineReader(text);
  const header = reader.next('the board size N');
  const n = integer(header.fields[0], header, 'N');
  if (n < 1 || n > MAX_EDITOR_SIDE) throw new Error(`line ${header.number}: the editor shows boards of 1 to ${MAX_EDITOR_SIDE} rows`);
  const cells = [];
  for (let r = 0; r < n; ++r) {
    const line = reader.next(`row ${r + 1} of the board`);
    if (line.fields.length !== n) throw new Error(`line ${line.number}: expected ${n} values, found ${line.fields.length}`);
    cells.push(line.fields.map((f, c) => integer(f, line, `value ${c + 1}`)));
  }
  if (!reader.done()) throw new Error(`line ${reader.next('').number}: unexpected text after the board`);
  return { n, cells };
}

function format(model) {
  return `${model.n}\n${model.cells.map((row) => row.join(' ')).join('\n')}\n`;
}

function resize(model, n) {
  const cells = Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => model.cells[r]?.[c] ?? 0));
  return { n, cells };
}

function renderEditor(host, model, update) {
  const board = grid(model.n, model.n, (r, c) => {
    const value = model.cells[r][c];
    const input = el('input', { class: `cell ${tileClass(value)}`, type: 'text', inputmode: 'numeric',
      value: value === 0 ? '' : String(value), 'aria-label': `row ${r + 1}, column ${c + 1}`, maxlength: '12' });
    if (!isTile(value)) input.classList.add('invalid');
    input.addEventListener('input', () => {
      const text = input.value.trim();
      const parsed = text === '' ? 0 : Number(text);
      const next = { n: model.n, cells: model.cells.map((row) => row.slice()) };
      next.cells[r][c] = Number.isInteger(parsed) ? parsed : text;
      input.className = `cell ${Number.isInteger(parsed) ? tileClass(parsed) : ''}`;
      if (!Number.isInteger(parsed) || !isTile(parsed)) input.classList.add('invalid');
      model = next;
      update(next, { keepEditor: true });
    });
    return input;
  }, 'g2048 editable');
  host.replaceChildren(
    el('div', { class: 'controls' },
      numberField('Size N', model.n, 1, MAX_EDITOR_SIDE, (n) => update(resize(model, n)), 'size'),
      el('button', { type: 'button', class: 'secondary', 'data-role': 'clear' }, 'Clear')),
    el('p', { class: 'hint' }, 'Type a tile (2, 4, 8, …) into any cell; leave it empty for no tile.'),
    board);
  host.querySelector('[data-role=clear]').addEventListener('click', () => update(resize({ cells: [] }, model.n)));
}

function renderStep(host, step) {
  const cells = step.board.cells;
  host.replaceChildren(grid(cells.length, cells.length, (r, c) => {
    const value = cells[r][c];
    return el('div', { class: `cell ${tileClass(value)}` }, value === 0 ? '' : String(value));
  }, 'g2048'));
}

export default {
  name: '2048',
  sample: '3\n2 2 2\n4 4 4\n8 8 8\n',
  parse,
  format,
  renderEditor,
  renderStep,
};
