// Board tour (sliding ball): the fewest steps to visit every empty cell.
// Model: {cases: [{rows: ['..*', ...]}], current: index of the case in the
// editor}. Judge text: cases until the end, each "N M" then N rows of M
// characters '.' (empty) or '*' (obstacle).

import { el, LineReader, integer, numberField, grid } from '../common.js';

const MAX_EDITOR_SIDE = 30;

function parse(text) {
  const reader = new LineReader(text);
  const cases = [];
  while (!reader.done()) {
    const header = reader.next('a case header');
    if (header.fields.length !== 2) throw new Error(`line ${header.number}: expected "N M"`);
    const n = integer(header.fields[0], header, 'N');
    const m = integer(header.fields[1], header, 'M');
    if (n < 1 || m < 1 || n > MAX_EDITOR_SIDE || m > MAX_EDITOR_SIDE)
      throw new Error(`line ${header.number}: the editor shows boards of 1 to ${MAX_EDITOR_SIDE} rows and columns`);
    const rows = [];
    for (let r = 0; r < n; ++r) {
      const line = reader.next(`row ${r + 1} of case ${cases.length + 1}`);
      if (line.raw.length !== m || /[^.*]/.test(line.raw))
        throw new Error(`line ${line.number}: expected ${m} characters '.' or '*'`);
      rows.push(line.raw);
    }
    cases.push({ rows });
  }
  if (cases.length === 0) throw new Error('no case');
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
  const caseTabs = el('div', { class: 'case-tabs', 'data-role': 'cases' }, 'Case:');
  model.cases.forEach((_, index) => {
    const button = el('button', { type: 'button', 'aria-pressed': String(index === current) }, String(index + 1));
    button.addEventListener('click', () => update({ cases: model.cases, current: index }));
    caseTabs.append(button);
  });
  const add = el('button', { type: 'button', title: 'add a case' }, '+');
  add.addEventListener('click', () => update({ cases: [...model.cases, { rows: ['...', '...', '...'] }], current: model.cases.length }));
  caseTabs.append(add);
  if (model.cases.length > 1) {
    const remove = el('button', { type: 'button', title: 'remove this case' }, '−');
    remove.addEventListener('click', () =>
      update({ cases: model.cases.filter((_, i) => i !== current), current: Math.max(0, current - 1) }));
    caseTabs.append(remove);
  }

  const board = grid(rows.length, rows[0].length, (r, c) => {
    const cell = el('div', { class: `cell ${rows[r][c] === '*' ? 'obstacle' : ''}`, title: 'click: obstacle / empty' });
    cell.addEventListener('click', () => {
      const next = rows.map((row, i) => (i === r ? row.slice(0, c) + (row[c] === '*' ? '.' : '*') + row.slice(c + 1) : row));
      update(withCase(model, current, next));
    });
    return cell;
  }, 'tour editable');

  host.replaceChildren(
    el('div', { class: 'controls' }, caseTabs),
    el('div', { class: 'controls' },
      numberField('Rows N', rows.length, 1, MAX_EDITOR_SIDE, (n) => update(withCase(model, current, resized(rows, n, rows[0].length))), 'rows'),
      numberField('Columns M', rows[0].length, 1, MAX_EDITOR_SIDE, (m) => update(withCase(model, current, resized(rows, rows.length, m))), 'columns')),
    el('p', { class: 'hint' }, 'Click a cell to make it an obstacle (dark) or empty again.'),
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
    if (order !== null && order !== undefined) cell.append(el('span', {}, String(order)));
    return cell;
  }, 'tour'));
}

export default {
  name: 'tour',
  sample: '5 5\n**...\n.....\n....*\n..*..\n.....\n3 4\n****\n*...\n*..*\n',
  parse,
  format,
  renderEditor,
  renderStep,
};
