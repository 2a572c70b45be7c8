// The option inputs of a view, one per option of the puzzle's schema (GET
// /api/puzzles), read into the "options" object of a solve request.

import { el } from './common.js';
import { t, has } from './i18n.js';

// A decimal integer as an option input may hold it.
const DECIMAL = /^[+-]?\d+$/;

// "Moves K" from {name: "moves", value_name: "K"}, unless the module has a
// label for the option ("<puzzle>.option.<name>" in its messages).
function optionLabel(spec, puzzleName) {
  const key = `${puzzleName}.option.${spec.name}`;
  if (has(key)) return t(key);
  const name = spec.name.charAt(0).toUpperCase() + spec.name.slice(1).replaceAll('_', ' ');
  return spec.kind === 'integer' && spec.value_name ? `${name} ${spec.value_name}` : name;
}

// The help of an option: the module's translation when there is one.
function optionHelp(spec, puzzleName) {
  const key = `${puzzleName}.option.${spec.name}.help`;
  return has(key) ? t(key) : spec.help || null;
}

// One input per option of the schema, by kind. Returns the nodes to show,
// read() -> the "options" object for /api/solve (throws Error with a
// readable message when a value does not fit its spec; nothing is clamped),
// texts() / setTexts() for the address and redraws, apply(settings) for a
// judge's settings, and calls onChange() on every edit.
export function optionFields(schema, puzzleName, onChange) {
  const readers = [];
  const fields = new Map();  // name -> {get() -> text, set(text), standard: text of the default}
  const row = el('div', { class: 'controls options', 'data-role': 'options' });
  const details = [];
  for (const spec of schema) {
    const label = optionLabel(spec, puzzleName);
    const help = optionHelp(spec, puzzleName);
    if (spec.kind === 'integer') {
      const minimum = BigInt(spec.minimum);
      const maximum = BigInt(spec.maximum);
      const range = t('app.optionRange', { label, minimum, maximum });
      const input = el('input', { type: 'number', step: '1', min: String(minimum), max: String(maximum),
        value: spec.default ?? '', 'data-option': spec.name, title: help });
      row.append(el('label', { 'data-option-kind': 'integer' }, label, input));
      fields.set(spec.name, { get: () => input.value, set: (text) => { input.value = text; }, standard: spec.default ?? '' });
      readers.push(() => {
        const text = input.value.trim();
        // A number input reports text it cannot read as empty, with badInput.
        if (input.validity.badInput) throw new Error(range);
        if (text === '') return undefined;  // the puzzle's default
        if (!DECIMAL.test(text)) throw new Error(range);
        const value = BigInt(text);
        if (value < minimum || value > maximum) throw new Error(`${range} (${t('app.optionOutOfRange', { text })})`);
        // The default itself is not sent: the puzzle applies it anyway, and
        // an option that only goes with another (yut's --turns with
        // --expected) must not appear unasked.
        if (spec.default !== undefined && DECIMAL.test(spec.default) && value === BigInt(spec.default)) return undefined;
        // Beyond 2^53 a double would round: send the digits themselves.
        if (Number.isSafeInteger(Number(value))) return Number(value);
        return typeof JSON.rawJSON === 'function' ? JSON.rawJSON(value.toString()) : Number(value);
      });
    } else if (spec.kind === 'choice') {
      const select = el('select', { 'data-option': spec.name, title: help },
        spec.default === undefined ? el('option', { value: '' }, t('app.optionDefault')) : null,
        ...(spec.choices ?? []).map((choice) => el('option', { value: choice, selected: choice === spec.default }, choice)));
      row.append(el('label', { 'data-option-kind': 'choice' }, label, select));
      fields.set(spec.name, { get: () => select.value, set: (text) => { select.value = text; }, standard: spec.default ?? '' });
      readers.push(() => (select.value === '' || select.value === spec.default ? undefined : select.value));
    } else if (spec.kind === 'flag') {
      const box = el('input', { type: 'checkbox', 'data-option': spec.name, title: help });
      row.append(el('label', { 'data-option-kind': 'flag' }, box, label));
      fields.set(spec.name, { get: () => (box.checked ? 'true' : ''), set: (text) => { box.checked = text !== '' && text !== 'false'; }, standard: '' });
      readers.push(() => (box.checked ? true : undefined));
    } else if (spec.kind === 'document') {
      // A document (a JSON text the CLI reads from a file): folded away, as
      // most solves use the puzzle's own.
      const area = el('textarea', { 'data-option': spec.name, rows: '6', spellcheck: 'false',
        placeholder: t('app.documentPlaceholder'), 'aria-label': label });
      const fold = el('details', { class: 'option-document', 'data-option-kind': 'document' },
        el('summary', {}, label), help ? el('p', { class: 'hint' }, help) : null, area);
      details.push(fold);
      fields.set(spec.name, { get: () => area.value, set: (text) => { area.value = text; if (text) fold.open = true; }, standard: '' });
      readers.push(() => (area.value.trim() === '' ? undefined : area.value));
    } else {
      // "text", and any kind this page does not know yet: the value as typed.
      const input = el('input', { type: 'text', 'data-option': spec.name, title: help, value: spec.default ?? '' });
      row.append(el('label', { 'data-option-kind': spec.kind }, label, input));
      fields.set(spec.name, { get: () => input.value, set: (text) => { input.value = text; }, standard: spec.default ?? '' });
      readers.push(() => (input.value === '' || input.value === spec.default ? undefined : input.value));
    }
  }
  row.addEventListener('input', onChange);
  row.addEventListener('change', onChange);
  for (const fold of details) fold.addEventListener('input', onChange);
  const names = schema.map((spec) => spec.name);
  return {
    nodes: [row.childElementCount > 0 ? row : null, ...details],
    read() {
      const options = {};
      readers.forEach((read, index) => {
        const value = read();
        if (value !== undefined) options[names[index]] = value;
      });
      return options;
    },
    // The options that differ from their defaults, as typed: name -> text.
    texts() {
      const texts = {};
      for (const [name, field] of fields) if (field.get() !== field.standard) texts[name] = field.get();
      return texts;
    },
    // Sets the fields named in `texts`; unknown names are ignored.
    setTexts(texts) {
      for (const [name, text] of Object.entries(texts)) fields.get(name)?.set(text);
    },
    // A judge's settings as the CLI takes them ("--moves 10"); false when
    // they name an option this form cannot set.
    apply(settings) {
      const words = settings.trim().split(/\s+/);
      const changes = [];
      for (let i = 0; i < words.length; ++i) {
        const spec = schema.find((s) => `--${s.name}` === words[i]);
        if (!spec || !fields.has(spec.name)) return false;
        if (spec.kind === 'flag') changes.push([spec.name, 'true']);
        else if (i + 1 < words.length) changes.push([spec.name, words[++i]]);
        else return false;
      }
      for (const [name, text] of changes) fields.get(name).set(text);
      onChange();
      return true;
    },
  };
}
