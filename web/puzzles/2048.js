// 2048 without spawns: an N x N board of tiles; the largest tile within K moves.
// Model: {n, cells: [[decimal text, "0" = empty]]}. Judge text: N, then N rows
// of N values.
//
// Tiles stay exact end to end: the model holds each tile as the decimal text
// it was typed as (a JavaScript number would round 2^62 to
// 4611686018427388000), the judge text is written from those texts, and the
// boards of a solve are read from the server's "exponents" (0 = empty, e for
// 2^e), or from its "cells" parsed exactly (common.js parseJsonExact) by a
// server that does not send exponents yet.

import { el, LineReader, integer, numberField, grid } from '../common.js';
import { addMessages, t } from '../i18n.js';

// The sides the CLI takes (kMinSide, kMaxSide in src/games/2048/board.hpp).
const MIN_SIDE = 1;
const MAX_SIDE = 128;
// The largest tile the CLI reads and prints: 2^63.
const MAX_EXPONENT = 63;
// Tiles up to this many digits are written out in a cell; longer ones as
// 2 with a superscript exponent (the full value is the cell's tooltip).
const MAX_DIGITS_SHOWN = 5;
const SUPERSCRIPT = '⁰¹²³⁴⁵⁶⁷⁸⁹';
// Boards wider than this are compact: their cells are too small for four
// digits at a legible size (a 20 x 20 board on a phone has 15-pixel cells),
// so tiles of 1024 to 65536 show in thousands ("1K", "64K"); the exact
// value is the tooltip, and a tap or the focus writes it under the board.
const COMPACT_SIDE = 10;
// Width of a superscript digit, in digits: for the cell's smallest size.
const SUPERSCRIPT_WIDTH = 0.6;

addMessages({
  en: {
    '2048.size': 'Size N',
    '2048.clear': 'Clear',
    '2048.hint': 'Type a tile (2, 4, 8, …, or 2^40 for a big one) into any cell; leave it empty for no tile. Any side from 1 to 128 (large boards scroll).',
    '2048.cell': 'row {r}, column {c}',
    '2048.what.size': 'the board size N',
    '2048.what.row': 'board row {r}',
    '2048.what.value': 'value {c}',
    '2048.sizeRange': 'line {line}: the board size N must be from {min} to {max}',
    '2048.rowLength': 'line {line}: expected {n} values, found {found}',
    '2048.trailing': 'line {line}: unexpected text after the board',
    '2048.option.moves': 'Moves K',
    '2048.exact': 'row {r}, column {c}: {value}',
    '2048.empty': 'row {r}, column {c}: empty',
    '2048.option.moves.help': 'At most this many moves: 5 in Baekjoon 12100, 10 in 12094; any number from 0.',
    '2048.description': 'Reads N and an N x N board (0 is an empty cell; a tile is a power of two from 2 up) and finds the largest tile the board can hold after at most K moves. No new tiles appear. K is 5 in the easy problem and 10 in the hard one; the answer is exact for any K and boards up to 128 x 128.',
  },
  ko: {
    '2048.description': 'N과 N x N 보드(0은 빈 칸, 타일은 2 이상의 2의 거듭제곱)를 읽고, 최대 K번 움직인 뒤 보드에 있을 수 있는 가장 큰 타일을 구합니다. 새 타일은 생기지 않습니다. K는 Easy 문제에서 5, Hard 문제에서 10이며, 어떤 K든, 128 x 128까지의 보드에서 정확한 답을 냅니다.',
    '2048.size': '크기 N',
    '2048.clear': '모두 지우기',
    '2048.hint': '칸에 타일(2, 4, 8, …, 큰 타일은 2^40처럼)을 입력하세요. 빈 칸은 타일이 없는 칸입니다. 한 변은 1부터 128까지(큰 보드는 스크롤).',
    '2048.cell': '{r}행 {c}열',
    '2048.what.size': '보드 크기 N',
    '2048.what.row': '보드의 {r}행',
    '2048.what.value': '{c}번째 값',
    '2048.sizeRange': '{line}번째 줄: 보드 크기 N은 {min}부터 {max}까지여야 합니다',
    '2048.rowLength': '{line}번째 줄: 값 {n}개가 필요한데 {found}개가 있습니다',
    '2048.trailing': '{line}번째 줄: 보드 뒤에 예상하지 못한 내용이 있습니다',
    '2048.option.moves': '이동 횟수 K',
    '2048.exact': '{r}행 {c}열: {value}',
    '2048.empty': '{r}행 {c}열: 빈 칸',
    '2048.option.moves.help': '최대 이동 횟수: 백준 12100은 5, 12094는 10. 0 이상이면 어떤 수든 됩니다.',
    '2048.limit.N (board side)': '보드 크기 N',
    '2048.limit.tile value': '타일 값',
  },
});

