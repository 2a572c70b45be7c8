// boardsearch web app: one tab per puzzle the server lists (GET /api/puzzles),
// in the server's order. A puzzle describes itself there (title, description,
// judge problems, option schema); its web module puzzles/<name>.js knows its
// text format and its boards. Each view has a board editor kept in sync with
// the judge-input text box (both ways), the options the schema declares, a
// Solve button, and a stepper through the optimal line. A listed puzzle
// without a module gets a plain tab saying so.

import { el, postJson } from './common.js';

// Delay between steps while "Play" runs through the line.
const PLAY_INTERVAL_MS = 700;
// Height of the judge-input box in lines.
const MIN_INPUT_ROWS = 4;
const MAX_INPUT_ROWS = 18;
// Puzzle names the page turns into a module path and element ids; any other
// name gets the placeholder tab without a request.
const MODULE_NAME = /^[A-Za-z0-9_-]+$/;
// A decimal integer as an option input may hold it.
const DECIMAL = /^[+-]?\d+$/;

// Parses JSON keeping integers beyond 2^53 exact (as BigInt): an option's
// range may reach 2^63 - 1, which a double would round to 2^63. Needs the
// reviver's source text (Chromium 114+); without it such numbers stay doubles.
function parseJsonExact(text) {
  return JSON.parse(text, (key, value, context) => {
    if (typeof value !== 'number' || Number.isSafeInteger(value) || !DECIMAL.test(context?.source ?? '')) return value;
    return BigInt(context.source);
  });
}

// The tab label: the title up to its first ": " ("Vanishing footholds" of
// "Vanishing footholds: two players on ..."); the whole title heads the view.
function shortTitle(title) {
  const colon = title.indexOf(': ');
  return colon > 0 ? title.slice(0, colon) : title;
}

// "Moves K" from {name: "moves", value_name: "K"}, unless the module has a
// nicer label for the option.
function optionLabel(spec, module) {
  const custom = module?.optionLabels?.[spec.name];
  if (custom) return custom;
  const name = spec.name.charAt(0).toUpperCase() + spec.name.slice(1).replaceAll('_', ' ');
  return spec.kind === 'integer' && spec.value_name ? `${name} ${spec.value_name}` : name;
}

// The heading of a view: the full title, the description, the judge problems
// (their own titles, e.g. "Baekjoon 12100 2048 (Easy)"). `applySettings`
// (optional) turns a judge with settings into a button that sets them.
function viewHeading(description, applySettings) {
  const judges = description.judges ?? [];
  const judgeNodes = judges.map((judge) => {
    const label = `${judge.id} ${judge.title}`;
    if (!judge.settings || !applySettings) return el('span', { class: 'judge', 'data-role': 'judge' }, label);
    const button = el('button', { type: 'button', class: 'judge', 'data-role': 'judge', title: `set the options as this judge has them: ${judge.settings}` },
      label, el('code', {}, judge.settings));
    button.addEventListener('click', () => applySettings(judge.settings));
    return button;
  });
  return el('header', { class: 'view-heading' },
    el('h2', { class: 'view-title', 'data-role': 'title' }, description.title),
    el('p', { class: 'intro', 'data-role': 'intro' }, description.description),
    judgeNodes.length === 0 ? null
      : el('p', { class: 'judges', 'data-role': 'judges' },
        el('span', {}, judges.length === 1 ? 'Judge problem:' : 'Judge problems:'), ...judgeNodes));
}

