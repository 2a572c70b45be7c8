// Board tour (sliding ball): the fewest steps to visit every empty cell.
// Model: {cases: [{rows: ['..*', ...]}], current: index of the case in the
// editor}. Judge text: cases until the end, each "N M" then N rows of M
// characters '.' (empty) or '*' (obstacle).

import { el, LineReader, integer, numberField, grid } from '../common.js';
import { addMessages, t } from '../i18n.js';

// The sides the CLI takes (1 <= N, M <= 64); larger boards scroll.
const MAX_EDITOR_SIDE = 64;

addMessages({
  en: {
    'tour.what.header': 'a case header',
    'tour.what.row': 'board row {r} of case {case}',
    'tour.header': 'line {line}: expected "N M"',
    'tour.sizeRange': 'line {line}: the editor shows boards of 1 to {max} rows and columns',
    'tour.rowChars': 'line {line}: expected {m} characters \'.\' or \'*\'',
    'tour.noCase': 'no case',
    'tour.case': 'Case:',
    'tour.addCase': 'add a case',
    'tour.removeCase': 'remove this case',
    'tour.cellTitle': 'click: obstacle / empty',
    'tour.rows': 'Rows N',
    'tour.columns': 'Columns M',
    'tour.hint': 'Click a cell to make it an obstacle (dark) or empty again.',
    'tour.description': 'Reads cases until the end of the input, each "N M" and N rows of M characters, "." empty or "*" obstacle. For each case, "Case k: v": the fewest moves in which a ball, rolling each time until a wall, an obstacle or a visited cell stops it, visits every empty cell, over all starting cells; -1 if it cannot. The steps show the start, the directions and when each cell was visited (rows and columns from 0).',
  },
  ko: {
    'tour.description': '입력이 끝날 때까지 여러 케이스를 읽습니다. 각 케이스는 \'N M\' 한 줄과 \'.\'(빈 칸) 또는 \'*\'(장애물)로 된 M글자짜리 N줄입니다. 케이스마다 \'Case k: v\'를 구합니다: 벽이나 장애물, 이미 지난 칸에 막힐 때까지 굴러가는 공이 빈 칸을 모두 지나는 가장 적은 이동 횟수(모든 시작 칸 중에서), 불가능하면 -1. 수순은 시작 칸, 방향, 각 칸을 몇 번째 이동에서 지났는지를 보여 줍니다(행과 열은 0부터).',
    'tour.limit.N, M (board rows, columns)': '행과 열 N, M',
    'tour.limit.move paths per case': '케이스당 이동 경로 수',
    'tour.what.header': '케이스의 첫 줄',
    'tour.what.row': '케이스 {case}의 {r}행',
    'tour.header': '{line}번째 줄: "N M"이 필요합니다',
    'tour.sizeRange': '{line}번째 줄: 편집기는 1부터 {max}까지의 행과 열을 보여 줍니다',
    'tour.rowChars': '{line}번째 줄: \'.\' 또는 \'*\' {m}글자가 필요합니다',
    'tour.noCase': '케이스가 없습니다',
    'tour.case': '케이스:',
    'tour.addCase': '케이스 추가',
    'tour.removeCase': '이 케이스 삭제',
    'tour.cellTitle': '클릭: 장애물 / 빈 칸',
    'tour.rows': '행 N',
    'tour.columns': '열 M',
    'tour.hint': '칸을 클릭하면 장애물(어두운 칸)이 되고, 다시 클릭하면 빈 칸이 됩니다.',
  },
});

function parse(text) {
  const reader = new LineReader(text);
  const cases = [];
  while (!reader.done()) {
    const header = reader.next(t('tour.what.header'));
    if (header.fields.length !== 2) throw new Error(t('tour.header', { line: header.number }));
    const n = integer(header.fields[0], header, 'N');
    const m = integer(header.fields[1], header, 'M');
    if (n < 1 || m < 1 || n > MAX_EDITOR_SIDE || m > MAX_EDITOR_SIDE)
      throw new Error(t('tour.sizeRange', { line: header.number, max: MAX_EDITOR_SIDE }));
    const rows = [];
    for (let r = 0; r < n; ++r) {
      const line = reader.next(t('tour.what.row', { r, case: cases.length + 1 }));
      if (line.raw.length !== m || /[^.*]/.test(line.raw))
        throw new Error(t('tour.rowChars', { line: line.number, m }));
      rows.push(line.raw);
    }
    cases.push({ rows });
  }
  if (cases.length === 0) throw new Error(t('tour.noCase'));
  return { cases, current: 0 };
}

