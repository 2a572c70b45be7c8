// The sliding-tile puzzle: the fewest moves from an R x C board (2 x 2 to
// 5 x 5, 0 the blank) to the goal, or -1. Model: {rows, cols, cells: [...]}
// row by row. Judge text: R lines of C numbers (Baekjoon 1525: 3 x 3).
// The editor slides a tile next to the blank when it is clicked (type the
// numbers in the judge-input box to place them freely) and shuffles to a
// random solvable board a chosen number of slides from the goal; each step
// of the solved line shows the heuristic's estimate beside the true
// distance.

import {el, grid, integer, LineReader, numberField} from '../common.js';
import {addMessages, t} from '../i18n.js';

const MIN_SIDE = 2;
const MAX_SIDE = 5;
const MAX_SHUFFLE = 200;

addMessages({
  en: {
    'sliding.option.goal': 'Goal',
    'sliding.option.goal.help': 'blank-last: 1 2 3 / 4 5 6 / 7 8 0 (Baekjoon 1525); blank-first: 0 1 2 / 3 4 5 / 6 7 8 (the goal of Korf\'s instances).',
    'sliding.option.tables': 'Pattern databases (4 x 4)',
    'sliding.option.tables.help': 'Which tables bound the search on a 4 x 4 board: 6-6-3, 5-5-5, or none (Manhattan distance and linear conflicts). The page uses only tables already built.',
    'sliding.option.bulk': 'Many boards',
    'sliding.option.bulk.help': 'One board a line, all its cells on the line; one answer a line (the steps are not shown).',
    'sliding.limit.R (rows)': 'Rows R',
    'sliding.limit.C (columns)': 'Columns C',
    'sliding.description':
        'Reads an R x C board (R lines of C numbers, 0 the blank; 2 x 2 to 5 x 5) and finds the fewest moves that reach the goal 1 2 3 / 4 5 6 / 7 8 0, or -1 when the goal cannot be reached (Baekjoon 1525; the parity of the board decides it, without search). The steps show each move as the tile that slides and its direction. Boards of 12 cells or fewer: breadth-first search; bigger ones: IDA* with Manhattan distance and linear conflicts, and on 4 x 4 pattern databases when they have been built.',
    'sliding.what.row': 'board row {r}',
    'sliding.width': 'line {line}: expected {min} to {max} numbers in a row',
    'sliding.sameWidth': 'line {line}: expected {n} numbers like the first row',
    'sliding.rows': 'expected {min} to {max} rows',
    'sliding.range': 'line {line}: the numbers go from 0 to {max}, each once',
    'sliding.rowsLabel': 'Rows',
    'sliding.colsLabel': 'Columns',
    'sliding.shuffle': 'Shuffle',
    'sliding.slides': 'Slides from the goal',
    'sliding.hint':
        'Click a tile next to the blank to slide it. Shuffle makes a board that many random slides from the goal (always solvable).',
    'sliding.distance': '{left} moves left; the Manhattan + linear-conflict estimate says at least {estimate}',
  },
  ko: {
    'sliding.option.goal': '목표 배치',
    'sliding.option.goal.help': 'blank-last: 1 2 3 / 4 5 6 / 7 8 0 (백준 1525), blank-first: 0 1 2 / 3 4 5 / 6 7 8 (Korf의 문제들이 쓰는 목표).',
    'sliding.option.tables': '패턴 데이터베이스 (4 x 4)',
    'sliding.option.tables.help': '4 x 4 판의 탐색을 제한할 표: 6-6-3, 5-5-5, 또는 none(맨해튼 거리와 선형 충돌만). 페이지는 이미 만들어 둔 표만 씁니다.',
    'sliding.option.bulk': '여러 판',
    'sliding.option.bulk.help': '한 줄에 판 하나(그 판의 칸을 모두 한 줄에), 답도 한 줄에 하나씩입니다(수순은 보이지 않음).',
    'sliding.limit.R (rows)': '행 R',
    'sliding.limit.C (columns)': '열 C',
    'sliding.description':
        'R x C 판(R줄에 수 C개, 0은 빈칸; 2 x 2부터 5 x 5)을 읽고 목표 1 2 3 / 4 5 6 / 7 8 0에 이르는 최소 이동 횟수를 구합니다. 갈 수 없으면 -1입니다(백준 1525; 탐색 없이 판의 홀짝성으로 판정). 수순은 움직이는 타일과 방향을 한 수씩 보여 줍니다. 12칸 이하는 너비 우선 탐색, 더 큰 판은 IDA*(맨해튼 거리와 선형 충돌, 4 x 4는 만들어 둔 패턴 데이터베이스)로 풉니다.',
    'sliding.what.row': '판의 {r}행',
    'sliding.width': '{line}번째 줄: 한 줄에 수가 {min}개에서 {max}개 필요합니다',
    'sliding.sameWidth': '{line}번째 줄: 첫 줄처럼 수 {n}개가 필요합니다',
    'sliding.rows': '{min}줄에서 {max}줄이 필요합니다',
    'sliding.range': '{line}번째 줄: 수는 0부터 {max}까지 한 번씩입니다',
    'sliding.rowsLabel': '행',
    'sliding.colsLabel': '열',
    'sliding.shuffle': '섞기',
    'sliding.slides': '목표에서 움직인 횟수',
    'sliding.hint':
        '빈칸 옆 타일을 클릭하면 밀립니다. 섞기는 목표에서 그 횟수만큼 무작위로 민 판을 만듭니다(언제나 풀 수 있음).',
    'sliding.distance': '남은 이동 {left}번; 맨해튼 + 선형 충돌 추정은 최소 {estimate}번',
  },
});

