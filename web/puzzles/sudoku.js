// Sudoku: fill an n² x n² grid (n = 2..5) so that every row, column and box
// holds each number once. Model: {box, rows: [[0..side]]}, 0 empty. Judge
// text: side lines of side numbers separated by blanks (Baekjoon 2580), of
// digits without blanks (2239, up to 9 x 9), or one line of 81 characters
// ('.' or '0' empty). The editor takes typed numbers and a pasted line of
// 81 characters; a step of the line shows the cell its deduction filled.

import {el, grid, LineReader} from '../common.js';
import {addMessages, t} from '../i18n.js';

addMessages({
  en: {
    'sudoku.option.judge': 'Problem',
    'sudoku.option.judge.help': '2580: any completion, numbers separated by blanks; 2239: the smallest completion row by row, digits without blanks.',
    'sudoku.option.count': 'Count the completions',
    'sudoku.option.count.help': 'The exact number of completions instead of one of them.',
    'sudoku.option.max-count': 'Stop counting at M',
    'sudoku.option.max-count.help': 'Count up to M completions and stop there ("at least M").',
    'sudoku.option.bulk': 'Many grids',
    'sudoku.option.bulk.help': 'Grids of 81 characters, one a line (. or 0 empty); one answer a line.',
    'sudoku.limit.grid side': 'Grid side',
    'sudoku.description':
        'Reads a 9 x 9 grid (Baekjoon 2580: nine lines of nine numbers separated by blanks; 2239: nine lines of nine digits; 0 empty) and prints a completed grid, or -1 when there is none. For 2239 the answer is the smallest completion, row by row. Also grids of n x n boxes for n = 2..5 (4 x 4 to 25 x 25), or one line of 81 characters. The steps show the deductions a person makes, by name, and the guesses where they stop; the options can count the completions instead.',
    'sudoku.what.row': 'grid row {r}',
    'sudoku.size': 'line {line}: expected 4, 9, 16 or 25 numbers, 4 or 9 digits, or 81 characters',
    'sudoku.rowLength': 'line {line}: expected {n} numbers',
    'sudoku.value': 'line {line}: numbers go from 0 (empty) to {side}',
    'sudoku.trailing': 'line {line}: unexpected text after the grid',
    'sudoku.cell': 'row {r}, column {c}',
    'sudoku.paste': 'Paste 81 characters',
    'sudoku.load': 'Load',
    'sudoku.clear': 'Clear',
    'sudoku.hint':
        'Type a number in a cell (empty or 0 clears it), or paste a grid as one line of 81 characters (. or 0 for empty). Each step of the solution names the deduction that filled its cell.',
  },
  ko: {
    'sudoku.option.judge': '문제',
    'sudoku.option.judge.help': '2580: 아무 완성이나, 공백으로 구분한 수; 2239: 행 순서로 가장 앞서는 완성, 공백 없는 숫자.',
    'sudoku.option.count': '완성의 수 세기',
    'sudoku.option.count.help': '완성 하나 대신 완성의 정확한 수를 구합니다.',
    'sudoku.option.max-count': 'M개에서 세기 멈춤',
    'sudoku.option.max-count.help': '완성을 M개까지 세고 멈춥니다("적어도 M").',
    'sudoku.option.bulk': '여러 격자',
    'sudoku.option.bulk.help': '한 줄에 81글자 격자 하나(. 또는 0은 빈 칸), 답도 한 줄에 하나씩입니다.',
    'sudoku.limit.grid side': '격자 한 변',
    'sudoku.description':
        '9 x 9 격자(백준 2580: 공백으로 구분한 수 아홉 줄, 2239: 숫자 아홉 줄, 0은 빈 칸)를 읽고 완성한 격자를 출력하며, 완성할 수 없으면 -1을 출력합니다. 2239는 행 순서로 가장 앞서는 완성이 답입니다. n = 2..5인 n x n 상자 격자(4 x 4부터 25 x 25)와 81글자 한 줄도 받습니다. 수순은 사람이 푸는 추론을 이름과 함께 보여 주고, 추론이 멈추는 곳에서는 어떤 값을 가정했는지 보여 줍니다. 옵션으로 완성의 수를 셀 수도 있습니다.',
    'sudoku.what.row': '격자의 {r}행',
    'sudoku.size': '{line}번째 줄: 수 4, 9, 16, 25개, 숫자 4, 9개, 또는 81글자가 필요합니다',
    'sudoku.rowLength': '{line}번째 줄: 수 {n}개가 필요합니다',
    'sudoku.value': '{line}번째 줄: 수는 0(빈 칸)부터 {side}까지입니다',
    'sudoku.trailing': '{line}번째 줄: 격자 뒤에 예상하지 못한 내용이 있습니다',
    'sudoku.cell': '{r}행 {c}열',
    'sudoku.paste': '81글자 붙여 넣기',
    'sudoku.load': '불러오기',
    'sudoku.clear': '지우기',
    'sudoku.hint':
        '칸에 수를 입력하세요(비우거나 0이면 지워짐). 81글자 한 줄로 격자를 붙여 넣을 수도 있습니다(. 또는 0은 빈 칸). 풀이의 각 단계는 그 칸을 채운 추론의 이름을 보여 줍니다.',
  },
});

const BOXES = [2, 3, 4, 5];
const boxOfSide = (side) => BOXES.find((b) => b * b === side) ?? 0;
const emptyRows = (side) => Array.from({length: side}, () => Array(side).fill(0));
const digit = (ch) => (ch === '.' ? 0 : Number(ch));

