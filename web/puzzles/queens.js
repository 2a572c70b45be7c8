// N-Queens: how many ways N queens fit on an N x N board with no two
// attacking, or how many ways a partial board (placed queens, blocked
// cells) completes. Model: {n, rows: ['........', ...]}. Judge text: "N"
// alone, or "N" then N rows of N characters '.' 'Q' '#'.

import { el, LineReader, integer, numberField, grid, segmented } from '../common.js';
import { addMessages, t } from '../i18n.js';

// The sides the solver takes (1 <= N <= 32).
const MAX_SIDE = 32;
const QUEEN = '\u265B';

addMessages({
  en: {
    'queens.what.header': 'the board side N',
    'queens.what.row': 'board row {r}',
    'queens.header': 'line {line}: expected N alone',
    'queens.sizeRange': 'line {line}: N goes from 1 to {max}',
    'queens.rowChars': 'line {line}: expected {n} characters of . Q #',
    'queens.trailing': 'line {line}: unexpected text after the board',
    'queens.queen': 'queen',
    'queens.blocked': 'blocked',
    'queens.side': 'Side N',
    'queens.hint': 'Pick what a click puts on a cell: a placed queen or a blocked cell (click again to clear it). The count is then of the completions.',
    'queens.description': 'Reads N and counts the ways to place N queens on an N x N board so that no two attack each other (Baekjoon 9663), exactly for N up to 32, even beyond 64 bits. A board after N ("." free, "Q" a placed queen, "#" blocked) counts the ways to complete it. The steps draw the first placement in row order; the whole solution also gives the count with the 8 symmetries of the square taken as one.',
  },
  ko: {
    'queens.description': 'N을 읽고, N x N 판에 서로 공격하지 않게 퀸 N개를 놓는 방법의 수를 구합니다(백준 9663). N은 32까지, 64비트를 넘는 수도 정확히 출력합니다. N 다음에 \'.\' 빈 칸, \'Q\' 놓인 퀸, \'#\' 막힌 칸으로 된 N x N 판을 주면 그 판을 완성하는 방법의 수를 셉니다. 수순은 행 순서로 첫 배치를 그리고, 풀이 전체에는 정사각형의 대칭 8가지를 같은 것으로 본 수도 나옵니다.',
    'queens.limit.N (board side)': '보드 크기 N',
    'queens.what.header': '판의 크기 N',
    'queens.what.row': '판의 {r}행',
    'queens.header': '{line}번째 줄: N 하나가 필요합니다',
    'queens.sizeRange': '{line}번째 줄: N은 1부터 {max}까지입니다',
    'queens.rowChars': '{line}번째 줄: . Q # 중 {n}글자가 필요합니다',
    'queens.trailing': '{line}번째 줄: 판 뒤에 예상하지 못한 내용이 있습니다',
    'queens.queen': '퀸',
    'queens.blocked': '막힌 칸',
    'queens.side': '크기 N',
    'queens.hint': '칸을 클릭했을 때 놓을 것을 고르세요: 놓인 퀸 또는 막힌 칸(다시 클릭하면 지워짐). 그러면 그 판을 완성하는 방법의 수를 셉니다.',
  },
});

// What a click in the editor puts on a cell (kept across redraws).
let tool = 'Q';

const emptyRows = (n) => Array.from({ length: n }, () => '.'.repeat(n));

function parse(text) {
  const reader = new LineReader(text);
  const header = reader.next(t('queens.what.header'));
  if (header.fields.length !== 1) throw new Error(t('queens.header', { line: header.number }));
  const n = integer(header.fields[0], header, 'N');
  if (n < 1 || n > MAX_SIDE) throw new Error(t('queens.sizeRange', { line: header.number, max: MAX_SIDE }));
  if (reader.done()) return { n, rows: emptyRows(n) };
  const rows = [];
  for (let r = 0; r < n; ++r) {
    const line = reader.next(t('queens.what.row', { r }));
    if (line.raw.length !== n || /[^.Q#]/.test(line.raw)) throw new Error(t('queens.rowChars', { line: line.number, n }));
    rows.push(line.raw);
  }
  if (!reader.done()) throw new Error(t('queens.trailing', { line: reader.next('').number }));
  return { n, rows };
}

// N alone while the board has no mark (the judge's input), else the rows too.
function format(model) {
  const marked = model.rows.some((row) => /[Q#]/.test(row));
  return marked ? `${model.n}\n${model.rows.join('\n')}\n` : `${model.n}\n`;
}

// `rows` with (r, c) toggled between `mark` and free.
function toggled(rows, r, c, mark) {
  return rows.map((row, i) => (i !== r ? row : row.slice(0, c) + (row[c] === mark ? '.' : mark) + row.slice(c + 1)));
}

// `rows` cut or padded to n x n.
function resized(rows, n) {
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => rows[r]?.[c] ?? '.').join(''));
}

function drawCell(mark, r, c) {
  const cell = el('div', { class: `cell ${mark === '#' ? 'obstacle' : ''}` });
  if ((r + c) % 2 === 1 && mark !== '#') cell.style.background = 'rgba(0, 0, 0, 0.05)';
  if (mark === 'Q') cell.append(el('span', { title: t('queens.queen') }, QUEEN));
  return cell;
}

function renderEditor(host, model, update) {
  const { n, rows } = model;
  const board = grid(n, n, (r, c) => {
    const cell = drawCell(rows[r][c], r, c);
    cell.addEventListener('click', () => update({ n, rows: toggled(rows, r, c, tool) }));
    return cell;
  }, 'tour editable', { keyboard: { key: 'queens-editor' } });
  const tools = segmented([{ value: 'Q', label: t('queens.queen') }, { value: '#', label: t('queens.blocked') }], tool,
    (value) => { tool = value; renderEditor(host, model, update); }, 'tool');
  host.replaceChildren(
    el('div', { class: 'controls' },
      numberField(t('queens.side'), n, 1, MAX_SIDE, (side) => update({ n: side, rows: resized(rows, side) }), 'side')),
    el('div', { class: 'controls' }, tools),
    el('p', { class: 'hint' }, t('queens.hint')),
    board);
}

// A step's board: the rows with the queens placed so far.
function renderStep(host, step) {
  const { rows } = step.board;
  host.replaceChildren(grid(rows.length, rows.length, (r, c) => drawCell(rows[r][c], r, c), 'tour'));
}

export default {
  name: 'queens',
  sample: '8\n',
  parse,
  format,
  renderEditor,
  renderStep,
};
