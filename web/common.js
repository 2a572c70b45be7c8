// Small helpers shared by the page and the puzzle modules.

import { t, language } from './i18n.js';
import './messages.js';

// Creates an element: el('div', {class: 'x', hidden: ''}, child, 'text', ...).
// Attributes whose value is null or false are left out.
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === false || value === undefined) continue;
    node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// Same for SVG elements.
export function svg(tag, attributes = {}, ...children) {
  const node = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined) continue;
    node.setAttribute(name, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// A decimal integer as JSON writes it.
const DECIMAL = /^[+-]?\d+$/;

// Parses JSON keeping integers beyond 2^53 exact, as BigInt: a 2048 tile of
// 2^63 or an option's range up to 2^63 - 1, which a double would round. Needs
// the reviver's source text (Chromium 114+); without it such numbers stay
// doubles.
export function parseJsonExact(text) {
  return JSON.parse(text, (key, value, context) => {
    if (typeof value !== 'number' || Number.isSafeInteger(value) || !DECIMAL.test(context?.source ?? '')) return value;
    return BigInt(context.source);
  });
}

// The headers of every request to the server: the page's language, so that
// a server that speaks it answers in it (docs/api.md).
export function apiHeaders() {
  return { 'Accept-Language': language() };
}

// Sends `payload` (if any) as JSON with `method`; resolves to {status, body}
// with the reply parsed by parseJsonExact (or {error} when the reply is not
// JSON). An object payload carries the page's language as "lang", and every
// request says it in Accept-Language. Rejects only on network errors.
export async function requestJson(method, url, payload = undefined) {
  const init = { method, headers: apiHeaders() };
  if (payload !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    const body = payload !== null && typeof payload === 'object' && !Array.isArray(payload) ? { ...payload, lang: language() } : payload;
    init.body = JSON.stringify(body);
  }
  const response = await fetch(url, init);
  const text = await response.text();
  let body;
  try {
    body = parseJsonExact(text);
  } catch {
    body = { error: text || response.statusText };
  }
  if (body === null || typeof body !== 'object') body = { error: String(body) };
  return { status: response.status, body };
}

// POSTs a JSON body: requestJson('POST', url, payload).
export function postJson(url, payload) {
  return requestJson('POST', url, payload);
}

// Copies `text` to the clipboard; resolves when done, rejects with the reason.
// Falls back to a selected text area where the clipboard API is refused
// (a page not served from localhost or https).
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch (error) {
    const area = el('textarea', { style: 'position: fixed; left: -9999px; top: 0', readonly: '' });
    area.value = text;
    document.body.append(area);
    area.select();
    const copied = document.execCommand('copy');
    area.remove();
    if (!copied) throw error;
  }
}

// Reads judge text as a queue of non-empty lines split into fields, each
// remembering its 1-based line number for messages.
export class LineReader {
  constructor(text) {
    this.lines = [];
    text.split(/\r?\n/).forEach((line, index) => {
      const fields = line.trim().split(/\s+/).filter((f) => f !== '');
      if (fields.length > 0) this.lines.push({ number: index + 1, fields, raw: line.trim() });
    });
    this.position = 0;
  }
  done() { return this.position >= this.lines.length; }
  next(what) {
    if (this.done()) throw new Error(t('common.missing', { what }));
    return this.lines[this.position++];
  }
}

// A whole number in `field`, or throws naming the line. `what` names the
// field: a text, or a function giving it (only called for the message).
export function integer(field, line, what) {
  if (!/^[+-]?\d+$/.test(field ?? '')) {
    throw new Error(t('common.wholeNumber', { line: line.number, what: typeof what === 'function' ? what() : what }));
  }
  return Number(field);
}

// A number input with a label, calling onChange(value) with a whole number
// from min to max. Anything else is never clamped: the input is outlined and
// says the range, and nothing changes until the value fits.
export function numberField(label, value, min, max, onChange, role) {
  const input = el('input', { type: 'number', min: String(min), max: String(max), step: '1', value: String(value), 'data-role': role });
  const problem = el('span', { class: 'field-error', 'data-role': `${role}-error`, hidden: '' });
  const check = (commit) => {
    const text = input.value.trim();
    const fits = /^\d+$/.test(text) && Number(text) >= min && Number(text) <= max;
    input.classList.toggle('invalid', !fits && text !== '');
    problem.hidden = fits || text === '';
    problem.textContent = t('common.outOfRange', { min, max });
    if (fits && commit && Number(text) !== value) onChange(Number(text));
  };
  input.addEventListener('input', () => check(false));
  input.addEventListener('change', () => check(true));
  return el('label', {}, label, input, problem);
}

