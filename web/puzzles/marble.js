// Marble escape: tilt the board until the red marble falls into the hole and
// the blue one does not. Model: {rows: ['#####', '#RO.#', ...]}. Judge text:
// "N M", then N rows of M characters '#' '.' 'O' 'R' 'B'.

import { el, LineReader, integer, numberField, grid, segmented } from '../common.js';
import { addMessages, t } from '../i18n.js';

// The editor draws boards up to this side; the solver takes 1000 x 1000
// through the text box.
const MAX_EDITOR_SIDE = 30;
const PIECES = { O: 'hole', R: 'red', B: 'blue' };
const MARBLE_COLOURS = { R: 'radial-gradient(circle at 35% 35%, #fff, #d8413a 45%, #8c1d18)',
  B: 'radial-gradient(circle at 35% 35%, #fff, #3a6fd8 45%, #18358c)' };

addMessages({
  en: {
    'marble.what.header': 'the board size "N M"',
    'marble.what.row': 'board row {r}',
    'marble.header': 'line {line}: expected "N M"',
    'marble.sizeRange': 'line {line}: the editor shows boards of 3 to {max} rows and columns',
    'marble.rowChars': 'line {line}: expected {m} characters of . # O R B',
    'marble.trailing': 'line {line}: unexpected text after the board',
    'marble.wall': 'wall',
    'marble.hole': 'hole',
    'marble.red': 'red',
    'marble.blue': 'blue',
    'marble.rows': 'Rows N',
    'marble.columns': 'Columns M',
    'marble.hint': 'Pick what a click puts on an inner cell: a wall (click again to clear it), or the hole or a marble (moved there).',
    'marble.description': 'Reads N M and an N x M board ("#" wall, "." empty, "O" the hole, "R" and "B" the red and blue marbles) and finds the fewest tilts that drop the red marble into the hole without the blue one (-1 if it cannot be done within 10 tilts). The problem chosen below changes the question: 13459 answers 1 or 0, 15644 also gives the tilts (L R U D), 15653 has no limit on tilts. Boards up to 1000 x 1000.',
    'marble.option.judge': 'Problem',
    'marble.option.judge.help': 'Which of the four problems to answer: 13460 the fewest tilts, 13459 whether it can be done (1 or 0), 15644 the fewest tilts and which ones, 15653 the fewest tilts with no limit.',
    'marble.option.moves': 'Tilt limit K',
    'marble.option.moves.help': 'At most this many tilts instead of the problem\'s 10 (not with 15653, which has no limit).',
    'marble.choice.judge.13460': '13460 구슬 탈출 2: fewest tilts',
    'marble.choice.judge.13459': '13459 구슬 탈출: 1 or 0',
    'marble.choice.judge.15644': '15644 구슬 탈출 3: tilts and their order',
    'marble.choice.judge.15653': '15653 구슬 탈출 4: no limit on tilts',
  },
  ko: {
    'marble.description': 'N M과 N x M 보드(\'#\' 벽, \'.\' 빈 칸, \'O\' 구멍, \'R\'과 \'B\' 빨간 구슬과 파란 구슬)를 읽고, 파란 구슬은 빠뜨리지 않고 빨간 구슬만 구멍에 빠뜨리는 가장 적은 기울이기 횟수를 구합니다(10번 안에 안 되면 -1). 아래에서 고른 문제에 따라 질문이 바뀝니다: 13459는 1 또는 0, 15644는 기울인 방향(L R U D)까지, 15653은 횟수 제한이 없습니다. 보드는 최대 1000 x 1000.',
    'marble.what.header': '보드 크기 "N M"',
    'marble.what.row': '보드의 {r}행',
    'marble.header': '{line}번째 줄: "N M"이 필요합니다',
    'marble.sizeRange': '{line}번째 줄: 편집기는 3부터 {max}까지의 행과 열을 보여 줍니다',
    'marble.rowChars': '{line}번째 줄: . # O R B 중 {m}글자가 필요합니다',
    'marble.trailing': '{line}번째 줄: 보드 뒤에 예상하지 못한 내용이 있습니다',
    'marble.wall': '벽',
    'marble.hole': '구멍',
    'marble.red': '빨간 구슬',
    'marble.blue': '파란 구슬',
    'marble.rows': '행 N',
    'marble.columns': '열 M',
    'marble.hint': '안쪽 칸을 클릭했을 때 놓을 것을 고르세요: 벽(다시 클릭하면 지워짐), 또는 구멍이나 구슬(그 칸으로 옮겨짐).',
    'marble.option.judge': '문제',
    'marble.option.moves': '기울이기 제한 K',
    'marble.option.judge.help': '네 문제 중 어느 것에 답할지: 13460 가장 적은 기울이기 횟수, 13459 가능하면 1 아니면 0, 15644 가장 적은 횟수와 그 방향, 15653 횟수 제한 없이 가장 적은 횟수.',
    'marble.option.moves.help': '문제의 10번 대신 쓸 기울이기 횟수 제한 K (제한이 없는 15653과는 함께 쓸 수 없음).',
    'marble.choice.judge.13460': '13460 구슬 탈출 2: 가장 적은 횟수',
    'marble.choice.judge.13459': '13459 구슬 탈출: 1 또는 0',
    'marble.choice.judge.15644': '15644 구슬 탈출 3: 횟수와 방향',
    'marble.choice.judge.15653': '15653 구슬 탈출 4: 횟수 제한 없음',
    'marble.limit.N (rows)': '행 N',
    'marble.limit.M (columns)': '열 M',
    'marble.limit.tilts': '기울이기 횟수',
  },
});

// What a click in the editor puts on a cell (kept across redraws).
let tool = '#';

function parse(text) {
  const reader = new LineReader(text);
  const header = reader.next(t('marble.what.header'));
  if (header.fields.length !== 2) throw new Error(t('marble.header', { line: header.number }));
  const n = integer(header.fields[0], header, 'N');
  const m = integer(header.fields[1], header, 'M');
  if (n < 3 || m < 3 || n > MAX_EDITOR_SIDE || m > MAX_EDITOR_SIDE)
    throw new Error(t('marble.sizeRange', { line: header.number, max: MAX_EDITOR_SIDE }));
  const rows = [];
  for (let r = 0; r < n; ++r) {
    const line = reader.next(t('marble.what.row', { r }));
    if (line.raw.length !== m || /[^.#ORB]/.test(line.raw))
      throw new Error(t('marble.rowChars', { line: line.number, m }));
    rows.push(line.raw);
  }
  if (!reader.done()) throw new Error(t('marble.trailing', { line: reader.next('').number }));
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
  }, 'tour editable', { keyboard: { key: 'marble-editor' } });
  const tools = segmented([{ value: '#', label: t('marble.wall') }, { value: 'O', label: t('marble.hole') }, { value: 'R', label: t('marble.red') },
    { value: 'B', label: t('marble.blue') }], tool, (value) => { tool = value; renderEditor(host, model, update); }, 'tool');
  host.replaceChildren(
    el('div', { class: 'controls' },
      numberField(t('marble.rows'), rows.length, 3, MAX_EDITOR_SIDE, (n) => update({ rows: resized(rows, n, rows[0].length) }), 'rows'),
      numberField(t('marble.columns'), rows[0].length, 3, MAX_EDITOR_SIDE, (m) => update({ rows: resized(rows, rows.length, m) }), 'columns')),
    el('div', { class: 'controls' }, tools),
    el('p', { class: 'hint' }, t('marble.hint')),
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
  optionLayout: { advanced: ['moves'] },
};