function format(model) {
  return model.cases.map(({ rows }) => `${rows.length} ${rows[0].length}\n${rows.join('\n')}\n`).join('');
}

function resized(rows, n, m) {
  return Array.from({ length: n }, (_, r) => Array.from({ length: m }, (_, c) => rows[r]?.[c] ?? '.').join(''));
}

function withCase(model, index, rows) {
  const cases = model.cases.map((entry, i) => (i === index ? { rows } : entry));
  return { cases, current: index };
}

function renderEditor(host, model, update) {
  const current = Math.min(model.current ?? 0, model.cases.length - 1);
  const { rows } = model.cases[current];
  const caseTabs = el('div', { class: 'case-tabs', 'data-role': 'cases' }, t('tour.case'));
  model.cases.forEach((_, index) => {
    const button = el('button', { type: 'button', 'aria-pressed': String(index === current) }, String(index + 1));
    button.addEventListener('click', () => update({ cases: model.cases, current: index }));
    caseTabs.append(button);
  });
  const add = el('button', { type: 'button', title: t('tour.addCase') }, '+');
  add.addEventListener('click', () => update({ cases: [...model.cases, { rows: ['...', '...', '...'] }], current: model.cases.length }));
  caseTabs.append(add);
  if (model.cases.length > 1) {
    const remove = el('button', { type: 'button', title: t('tour.removeCase') }, '−');
    remove.addEventListener('click', () =>
      update({ cases: model.cases.filter((_, i) => i !== current), current: Math.max(0, current - 1) }));
    caseTabs.append(remove);
  }

  const board = grid(rows.length, rows[0].length, (r, c) => {
    const cell = el('div', { class: `cell ${rows[r][c] === '*' ? 'obstacle' : ''}`, title: t('tour.cellTitle') });
    cell.addEventListener('click', () => {
      const next = rows.map((row, i) => (i === r ? row.slice(0, c) + (row[c] === '*' ? '.' : '*') + row.slice(c + 1) : row));
      update(withCase(model, current, next));
    });
    return cell;
  }, 'tour editable', { keyboard: { key: 'tour-editor' } });

  host.replaceChildren(
    el('div', { class: 'controls' }, caseTabs),
    el('div', { class: 'controls' },
      numberField(t('tour.rows'), rows.length, 1, MAX_EDITOR_SIDE, (n) => update(withCase(model, current, resized(rows, n, rows[0].length))), 'rows'),
      numberField(t('tour.columns'), rows[0].length, 1, MAX_EDITOR_SIDE, (m) => update(withCase(model, current, resized(rows, rows.length, m))), 'columns')),
    el('p', { class: 'hint' }, t('tour.hint')),
    board);
}

// Colour of the cell visited at `order` out of `last` steps: teal to amber.
function visitColour(order, last) {
  const t = last > 0 ? order / last : 0;
  const hue = 170 - 130 * t;
  return `hsl(${hue}, 55%, ${42 + 6 * t}%)`;
}

function renderStep(host, step, response) {
  const board = step.board;
  if (!board) {
    host.replaceChildren(el('div', { class: 'result-empty' }, step.text));
    return;
  }
  // The largest step number of this case, for the colour scale.
  let last = 0;
  for (const other of response.line)
    if (other.case === step.case && other.board)
      for (const row of other.board.order) for (const v of row) if (v !== null && v > last) last = v;
  const rows = board.rows;
  host.replaceChildren(grid(rows.length, rows[0].length, (r, c) => {
    const order = board.order?.[r]?.[c];
    const cell = el('div', { class: 'cell' });
    if (rows[r][c] === '*') cell.classList.add('obstacle');
    else if (order !== null && order !== undefined) {
      cell.classList.add('visited');
      if (order === 0) cell.classList.add('start');
      cell.style.background = visitColour(order, last);
    }
    const hasBall = board.ball && board.ball[0] === r && board.ball[1] === c;
    if (hasBall) cell.append(el('div', { class: 'ball' }));
    if (order !== null && order !== undefined) cell.append(el('span', { class: 'tile-label' }, String(order)));
    return cell;
  }, 'tour', { labelChars: String(last).length }));
}

export default {
  name: 'tour',
  sample: '5 5\n**...\n.....\n....*\n..*..\n.....\n3 4\n****\n*...\n*..*\n',
  parse,
  format,
  renderEditor,
  renderStep,
};