// The exponent e of a tile 2^e (0 for an empty cell) from its decimal text,
// or null when the text is not a tile the CLI takes.
function exponentOf(text) {
  if (!/^\d+$/.test(text)) return null;
  const value = BigInt(text);
  if (value === 0n) return 0;
  if (value < 2n || (value & (value - 1n)) !== 0n) return null;
  const exponent = value.toString(2).length - 1;
  return exponent <= MAX_EXPONENT ? exponent : null;
}

// The decimal text of 2^e (e = 0: empty, "0").
const tileText = (exponent) => (exponent === 0 ? '0' : (1n << BigInt(exponent)).toString());

// CSS classes of a tile: its colour (v2 ... v1024, vbig above) and, when
// its label is four or five digits, its width.
function tileClasses(text, compact = false) {
  const exponent = exponentOf(text);
  if (exponent === null) return 'invalid';
  if (exponent === 0) return '';
  const colour = exponent <= 10 ? `v${2 ** exponent}` : 'vbig';
  const label = shortLabel(text, compact);
  return label.length >= 4 && label.length <= MAX_DIGITS_SHOWN ? `${colour} digits${label.length}` : colour;
}

// "2⁶²" for 2^62, and on a compact board "1K" for 1024; short tiles as
// they are, a text that is no tile as typed.
function shortLabel(text, compact = false) {
  if (text === '0') return '';
  const exponent = exponentOf(text);
  if (exponent === null || text.length <= 3 || (!compact && text.length <= MAX_DIGITS_SHOWN)) return text;
  if (compact && text.length <= MAX_DIGITS_SHOWN) return `${2 ** (exponent - 10)}K`;
  return `2${[...String(exponent)].map((d) => SUPERSCRIPT[Number(d)]).join('')}`;
}

// How wide a label is, in digits (a superscript digit is narrower).
function labelWidth(label) {
  return [...label].reduce((width, char) => width + (SUPERSCRIPT.includes(char) ? SUPERSCRIPT_WIDTH : 1), 0);
}

// The widest label of a board of decimal texts, in whole digits.
function widestLabel(cells, compact) {
  let widest = 1;
  for (const row of cells) for (const text of row) widest = Math.max(widest, labelWidth(shortLabel(text, compact)));
  // (A typed text that is no tile may be long; it is outlined, not widened for.)
  return Math.min(Math.ceil(widest), MAX_DIGITS_SHOWN);
}

// The note under a board that says a tile's exact value (a tap on a step
// board, the focus in the editor).
function tileNote() {
  return el('div', { class: 'tile-note', 'data-role': 'tile-note', 'aria-live': 'polite' });
}

function showExact(note, r, c, text) {
  note.textContent = text === '0' ? t('2048.empty', { r, c }) : t('2048.exact', { r, c, value: text });
}

