// Small helpers shared by the page and the puzzle modules.

import { t } from './i18n.js';
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

// Sends `payload` (if any) as JSON with `method`; resolves to {status, body}
// with the reply parsed by parseJsonExact (or {error} when the reply is not
// JSON). Rejects only on network errors.
export async function requestJson(method, url, payload = undefined) {
  const init = { method, headers: {} };
  if (payload !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(payload);
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

// A board of rows x columns cells; makeCell(r, c) builds each cell. The cells
// shrink with the card (from the largest size down to a smallest readable
// one, see style.css) and the frame scrolls past that, so every board fits its
// card. Returns the frame; the grid is its child (role "grid").
export function grid(rows, columns, makeCell, className) {
  const node = el('div', { class: `grid ${className}`, role: 'grid' });
  node.style.setProperty('--columns', String(columns));
  if (rows > 10 || columns > 10) node.classList.add('small');
  if (columns > LARGE_BOARD_SIDE) node.classList.add('large');
  for (let r = 0; r < rows; ++r)
    for (let c = 0; c < columns; ++c) {
      const cell = makeCell(r, c);
      cell.dataset.r = String(r);
      cell.dataset.c = String(c);
      node.append(cell);
    }
  return el('div', { class: 'board-frame' }, node);
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