let shuffleSlides = 30;

function goal(rows, cols) { return Array.from({length: rows * cols}, (_, i) => (i + 1) % (rows * cols)); }

function parse(text) {
  const reader = new LineReader(text);
  const rows = [];
  let cols = 0;
  while (!reader.done()) {
    const line = reader.next(t('sliding.what.row', {r: rows.length}));
    if (rows.length === 0) {
      cols = line.fields.length;
      if (cols < MIN_SIDE || cols > MAX_SIDE)
        throw new Error(t('sliding.width', {line: line.number, min: MIN_SIDE, max: MAX_SIDE}));
    } else if (line.fields.length !== cols) {
      throw new Error(t('sliding.sameWidth', {line: line.number, n: cols}));
    }
    rows.push({line, values: line.fields.map((field) => integer(field, line, 'tile'))});
  }
  if (rows.length < MIN_SIDE || rows.length > MAX_SIDE)
    throw new Error(t('sliding.rows', {min: MIN_SIDE, max: MAX_SIDE}));
  const cells = [];
  const seen = new Set();
  const max = rows.length * cols - 1;
  for (const {line, values} of rows)
    for (const value of values) {
      if (value < 0 || value > max || seen.has(value)) throw new Error(t('sliding.range', {line: line.number, max}));
      seen.add(value);
      cells.push(value);
    }
  return {rows: rows.length, cols, cells};
}

function format(model) {
  const lines = [];
  for (let r = 0; r < model.rows; ++r) lines.push(model.cells.slice(r * model.cols, (r + 1) * model.cols).join(' '));
  return `${lines.join('\n')}\n`;
}

// The model after the tile at `cell` slides into the blank, or null when it
// is not next to the blank.
function slid(model, cell) {
  const blank = model.cells.indexOf(0);
  const [br, bc, r, c] =
      [Math.floor(blank / model.cols), blank % model.cols, Math.floor(cell / model.cols), cell % model.cols];
  if (Math.abs(br - r) + Math.abs(bc - c) !== 1) return null;
  const cells = model.cells.slice();
  [cells[blank], cells[cell]] = [cells[cell], 0];
  return {...model, cells};
}

function shuffled(rows, cols, slides) {
  let model = {rows, cols, cells: goal(rows, cols)};
  for (let i = 0; i < slides; ++i) {
    const blank = model.cells.indexOf(0);
    const next = [blank - cols, blank + cols, blank - 1, blank + 1]
                     .filter((cell) => cell >= 0 && cell < rows * cols)
                     .map((cell) => slid(model, cell))
                     .filter((candidate) => candidate !== null);
    model = next[Math.floor(Math.random() * next.length)];
  }
  return model;
}

function tile(value) {
  const cell = el('div', {class: `cell ${value === 0 ? 'obstacle' : ''}`});
  if (value !== 0) cell.append(el('span', {}, String(value)));
  return cell;
}

function renderEditor(host, model, update) {
  const board = grid(model.rows, model.cols, (r, c) => {
    const cell = tile(model.cells[r * model.cols + c]);
    cell.addEventListener('click', () => {
      const next = slid(model, r * model.cols + c);
      if (next) update(next);
    });
    return cell;
  }, 'tour editable');
  const shuffle = el('button', {type: 'button', 'data-role': 'shuffle'}, t('sliding.shuffle'));
  shuffle.addEventListener('click', () => update(shuffled(model.rows, model.cols, shuffleSlides)));
  const resize = (rows, cols) => update({rows, cols, cells: goal(rows, cols)});
  host.replaceChildren(
      el('div', {class: 'controls'},
         numberField(
             t('sliding.rowsLabel'), model.rows, MIN_SIDE, MAX_SIDE, (rows) => resize(rows, model.cols), 'rows'),
         numberField(
             t('sliding.colsLabel'), model.cols, MIN_SIDE, MAX_SIDE, (cols) => resize(model.rows, cols), 'cols')),
      el('div', {class: 'controls'}, numberField(t('sliding.slides'), shuffleSlides, 0, MAX_SHUFFLE, (n) => {
           shuffleSlides = n;
         }, 'slides'), shuffle), el('p', {class: 'hint'}, t('sliding.hint')), board);
}

// A step's board, with its true distance and the heuristic's estimate.
function renderStep(host, step) {
  const {rows, moves_left: left, estimate} = step.board;
  host.replaceChildren(
      grid(rows.length, rows[0].length, (r, c) => tile(rows[r][c]), 'tour'),
      el('p', {class: 'hint', 'data-role': 'distance'}, t('sliding.distance', {left, estimate})));
}

export default {
  name: 'sliding',
  sample: '1 0 3\n4 2 5\n7 8 6\n',
  parse,
  format,
  renderEditor,
  renderStep,
  optionLayout: { advanced: ['tables', 'bulk'] },
};