// One input per option of the schema, by kind. Returns the nodes to show,
// read() -> the "options" object for /api/solve (throws Error with a
// readable message when a value does not fit its spec; nothing is clamped),
// and apply(settings) for a judge's settings.
function optionFields(schema, module) {
  const readers = [];
  const setters = new Map();
  const row = el('div', { class: 'controls options', 'data-role': 'options' });
  const details = [];
  for (const spec of schema) {
    const label = optionLabel(spec, module);
    const help = spec.help || null;
    if (spec.kind === 'integer') {
      const minimum = BigInt(spec.minimum);
      const maximum = BigInt(spec.maximum);
      const range = `${label}: enter a whole number from ${minimum} to ${maximum}`;
      const input = el('input', { type: 'number', step: '1', min: String(minimum), max: String(maximum),
        value: spec.default ?? '', 'data-option': spec.name, title: help });
      row.append(el('label', { 'data-option-kind': 'integer' }, label, input));
      setters.set(spec.name, (text) => { input.value = text; });
      readers.push(() => {
        const text = input.value.trim();
        // A number input reports text it cannot read as empty, with badInput.
        if (input.validity.badInput) throw new Error(range);
        if (text === '') return undefined;  // the puzzle's default
        if (!DECIMAL.test(text)) throw new Error(range);
        const value = BigInt(text);
        if (value < minimum || value > maximum) throw new Error(`${range} (${text} is out of range)`);
        // Beyond 2^53 a double would round: send the digits themselves.
        if (Number.isSafeInteger(Number(value))) return Number(value);
        return typeof JSON.rawJSON === 'function' ? JSON.rawJSON(value.toString()) : Number(value);
      });
    } else if (spec.kind === 'choice') {
      const select = el('select', { 'data-option': spec.name, title: help },
        spec.default === undefined ? el('option', { value: '' }, '(default)') : null,
        ...(spec.choices ?? []).map((choice) => el('option', { value: choice, selected: choice === spec.default }, choice)));
      row.append(el('label', { 'data-option-kind': 'choice' }, label, select));
      setters.set(spec.name, (text) => { select.value = text; });
      readers.push(() => (select.value === '' ? undefined : select.value));
    } else if (spec.kind === 'flag') {
      const box = el('input', { type: 'checkbox', 'data-option': spec.name, title: help });
      row.append(el('label', { 'data-option-kind': 'flag' }, box, label));
      setters.set(spec.name, () => { box.checked = true; });
      readers.push(() => (box.checked ? true : undefined));
    } else if (spec.kind === 'document') {
      // A document (a JSON text the CLI reads from a file): folded away, as
      // most solves use the puzzle's own.
      const area = el('textarea', { 'data-option': spec.name, rows: '6', spellcheck: 'false',
        placeholder: 'empty: the puzzle\'s default', 'aria-label': label });
      details.push(el('details', { class: 'option-document', 'data-option-kind': 'document' },
        el('summary', {}, label), help ? el('p', { class: 'hint' }, help) : null, area));
      readers.push(() => (area.value.trim() === '' ? undefined : area.value));
    } else {
      // "text", and any kind this page does not know yet: the value as typed.
      const input = el('input', { type: 'text', 'data-option': spec.name, title: help, value: spec.default ?? '' });
      row.append(el('label', { 'data-option-kind': spec.kind }, label, input));
      setters.set(spec.name, (text) => { input.value = text; });
      readers.push(() => (input.value === '' ? undefined : input.value));
    }
  }
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
    // A judge's settings as the CLI takes them ("--moves 10"); false when
    // they name an option this form cannot set.
    apply(settings) {
      const words = settings.trim().split(/\s+/);
      const changes = [];
      for (let i = 0; i < words.length; ++i) {
        const spec = schema.find((s) => `--${s.name}` === words[i]);
        if (!spec || !setters.has(spec.name)) return false;
        if (spec.kind === 'flag') changes.push([spec.name, '']);
        else if (i + 1 < words.length) changes.push([spec.name, words[++i]]);
        else return false;
      }
      for (const [name, text] of changes) setters.get(name)(text);
      return true;
    },
  };
}

