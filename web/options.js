// The option inputs of a view, one per option of the puzzle's schema (GET
// /api/puzzles), read into the "options" object of a solve request.
//
// A puzzle module may arrange them in its own terms (`optionLayout`):
//   mode:     {option, choices: [{value, label}]}: a flag shown as named
//             choices (yut: "dice known / not known") instead of a check box;
//   shown:    {<mode value>: [option names]}: the options that mean something
//             in each mode (the others are hidden and not sent);
//   advanced: [option names]: folded away under "Advanced settings".
// Every option with help has a "?" button that shows the help (a tap works
// where hovering for the tooltip does not).

import { el, segmented } from './common.js';
import { t, has } from './i18n.js';

// A decimal integer as an option input may hold it.
const DECIMAL = /^[+-]?\d+$/;
// Upper bounds from here on are the type's, not the puzzle's: the range is
// said as "N or more" rather than with a 19-digit maximum.
const UNBOUNDED = 2n ** 31n - 1n;

// "Moves K" from {name: "moves", value_name: "K"}, unless the module has a
// label for the option ("<puzzle>.option.<name>" in its messages).
function optionLabel(spec, puzzleName) {
  const key = `${puzzleName}.option.${spec.name}`;
  if (has(key)) return t(key);
  const name = spec.name.charAt(0).toUpperCase() + spec.name.slice(1).replaceAll('_', ' ');
  return spec.kind === 'integer' && spec.value_name ? `${name} ${spec.value_name}` : name;
}

// The help of an option: the module's text when it has one, else the
// server's.
function optionHelp(spec, puzzleName) {
  const key = `${puzzleName}.option.${spec.name}.help`;
  return has(key) ? t(key) : spec.help || null;
}

// The range of an integer option as the error says it.
function rangeText(label, minimum, maximum) {
  return maximum >= UNBOUNDED ? t('app.optionAtLeast', { label, minimum }) : t('app.optionRange', { label, minimum, maximum });
}

// A label with its input and, when there is help, a "?" button that shows
// it under the row. Returns [label node, help node or null].
function labelled(kind, name, help, ...children) {
  const label = el('label', { 'data-option-kind': kind, 'data-option-name': name }, ...children);
  if (!help) return [label, null];
  const text = el('span', { class: 'option-help', 'data-role': 'option-help', 'data-help-for': name, hidden: '' }, help);
  const button = el('button', { type: 'button', class: 'help-toggle', 'data-role': 'help-toggle', 'aria-expanded': 'false',
    'aria-label': `${t('app.help')}: ${children.find((c) => typeof c === 'string') ?? name}`, title: help }, '?');
  button.addEventListener('click', (event) => {
    event.preventDefault();  // inside a label: do not toggle its check box
    text.hidden = !text.hidden;
    button.setAttribute('aria-expanded', String(!text.hidden));
  });
  label.append(button);
  return [label, text];
}

// One field per option: {name, nodes, get() -> text, set(text), standard,
// read() -> value to send or undefined}.
function makeField(spec, puzzleName, layout) {
  const label = optionLabel(spec, puzzleName);
  const help = optionHelp(spec, puzzleName);
  const mode = layout.mode?.option === spec.name ? layout.mode : null;
  if (mode) {
    let value = mode.choices.some((c) => c.value === (spec.default ?? '')) ? (spec.default ?? '') : mode.choices[0].value;
    const holder = el('div', { class: 'mode-choice', 'data-option': spec.name, 'data-option-kind': 'mode' });
    const field = { name: spec.name, nodes: [holder], get: () => value, standard: spec.default ?? '' };
    const draw = () => holder.replaceChildren(el('span', { class: 'mode-label' }, mode.label ? mode.label() : label), segmented(mode.choices.map((c) => ({ value: c.value, label: c.label() })), value,
      (picked) => { field.set(picked); holder.dispatchEvent(new Event('change', { bubbles: true })); }, `mode-${spec.name}`));
    field.set = (text) => { value = mode.choices.some((c) => c.value === text) ? text : mode.choices[0].value; draw(); };
    field.read = () => (spec.kind === 'flag' ? (value === 'true' ? true : undefined) : (value === '' || value === spec.default ? undefined : value));
    draw();
    return field;
  }
  if (spec.kind === 'integer') {
    const minimum = BigInt(spec.minimum);
    const maximum = BigInt(spec.maximum);
    const range = rangeText(label, minimum, maximum);
    const input = el('input', { type: 'number', step: '1', min: String(minimum), max: String(maximum),
      value: spec.default ?? '', 'data-option': spec.name, title: help });
    return { name: spec.name, nodes: labelled('integer', spec.name, help, label, input), get: () => input.value,
      set: (text) => { input.value = text; }, standard: spec.default ?? '',
      read() {
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
      } };
  }
  if (spec.kind === 'choice') {
    const select = el('select', { 'data-option': spec.name, title: help },
      spec.default === undefined ? el('option', { value: '' }, t('app.optionDefault')) : null,
      ...(spec.choices ?? []).map((choice) => el('option', { value: choice, selected: choice === spec.default },
        has(`${puzzleName}.choice.${spec.name}.${choice}`) ? t(`${puzzleName}.choice.${spec.name}.${choice}`) : choice)));
    return { name: spec.name, nodes: labelled('choice', spec.name, help, label, select), get: () => select.value,
      set: (text) => { select.value = text; }, standard: spec.default ?? '',
      read: () => (select.value === '' || select.value === spec.default ? undefined : select.value) };
  }
  if (spec.kind === 'flag') {
    const box = el('input', { type: 'checkbox', 'data-option': spec.name, title: help });
    return { name: spec.name, nodes: labelled('flag', spec.name, help, box, label), get: () => (box.checked ? 'true' : ''),
      set: (text) => { box.checked = text !== '' && text !== 'false'; }, standard: '', read: () => (box.checked ? true : undefined) };
  }
  if (spec.kind === 'document') {
    // A document (a JSON text the CLI reads from a file): folded away, as
    // most solves use the puzzle's own.
    const area = el('textarea', { 'data-option': spec.name, rows: '6', spellcheck: 'false',
      placeholder: t('app.documentPlaceholder'), 'aria-label': label });
    const fold = el('details', { class: 'option-document', 'data-option-kind': 'document', 'data-option-name': spec.name },
      el('summary', {}, label), help ? el('p', { class: 'hint' }, help) : null, area);
    return { name: spec.name, nodes: [fold], document: true, get: () => area.value,
      set: (text) => { area.value = text; if (text) fold.open = true; }, standard: '',
      read: () => (area.value.trim() === '' ? undefined : area.value) };
  }
  // "text", and any kind this page does not know yet: the value as typed.
  const input = el('input', { type: 'text', 'data-option': spec.name, title: help, value: spec.default ?? '' });
  return { name: spec.name, nodes: labelled(spec.kind, spec.name, help, label, input), get: () => input.value,
    set: (text) => { input.value = text; }, standard: spec.default ?? '',
    read: () => (input.value === '' || input.value === spec.default ? undefined : input.value) };
}

