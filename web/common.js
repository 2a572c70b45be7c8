// Small helpers shared by the page and the puzzle modules.

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

// POSTs a JSON body; resolves to {status, body} with the parsed JSON reply
// (or {error} when the reply is not JSON). Rejects only on network errors.
export async function postJson(url, payload) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(payload),
  });
  const text = await response.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = { error: text || response.statusText };
  }
  return { status: response.status, body };
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
    if (this.done()) throw new Error(`missing ${what}`);
    return this.lines[this.position++];
  }
}

// A whole number in `field`, or throws naming the line.
export function integer(field, line, what) {
  if (!/^[+-]?\d+$/.test(field ?? '')) throw new Error(`line ${line.number}: ${what} must be a whole number`);
  return Number(field);
}

// A number input with a label, calling onChange(value) with a clamped integer.
export function numberField(label, value, min, max, onChange, role) {
  const input = el('input', { type: 'number', min: String(min), max: String(max), value: String(value), 'data-role': role });
  input.addEventListener('change', () => {
    const parsed = Math.round(Number(input.value));
    if (!Number.isFinite(parsed)) return;
    onChange(Math.max(min, Math.min(max, parsed)));
  });
  return el('label', {}, label, input);
}

// A grid container of rows x columns cells; makeCell(r, c) builds each cell.
export function grid(rows, columns, makeCell, className) {
  const node = el('div', { class: `grid ${className}`, role: 'grid' });
  node.style.gridTemplateColumns = `repeat(${columns}, var(--cell))`;
  if (rows > 10 || columns > 10) node.classList.add('small');
  for (let r = 0; r < rows; ++r)
    for (let c = 0; c < columns; ++c) {
      const cell = makeCell(r, c);
      cell.dataset.r = String(r);
      cell.dataset.c = String(c);
      node.append(cell);
    }
  return node;
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