// Builds the view of a puzzle that has a module and returns its root element.
function createView(description, puzzle) {
  const name = description.name;
  const state = { model: puzzle.parse(puzzle.sample), response: null, step: 0, timer: null };

  // 1. Left card: editor, judge input, options, Solve.
  const editorHost = el('div', { class: 'editor-host' });
  const input = el('textarea', { 'data-role': 'input', spellcheck: 'false', 'aria-label': 'judge input' });
  const syncNote = el('div', { class: 'sync-note', 'data-role': 'sync-note' });
  const errorBox = el('div', { class: 'error', 'data-role': 'error', hidden: '', role: 'alert' });
  const options = optionFields(description.options ?? [], puzzle);
  const solveButton = el('button', { class: 'primary', 'data-role': 'solve' }, 'Solve');
  const sampleButton = el('button', { class: 'secondary', 'data-role': 'sample' }, 'Load sample');

  // 2. Right card: answer, statistics, board of the current step, stepper.
  const answer = el('div', { class: 'answer', 'data-role': 'answer' });
  const stats = el('div', { class: 'stats', 'data-role': 'stats' });
  const stepBoard = el('div', { class: 'step-board', 'data-role': 'step-board' });
  const stepText = el('div', { class: 'step-text', 'data-role': 'step-text' });
  const stepLabel = el('span', { class: 'step-label', 'data-role': 'step-label' });
  const firstButton = el('button', { class: 'secondary', 'data-role': 'first', title: 'back to the start' }, '« Start');
  const prevButton = el('button', { class: 'secondary', 'data-role': 'prev' }, '◀ Previous');
  const playButton = el('button', { class: 'secondary', 'data-role': 'play' }, '▶ Play');
  const nextButton = el('button', { class: 'secondary', 'data-role': 'next' }, 'Next ▶');
  const explanation = el('pre', { 'data-role': 'explanation' });
  const resultBody = el('div', { hidden: '' },
    el('div', { class: 'answer-row' }, el('span', { class: 'answer-label' }, 'Answer'), answer, stats),
    stepBoard, stepText,
    el('div', { class: 'stepper' }, firstButton, prevButton, stepLabel, nextButton, playButton),
    el('details', { class: 'explanation' }, el('summary', {}, 'Full explanation (as the CLI prints with --explain)'), explanation));
  const resultEmpty = el('div', { class: 'result-empty', 'data-role': 'result-empty' },
    'Press Solve to see the optimal answer and step through the play.');

  // What a module's extra cards may need from the description.
  const context = { name, play: description.play === true, playUrl: `/api/${name}/play` };
  const view = el('section', { class: 'view', id: `view-${name}`, 'data-puzzle': name, role: 'tabpanel', hidden: '' },
    viewHeading(description, (settings) => {
      if (!options.apply(settings)) showError(`This page cannot set the judge's settings ${settings}`);
    }),
    el('div', { class: 'columns' },
      el('div', {},
        el('div', { class: 'card' },
          el('h2', {}, 'Set up the puzzle'),
          editorHost,
          el('label', { class: 'input-label' }, 'Judge input', input),
          syncNote,
          ...options.nodes,
          el('div', { class: 'actions' }, solveButton, sampleButton),
          errorBox),
        ...(puzzle.extraCards ? puzzle.extraCards(() => state.model, context) : [])),
      el('div', { class: 'card' }, el('h2', {}, 'Optimal play'), resultEmpty, resultBody)));

  // Editor -> text box.
  // `keepEditor`: the edit came from a control that is still focused (a
  // tile being typed), so the editor is left as it is.
  function setModel(model, { fromText = false, keepEditor = false } = {}) {
    state.model = model;
    if (!fromText) {
      input.value = puzzle.format(model);
      fitRows();
      syncNote.textContent = '';
      syncNote.classList.remove('warn');
    }
    if (!keepEditor) puzzle.renderEditor(editorHost, model, (next, how) => setModel(next, how));
  }

  // The text box grows with its text, up to a point, so a board is seen whole.
  function fitRows() {
    input.rows = Math.max(MIN_INPUT_ROWS, Math.min(MAX_INPUT_ROWS, input.value.split('\n').length + 1));
  }

  // Text box -> editor. Text the editor cannot show leaves the editor as it
  // was and says why; the server has the final word on Solve.
  input.addEventListener('input', () => {
    fitRows();
    try {
      setModel(puzzle.parse(input.value), { fromText: true });
      syncNote.textContent = 'Board updated from the text.';
      syncNote.classList.remove('warn');
    } catch (error) {
      syncNote.textContent = `The board shows the last readable input: ${error.message}`;
      syncNote.classList.add('warn');
    }
  });

  function stopPlaying() {
    if (state.timer !== null) clearInterval(state.timer);
    state.timer = null;
    playButton.textContent = '▶ Play';
  }

  function showStep(index) {
    const line = state.response.line;
    if (line.length === 0) {
      stepBoard.replaceChildren();
      stepText.textContent = 'The solver returned no line to show.';
      stepLabel.textContent = '';
      firstButton.disabled = prevButton.disabled = nextButton.disabled = playButton.disabled = true;
      return;
    }
    playButton.disabled = line.length < 2;
    state.step = Math.max(0, Math.min(index, line.length - 1));
    const step = line[state.step];
    puzzle.renderStep(stepBoard, step, state.response, state.step);
    stepText.textContent = step.text;
    stepLabel.textContent = `step ${state.step} of ${line.length - 1}`;
    firstButton.disabled = prevButton.disabled = state.step === 0;
    nextButton.disabled = state.step === line.length - 1;
  }

  function showError(message) {
    errorBox.textContent = message;
    errorBox.hidden = false;
  }

  // An old answer next to a new error would read as the answer to it.
  function clearResult() {
    state.response = null;
    resultBody.hidden = true;
    resultEmpty.hidden = false;
  }

  async function solve() {
    stopPlaying();
    errorBox.hidden = true;
    let chosen;
    try {
      chosen = options.read();
    } catch (error) {
      showError(error.message);
      clearResult();
      return;
    }
    solveButton.disabled = true;
    solveButton.textContent = 'Solving…';
    try {
      const { status, body } = await postJson('/api/solve', { puzzle: name, input: input.value, options: chosen });
      if (status !== 200) {
        const prefix = status === 422 ? 'Search stopped: ' : status === 400 ? 'Bad input: ' : `Error ${status}: `;
        showError(prefix + (body.error || 'unknown error'));
        clearResult();
        return;
      }
      state.response = body;
      answer.textContent = body.answer.trimEnd();
      stats.textContent = `${body.stats.nodes.toLocaleString('en-US')} nodes · ${body.stats.ms.toFixed(1)} ms`;
      explanation.textContent = body.explanation;
      resultEmpty.hidden = true;
      resultBody.hidden = false;
      showStep(0);
    } catch (error) {
      showError(`Could not reach the server: ${error.message}`);
    } finally {
      solveButton.disabled = false;
      solveButton.textContent = 'Solve';
    }
  }

  solveButton.addEventListener('click', solve);
  sampleButton.addEventListener('click', () => setModel(puzzle.parse(puzzle.sample)));
  firstButton.addEventListener('click', () => { stopPlaying(); showStep(0); });
  prevButton.addEventListener('click', () => { stopPlaying(); showStep(state.step - 1); });
  nextButton.addEventListener('click', () => { stopPlaying(); showStep(state.step + 1); });
  playButton.addEventListener('click', () => {
    if (state.timer !== null) { stopPlaying(); return; }
    const last = state.response.line.length - 1;
    if (state.step >= last) showStep(0);
    playButton.textContent = '⏸ Pause';
    state.timer = setInterval(() => {
      if (state.step >= last) { stopPlaying(); return; }
      showStep(state.step + 1);
      if (state.step >= last) stopPlaying();
    }, PLAY_INTERVAL_MS);
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) solve();
  });

  setModel(state.model);
  return view;
}