// Boards wider than this get the smallest cells and gaps (style.css .large).
const LARGE_BOARD_SIDE = 16;
// Keys that move the focus on a keyboard board: [rows, columns] to move.
const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

// The cell a keyboard press activated on a board that is then redrawn
// (every edit redraws the editor): {key, r, c}, taken by the next board of
// the same key, which gives that cell the focus.
let pendingFocus = null;

// Gives the focus to cell (r, c) of the board in `frame` (from grid()),
// making it the board's one tab stop.
export function focusCell(frame, r, c) {
  const cell = frame.querySelector(`[data-r="${r}"][data-c="${c}"]`);
  if (!cell) return;
  for (const other of frame.querySelectorAll('[tabindex="0"][data-r]')) other.tabIndex = -1;
  cell.tabIndex = 0;
  cell.focus();
}

// Keyboard play on a board: the board is one tab stop (the cell last
// focused); the arrow keys move between cells, Home and End to the ends of
// the row, Enter or Space presses the cell (its click handler).
function keyboardBoard(node, rows, columns, key) {
  node.addEventListener('keydown', (event) => {
    const cell = event.target.closest('[data-r]');
    if (!cell || event.altKey || event.ctrlKey || event.metaKey) return;
    const r = Number(cell.dataset.r);
    const c = Number(cell.dataset.c);
    let next = null;
    if (ARROWS[event.key]) next = [r + ARROWS[event.key][0], c + ARROWS[event.key][1]];
    else if (event.key === 'Home') next = [r, 0];
    else if (event.key === 'End') next = [r, columns - 1];
    else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      pendingFocus = { key, r, c };
      cell.click();
      // Not redrawn: this board keeps the focus, and no later board takes it.
      if (cell.isConnected) pendingFocus = null;
      return;
    }
    if (!next) return;
    event.preventDefault();
    if (next[0] >= 0 && next[0] < rows && next[1] >= 0 && next[1] < columns) focusCell(node, next[0], next[1]);
  });
}

// A board of rows x columns cells; makeCell(r, c) builds each cell. The cells
// shrink with the card (from the largest size down to a smallest readable
// one, see style.css) and the frame scrolls past that, so every board fits its
// card. Returns the frame; the grid is its child (role "grid").
// `keyboard` (optional): {key, start: [r, c]}: the board is played by
// keyboard (see keyboardBoard); `start` is its tab stop; `key` names the
// board across redraws, so that a cell pressed by keyboard keeps the focus
// when the press redraws the board.
// `labelChars` (optional): the longest label a cell shows, in characters;
// the cells are never smaller than that label needs at the smallest font.
export function grid(rows, columns, makeCell, className, { keyboard = null, labelChars = 0 } = {}) {
  const node = el('div', { class: `grid ${className}`, role: 'grid' });
  node.style.setProperty('--columns', String(columns));
  if (rows > 10 || columns > 10) node.classList.add('small');
  if (columns > LARGE_BOARD_SIDE) node.classList.add('large');
  if (labelChars > 0) node.style.setProperty('--label-chars', String(labelChars));
  let start = keyboard?.start ?? [0, 0];
  const restore = keyboard && pendingFocus?.key === keyboard.key ? pendingFocus : null;
  if (restore) {
    start = [restore.r, restore.c];
    pendingFocus = null;
  }
  for (let r = 0; r < rows; ++r)
    for (let c = 0; c < columns; ++c) {
      const cell = makeCell(r, c);
      cell.dataset.r = String(r);
      cell.dataset.c = String(c);
      if (keyboard) {
        cell.tabIndex = r === start[0] && c === start[1] ? 0 : -1;
        cell.setAttribute('role', 'gridcell');
        if (!cell.hasAttribute('aria-label')) cell.setAttribute('aria-label', t('common.cell', { r, c }));
      }
      node.append(cell);
    }
  const frame = el('div', { class: 'board-frame' }, node);
  if (keyboard) {
    keyboardBoard(node, rows, columns, keyboard.key);
    if (restore) queueMicrotask(() => { if (frame.isConnected) focusCell(frame, restore.r, restore.c); });
  }
  return frame;
}

// A row of toggle buttons; onPick(value) when one is pressed.
export function segmented(choices, current, onPick, role) {
  const node = el('div', { class: 'segmented', role: 'group', 'data-role': role });
  for (const { value, label } of choices) {
    const button = el('button', { type: 'button', 'aria-pressed': String(value === current), 'data-value': value }, label);
    button.addEventListener('click', () => onPick(value));
    node.append(button);
  }
  return node;
}