// What a person typed into a cell, as the decimal text of the model: digits
// as they are, "2^e" (or "2**e", "2ᵉ" with superscript digits) as 2^e exactly,
// empty as "0"; anything else is kept as typed (and outlined as invalid).
function typedTile(typed) {
  const text = typed.trim();
  if (text === '') return '0';
  const power = text.match(/^2\s*(?:\^|\*\*)\s*(\d{1,3})$/);
  if (power) return (1n << BigInt(power[1])).toString();
  const superscript = text.match(/^2([⁰¹²³⁴⁵⁶⁷⁸⁹]{1,3})$/);
  if (superscript) return (1n << BigInt([...superscript[1]].map((d) => SUPERSCRIPT.indexOf(d)).join(''))).toString();
  return text;
}

function parse(text) {
  const reader = new LineReader(text);
  const header = reader.next(t('2048.what.size'));
  const n = integer(header.fields[0], header, 'N');
  if (n < MIN_SIDE || n > MAX_SIDE) throw new Error(t('2048.sizeRange', { line: header.number, min: MIN_SIDE, max: MAX_SIDE }));
  const cells = [];
  for (let r = 0; r < n; ++r) {
    const line = reader.next(t('2048.what.row', { r }));
    if (line.fields.length !== n) throw new Error(t('2048.rowLength', { line: line.number, n, found: line.fields.length }));
    // Whole numbers, kept as their digits: the exact tile, however large.
    line.fields.forEach((f, c) => integer(f, line, () => t('2048.what.value', { c })));
    cells.push(line.fields.slice());
  }
  if (!reader.done()) throw new Error(t('2048.trailing', { line: reader.next('').number }));
  return { n, cells };
}

function format(model) {
  return `${model.n}\n${model.cells.map((row) => row.join(' ')).join('\n')}\n`;
}

function resize(model, n) {
  const cells = Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => model.cells[r]?.[c] ?? '0'));
  return { n, cells };
}

// A tile's cell title: its exact value when the cell shows it shortened.
const tileTitle = (text, compact = false) => (shortLabel(text, compact) !== text && text !== '0' && exponentOf(text) !== null
  ? `${text} = 2^${exponentOf(text)}` : null);