// One input per option of the schema, by kind, arranged by the module's
// `layout` (see above). Returns the nodes to show, read() -> the "options"
// object for /api/solve (throws Error with a readable message when a value
// does not fit its spec; nothing is clamped), texts() / setTexts() for the
// address and redraws, apply(settings) for a judge's settings, and calls
// onChange() on every edit.
export function optionFields(schema, puzzleName, onChange, layout = {}) {
  const fields = schema.map((spec) => makeField(spec, puzzleName, layout));
  const byName = new Map(fields.map((field) => [field.name, field]));
  const advancedNames = new Set(layout.advanced ?? []);
  const modeField = layout.mode ? byName.get(layout.mode.option) : null;
  const row = el('div', { class: 'controls options', 'data-role': 'options' });
  const advancedRow = el('div', { class: 'controls options' });
  const documents = [];
  const advancedDocuments = [];
  for (const field of fields) {
    if (field === modeField) continue;
    const advanced = advancedNames.has(field.name);
    if (field.document) (advanced ? advancedDocuments : documents).push(...field.nodes);
    else (advanced ? advancedRow : row).append(...field.nodes.filter(Boolean));
  }
  const advanced = advancedRow.childElementCount + advancedDocuments.length === 0 ? null
    : el('details', { class: 'advanced', 'data-role': 'advanced' }, el('summary', {}, t('app.advanced')),
      advancedRow.childElementCount > 0 ? advancedRow : null, ...advancedDocuments);
  const modeRow = modeField ? el('div', { class: 'controls options mode-row' }, ...modeField.nodes) : null;

  // Whether an option means something in the current mode.
  const inMode = (name) => !layout.shown || !modeField || (layout.shown[modeField.get()] ?? []).includes(name) || name === modeField.name;
  function showMode() {
    for (const field of fields) {
      const [main, help] = field.nodes;
      main.hidden = !inMode(field.name);
      // The help stays as the person left it, and goes with its option.
      if (help && main.hidden) {
        help.hidden = true;
        main.querySelector('[data-role=help-toggle]')?.setAttribute('aria-expanded', 'false');
      }
    }
    if (advanced) advanced.hidden = [...advancedNames].every((name) => !byName.has(name) || !inMode(name));
  }
  showMode();

  const changed = () => { showMode(); onChange(); };
  for (const host of [modeRow, row, advanced, ...documents]) {
    if (!host) continue;
    host.addEventListener('input', changed);
    host.addEventListener('change', changed);
  }
  return {
    nodes: [modeRow, row.childElementCount > 0 ? row : null, ...documents, advanced],
    read() {
      const options = {};
      for (const field of fields) {
        if (!inMode(field.name)) continue;
        const value = field.read();
        if (value !== undefined) options[field.name] = value;
      }
      return options;
    },
    // The options that differ from their defaults, as typed: name -> text.
    texts() {
      const texts = {};
      for (const field of fields) if (field.get() !== field.standard) texts[field.name] = field.get();
      return texts;
    },
    // Sets the fields named in `texts`; unknown names are ignored.
    setTexts(texts) {
      for (const [name, text] of Object.entries(texts)) byName.get(name)?.set(text);
      for (const name of Object.keys(texts)) if (advancedNames.has(name) && advanced) advanced.open = true;
      showMode();
    },
    // A judge's settings as the CLI takes them ("--moves 10"); false when
    // they name an option this form cannot set.
    apply(settings) {
      const words = settings.trim().split(/\s+/);
      const changes = [];
      for (let i = 0; i < words.length; ++i) {
        const spec = schema.find((s) => `--${s.name}` === words[i]);
        if (!spec || !byName.has(spec.name)) return false;
        if (spec.kind === 'flag') changes.push([spec.name, 'true']);
        else if (i + 1 < words.length) changes.push([spec.name, words[++i]]);
        else return false;
      }
      for (const [name, text] of changes) byName.get(name).set(text);
      changed();
      return true;
    },
  };
}
