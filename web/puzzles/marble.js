// Marble escape: tilt the board until the red marble falls into the hole and
// the blue one does not. Model: {rows: ['#####', '#RO.#', ...]}. Judge text:
// "N M", then N rows of M characters '#' '.' 'O' 'R' 'B'.

import { el, LineReader, integer, numberField, grid, segmented } from '../common.js';

// The editor draws boards up to this side; the solver takes 1000 x 1000
// through the text box.
const MAX_EDITOR_SIDE = 30;
const PIECES = { O: 'hole', R: 'red', B: 'blue' };
const MARBLE_COLOURS = { R: 'radial-gradient(circle at 35% 35%, #fff, #d8413a 45%, #8c1d18)',
  B: 'radial-gradient(circle at 35% 35%, #fff, #3a6fd8 45%, #18358c)' };

// What a click in the editor puts on a cell (kept across redraws).
let tool = '#';

function parse(text) {
  const reader = new LineReader(text);
  const header = reader.next('the board size "N M"');
  if (header.fields.length !== 2) throw new Error(`line ${header.number}: expected "N M"`);
  const n = integer(header.fields[0], header, 'N');
  const m = integer(header.fields[1], header, 'M');
  if (n < 3 || m < 3 || n > MAX_EDITOR_SIDE || m > MAX_EDITOR_SIDE)
    throw new Error(`line ${header.number}: the editor shows boards of 3 to ${MAX_EDITOR_SIDE} rows and columns`);
  const rows = [];
  for (let r = 0; r < n; ++r) {
    const line = reader.next(`row ${r + 1} of the board`);
    if (line.raw.length !== m || /[^.#ORB]/.test(line.raw))
      throw new Error(`line ${line.number}: expected ${m} characters of . # O R B`);
    rows.push(line.raw);
  }
  if (!reader.done()) throw new Error(`line ${reader.next('').number}: unexpected text after the board`);
  return { rows };
}

function format(model) {
  return `${model.rows.length} ${model.rows[0].length}\n${model.rows.join('\n')}\n`;
}

const isBorder = (rows, r, c) => r === 0 || c === 0 || r === rows.length - 1 || c === rows[0].length - 1;

// The rows resized to n x m: the border stays wall, pieces outside are dropped.
function resized(rows, n, m) {
  return Array.from({ length: n }, (_, r) => Array.from({ length: m }, (_, c) => {
    if (r === 0 || c === 0 || r === n - 1 || c === m - 1) return '#';
    const old = rows[r]?.[c];
    return old === undefined || (old === '#' && isBorder(rows, r, c)) ? '.' : old;
  }).join(''));
}

// `rows` with `mark` on (r, c): a piece moves there from wherever it was; a
// wall toggles.
function marked(rows, r, c, mark) {
  const cells = rows.map((row) => row.split(''));
  if (mark === '#') cells[r][c] = cells[r][c] === '#' ? '.' : '#';
  else {
    for (const row of cells) for (let k = 0; k < row.length; ++k) if (row[k] === mark) row[k] = '.';
    cells[r][c] = mark;
  }
  return cells.map((row) => row.join(''));
}

function drawCell(mark) {
  const cell = el('div', { class: `cell ${mark === '#' ? 'obstacle' : ''}` });
  if (mark === 'O') cell.style.background = 'radial-gradient(circle, #111 45%, #3c3a36 70%)';
  if (mark === 'R' || mark === 'B') {
    const ball = el('div', { class: 'ball', title: PIECES[mark] });
    ball.style.background = MARBLE_COLOURS[mark];
    cell.append(ball);
  }
  return cell;
}

function renderEditor(host, model, update) {
  const { rows } = model;
  const board = grid(rows.length, rows[0].length, (r, c) => {
    const cell = drawCell(rows[r][c]);
    if (!isBorder(rows, r, c)) cell.addEventListener('click', () => update({ rows: marked(rows, r, c, tool) }));
    return cell;
  }, 'tour editable');
  const tools = segmented([{ value: '#', label: 'wall' }, { value: 'O', label: 'hole' }, { value: 'R', label: 'red' },
    { value: 'B', label: 'blue' }], tool, (value) => { tool = value; renderEditor(host, model, update); }, 'tool');
  host.replaceChildren(
    el('div', { class: 'controls' },
      numberField('Rows N', rows.length, 3, MAX_EDITOR_SIDE, (n) => update({ rows: resized(rows, n, rows[0].length) }), 'rows'),
      numberField('Columns M', rows[0].length, 3, MAX_EDITOR_SIDE, (m) => update({ rows: resized(rows, rows.length, m) }), 'columns')),
    el('div', { class: 'controls' }, tools),
    el('p', { class: 'hint' }, 'Pick what a click puts on an inner cell: a wall (click again to clear it), or the hole or a marble (moved there).'),
    board);
}

// A step's board: rows without the marbles, and where each marble is (null
// once in the hole).
function renderStep(host, step) {
  const { rows, red, blue } = step.board;
  host.replaceChildren(grid(rows.length, rows[0].length, (r, c) => {
    let mark = rows[r][c];
    if (red && red[0] === r && red[1] === c) mark = 'R';
    if (blue && blue[0] === r && blue[1] === c) mark = 'B';
    return drawCell(mark);
  }, 'tour'));
}

export default {
  name: 'marble',
  sample: '5 5\n#####\n#..B#\n#.#.#\n#RO.#\n#####\n',
  parse,
  format,
  renderEditor,
  renderStep,
};