function renderEditor(host, model, update) {
  const compact = model.n > COMPACT_SIDE;
  const note = tileNote();
  const frame = grid(model.n, model.n, (r, c) => {
    const text = model.cells[r][c];
    return el('input', { class: `cell ${tileClasses(text, compact)}`, type: 'text', inputmode: 'numeric',
      value: shortLabel(text, compact), 'aria-label': t('2048.cell', { r, c }), title: tileTitle(text, compact), spellcheck: 'false' });
  }, 'g2048 editable', { labelChars: widestLabel(model.cells, compact) });
  // One listener each on the board, not on every cell: a 128 x 128 board has
  // 16,384 cells. Focused, a cell shows the exact digits to edit; otherwise
  // the short label.
  const cellOf = (event) => (event.target instanceof HTMLInputElement && event.target.dataset.r !== undefined ? event.target : null);
  const position = (node) => [Number(node.dataset.r), Number(node.dataset.c)];
  frame.addEventListener('focusin', (event) => {
    const input = cellOf(event);
    if (!input) return;
    const [r, c] = position(input);
    const now = model.cells[r][c];
    input.value = now === '0' ? '' : now;
    input.select();
    if (compact) showExact(note, r, c, now);
  });
  frame.addEventListener('focusout', (event) => {
    const input = cellOf(event);
    if (!input) return;
    const [r, c] = position(input);
    const now = model.cells[r][c];
    input.value = shortLabel(now, compact);
    input.title = tileTitle(now, compact) ?? '';
  });
  frame.addEventListener('input', (event) => {
    const input = cellOf(event);
    if (!input) return;
    const [r, c] = position(input);
    const next = { n: model.n, cells: model.cells.map((row) => row.slice()) };
    next.cells[r][c] = typedTile(input.value);
    input.className = `cell ${tileClasses(next.cells[r][c], compact)}`;
    model = next;
    update(next, { keepEditor: true });
  });
  // Arrow keys move between cells: up and down always, left and right once
  // the caret is at that end of the cell's text (or the text is selected).
  frame.addEventListener('keydown', (event) => {
    const input = cellOf(event);
    if (!input || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const [r, c] = position(input);
    // A cell's whole text is selected when it takes the focus (typing
    // replaces it): the arrows then move on, as from a caret at either end.
    const all = input.selectionStart === 0 && input.selectionEnd === input.value.length;
    const atStart = all || (input.selectionStart === 0 && input.selectionEnd === 0);
    const atEnd = all || (input.selectionStart === input.value.length && input.selectionEnd === input.value.length);
    const moves = { ArrowUp: [r - 1, c, true], ArrowDown: [r + 1, c, true], ArrowLeft: [r, c - 1, atStart], ArrowRight: [r, c + 1, atEnd] };
    const move = moves[event.key];
    if (!move || !move[2]) return;
    const next = frame.querySelector(`input[data-r="${move[0]}"][data-c="${move[1]}"]`);
    if (!next) return;
    event.preventDefault();
    next.focus();
    next.select();
  });
  const board = frame;
  host.replaceChildren(
    el('div', { class: 'controls' },
      numberField(t('2048.size'), model.n, MIN_SIDE, MAX_SIDE, (n) => update(resize(model, n)), 'size'),
      el('button', { type: 'button', class: 'secondary', 'data-role': 'clear' }, t('2048.clear'))),
    el('p', { class: 'hint' }, t('2048.hint')),
    ...(compact ? [board, note] : [board]));
  host.querySelector('[data-role=clear]').addEventListener('click', () => update(resize({ cells: [] }, model.n)));
}

// The tiles of a step's board as decimal texts: from "exponents" when the
// server sends them, else from "cells" (exact: parseJsonExact gives BigInt
// beyond 2^53).
function boardTexts(board) {
  if (Array.isArray(board.exponents)) return board.exponents.map((row) => row.map((e) => tileText(Number(e))));
  return board.cells.map((row) => row.map((value) => String(value)));
}

// A step's board; a tap on a tile writes its exact value under the board.
function renderStep(host, step) {
  const cells = boardTexts(step.board);
  const compact = cells.length > COMPACT_SIDE;
  const note = tileNote();
  const frame = grid(cells.length, cells.length, (r, c) => {
    const text = cells[r][c];
    const label = shortLabel(text, compact);
    const cell = el('div', { class: `cell ${tileClasses(text, compact)}`, title: tileTitle(text, compact), 'data-tile': text });
    const label2 = label.match(/^2([⁰¹²³⁴⁵⁶⁷⁸⁹]+)$/);
    cell.append(el('span', { class: 'tile-label' }, label2 ? ['2', el('sup', {}, String(exponentOf(text)))] : label));
    return cell;
  }, 'g2048', { labelChars: widestLabel(cells, compact) });
  frame.addEventListener('click', (event) => {
    const cell = event.target.closest('[data-tile]');
    if (cell) showExact(note, Number(cell.dataset.r), Number(cell.dataset.c), cell.dataset.tile);
  });
  host.replaceChildren(frame, note);
}

// "= 2^63" after an answer too long to take in at a glance: from the
// document's answer_exponent, or from the answer text itself.
function answerNote(response) {
  const text = response.answer.trim();
  const exponent = Number.isInteger(Number(response.document?.answer_exponent))
    ? Number(response.document.answer_exponent) : exponentOf(text);
  if (exponent === null || text.length <= MAX_DIGITS_SHOWN) return null;
  return `= 2^${exponent}`;
}

export default {
  name: '2048',
  answerNote,
  sample: '3\n2 2 2\n4 4 4\n8 8 8\n',
  parse,
  format,
  renderEditor,
  renderStep,
};