function fromLine(line) {
  const rows = emptyRows(9);
  for (let k = 0; k < 81; ++k) rows[Math.floor(k / 9)][k % 9] = digit(line[k]);
  return {box: 3, rows};
}

function parse(text) {
  const reader = new LineReader(text);
  const first = reader.next(t('sudoku.what.row', {r: 1}));
  if (first.fields.length === 1 && first.raw.length === 81 && reader.done() && /^[0-9.]+$/.test(first.raw))
    return fromLine(first.raw);
  const side = first.fields.length > 1 ? first.fields.length : first.raw.length;
  const box = boxOfSide(side);
  if (!box || (first.fields.length === 1 && side > 9)) throw new Error(t('sudoku.size', {line: first.number}));
  const rows = [];
  for (let r = 0; r < side; ++r) {
    const line = r === 0 ? first : reader.next(t('sudoku.what.row', {r: r + 1}));
    const values = first.fields.length > 1 ? line.fields.map(Number) : [...line.raw].map(digit);
    if (values.length !== side) throw new Error(t('sudoku.rowLength', {line: line.number, n: side}));
    if (values.some((v) => !Number.isInteger(v) || v < 0 || v > side))
      throw new Error(t('sudoku.value', {line: line.number, side}));
    rows.push(values);
  }
  if (!reader.done()) throw new Error(t('sudoku.trailing', {line: reader.next('').number}));
  return {box, rows};
}

// Baekjoon 2580's form: numbers separated by blanks.
function format(model) { return model.rows.map((row) => row.join(' ')).join('\n') + '\n'; }

// The cell's class: box borders, and the highlighted cells of a step.
function cellClass(box, r, c, extra = '') {
  const edges = `${c % box === 0 && c > 0 ? ' box-left' : ''}${r % box === 0 && r > 0 ? ' box-top' : ''}`;
  return `cell${edges}${extra}`;
}

function boxBorders(frame, box) {
  for (const node of frame.querySelectorAll('.box-left')) node.style.borderLeft = '2px solid currentColor';
  for (const node of frame.querySelectorAll('.box-top')) node.style.borderTop = '2px solid currentColor';
  return frame;
}

function renderEditor(host, model, update) {
  const {box, rows} = model;
  const side = box * box;
  const frame = grid(
      side, side, (r, c) => el('input', {
                    class: cellClass(box, r, c),
                    type: 'text',
                    inputmode: 'numeric',
                    value: rows[r][c] === 0 ? '' : String(rows[r][c]),
                    'aria-label': t('sudoku.cell', {r: r + 1, c: c + 1}),
                    spellcheck: 'false',
                  }),
      'sudoku editable');
  frame.addEventListener('input', (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || input.dataset.r === undefined) return;
    const r = Number(input.dataset.r), c = Number(input.dataset.c);
    const value = Number(input.value.trim() || '0');
    const next = {box, rows: rows.map((row) => row.slice())};
    next.rows[r][c] = Number.isInteger(value) && value >= 0 && value <= side ? value : 0;
    rows[r][c] = next.rows[r][c];
    update(next, {keepEditor: true});
  });
  const paste =
      el('input', {type: 'text', 'data-role': 'paste', placeholder: t('sudoku.paste'), spellcheck: 'false', size: 40});
  const load = el('button', {type: 'button', class: 'secondary', 'data-role': 'load'}, t('sudoku.load'));
  load.addEventListener('click', () => {
    const line = paste.value.trim();
    if (line.length === 81 && /^[0-9.]+$/.test(line)) update(fromLine(line));
  });
  const clear = el('button', {type: 'button', class: 'secondary', 'data-role': 'clear'}, t('sudoku.clear'));
  clear.addEventListener('click', () => update({box, rows: emptyRows(side)}));
  host.replaceChildren(
      el('div', {class: 'controls'}, paste, load, clear), el('p', {class: 'hint'}, t('sudoku.hint')),
      boxBorders(frame, box));
}

// A step's board: the grid so far, the cell the step filled highlighted.
function renderStep(host, step) {
  const {box, rows, cells} = step.board;
  const side = rows.length;
  const lit = new Set((cells ?? []).map(([r, c]) => `${r},${c}`));
  const frame = grid(side, side, (r, c) => {
    const cell =
        el('div', {class: cellClass(box, r, c, lit.has(`${r},${c}`) ? ' highlight' : '')},
           rows[r][c] === 0 ? '' : String(rows[r][c]));
    if (lit.has(`${r},${c}`)) cell.style.background = 'rgba(255, 200, 0, 0.45)';
    return cell;
  }, 'sudoku');
  host.replaceChildren(boxBorders(frame, box));
}

export default {
  name: 'sudoku',
  sample:
      '0 3 5 4 6 9 2 7 8\n7 8 2 1 0 5 6 0 9\n0 6 0 2 7 8 1 3 5\n3 2 1 0 4 6 8 9 7\n8 0 4 9 1 3 5 0 6\n5 9 6 8 2 0 4 1 3\n9 1 7 6 5 2 0 8 0\n6 0 3 7 0 1 9 5 2\n2 5 8 3 9 4 7 6 0\n',
  parse,
  format,
  renderEditor,
  renderStep,
  optionLayout: { advanced: ['max-count', 'bulk'] },
};