// The tab of a listed puzzle this page has no module for: what the server
// says about it, and that the command line solves it.
function createPlaceholderView(description) {
  const name = description.name;
  return el('section', { class: 'view', id: `view-${name}`, 'data-puzzle': name, role: 'tabpanel', hidden: '' },
    viewHeading(description, null),
    el('div', { class: 'card placeholder', 'data-role': 'no-editor' },
      el('h2', {}, 'No editor yet'),
      el('p', {}, 'This page has no editor for this puzzle yet. The command line solves it: ',
        el('code', {}, `boardsearch ${name} FILE`), '.')));
}

// The module puzzles/<name>.js of a listed puzzle, or null when there is
// none (or it does not load: the reason goes to the console).
async function loadModule(name) {
  if (!MODULE_NAME.test(name)) return null;
  try {
    const module = (await import(`./puzzles/${name}.js`)).default;
    if (module?.name !== name) throw new Error(`puzzles/${name}.js exports the module of "${module?.name}"`);
    return module;
  } catch (error) {
    console.warn(`boardsearch: no web module for puzzle "${name}": ${error.message}`);
    return null;
  }
}

// The puzzle list from the server, with integer ranges kept exact.
async function fetchPuzzles() {
  const response = await fetch('/api/puzzles');
  const text = await response.text();
  let body;
  try {
    body = parseJsonExact(text);
  } catch {
    throw new Error(`status ${response.status}, not JSON: ${text.slice(0, 200)}`);
  }
  if (!response.ok) throw new Error(body.error || `status ${response.status}`);
  if (!Array.isArray(body.puzzles)) throw new Error('the reply has no "puzzles" list');
  return body.puzzles;
}

// Tabs: one per listed puzzle, in the server's order; the URL hash
// remembers the open one.
async function main() {
  const tabs = document.getElementById('tabs');
  const views = document.getElementById('views');
  views.replaceChildren(el('p', { class: 'loading', 'data-role': 'loading' }, 'Loading the puzzles…'));
  let descriptions;
  try {
    descriptions = await fetchPuzzles();
  } catch (error) {
    views.replaceChildren(el('div', { class: 'error', role: 'alert', 'data-role': 'load-error' },
      `Could not load the puzzle list from the server: ${error.message}`));
    return;
  }
  if (descriptions.length === 0) {
    views.replaceChildren(el('p', { class: 'loading' }, 'The server lists no puzzles.'));
    return;
  }
  const modules = await Promise.all(descriptions.map((description) => loadModule(description.name)));
  const buttons = [];
  const panels = [];
  views.replaceChildren();
  descriptions.forEach((description, index) => {
    let view = null;
    if (modules[index]) {
      try {
        view = createView(description, modules[index]);
      } catch (error) {
        console.warn(`boardsearch: the module of puzzle "${description.name}" failed: ${error.message}`);
      }
    }
    view ??= createPlaceholderView(description);
    const button = el('button', { class: 'tab', role: 'tab', 'data-tab': description.name, 'aria-controls': view.id,
      title: description.title }, shortTitle(description.title));
    button.addEventListener('click', () => select(description.name));
    buttons.push(button);
    panels.push(view);
    tabs.append(button);
    views.append(view);
  });
  function select(name) {
    if (!descriptions.some((d) => d.name === name)) name = descriptions[0].name;
    buttons.forEach((b) => b.setAttribute('aria-selected', String(b.dataset.tab === name)));
    panels.forEach((p) => { p.hidden = p.dataset.puzzle !== name; });
    if (location.hash !== `#${name}`) history.replaceState(null, '', `#${name}`);
  }
  window.addEventListener('hashchange', () => select(location.hash.slice(1)));
  select(location.hash.slice(1));
}

main();
