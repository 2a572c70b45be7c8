// boardsearch web app: one tab per puzzle the server lists (GET /api/puzzles),
// in the server's order. A puzzle describes itself there (title, description,
// judge problems, option schema); its web module puzzles/<name>.js knows its
// text format and its boards. Each view has a board editor kept in sync with
// the judge-input text box (both ways), the options the schema declares, a
// Solve button with live progress and Cancel, and a stepper through the
// optimal line. A listed puzzle without a module gets a plain tab saying so.
//
// The address holds the open tab, its input and its options
// (#2048?input=...&moves=10), so a link reopens the same puzzle. The page
// speaks English and Korean (i18n.js); switching redraws every view from a
// snapshot of its state.

import { el, requestJson, parseJsonExact, copyText } from './common.js';
import { t, has, language, setLanguage, LANGUAGES, formatCount } from './i18n.js';

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
// Polls of a running solve (GET /api/jobs/<id>): quickly at first, so that a
// small solve answers in a few milliseconds, then every POLL_INTERVAL_MS.
const FIRST_POLLS_MS = [0, 10, 30, 60, 100];
const POLL_INTERVAL_MS = 200;
// Progress (nodes, time, what is known) shows once a solve has run this long,
// so that quick solves do not flash it.
const PROGRESS_DELAY_MS = 300;
// Longest link the page writes: beyond it the input stays out of the address
// (browsers and chat programs cut long URLs) and "Copy link" says so.
const MAX_LINK_INPUT = 16000;
// The address follows edits once they pause this long.
const HASH_DELAY_MS = 250;
// The hash parameter that holds the judge input; options use their names.
const INPUT_PARAMETER = 'input';

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

// The open tab and its state from the address: {name, input, options}
// (input null when absent; options: option name -> text).
function readHash() {
  const hash = decodeURIComponent(location.hash.slice(1).split('?')[0]);
  const query = location.hash.includes('?') ? location.hash.slice(location.hash.indexOf('?') + 1) : '';
  const parameters = new URLSearchParams(query);
  const options = {};
  for (const [key, value] of parameters) if (key !== INPUT_PARAMETER) options[key] = value;
  return { name: hash, input: parameters.get(INPUT_PARAMETER), options };
}

// The address of a tab with its input and options; the input is left out
// beyond MAX_LINK_INPUT characters (`tooLong` then says how long it was).
function hashOf(name, input, options) {
  const parameters = new URLSearchParams();
  let tooLong = 0;
  if (input !== null) {
    if (input.length <= MAX_LINK_INPUT) parameters.set(INPUT_PARAMETER, input);
    else tooLong = input.length;
  }
  for (const [key, value] of Object.entries(options)) parameters.set(key, value);
  const query = parameters.toString();
  return { hash: `#${encodeURIComponent(name)}${query ? `?${query}` : ''}`, tooLong };
}

// The tab label: the title up to its first ": " ("Vanishing footholds" of
// "Vanishing footholds: two players on ..."); the whole title heads the view.
function shortTitle(title) {
  const colon = title.indexOf(': ');
  return colon > 0 ? title.slice(0, colon) : title;
}

// The puzzle's title in the page's language: Korean pages use the judges'
// Korean title (title_ko) when the server has one.
function localTitle(description) {
  return language() === 'ko' && description.title_ko ? description.title_ko : description.title;
}

// The rules summary: the server's description in English; in Korean the
// module's "<name>.description" when it has one.
function localDescription(description) {
  const key = `${description.name}.description`;
  return language() !== 'en' && has(key) ? t(key) : description.description;
}

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

// The heading of a view: the full title, the description, the judge problems
// (their own titles, e.g. "Baekjoon 12100 2048 (Easy)"). `applySettings`
// (optional) turns a judge with settings into a button that sets them.
function viewHeading(description, applySettings) {
  const judges = description.judges ?? [];
  const judgeNodes = judges.map((judge) => {
    const label = `${t('app.judgeName', { id: judge.id })} ${judge.title}`;
    if (!judge.settings || !applySettings) return el('span', { class: 'judge', 'data-role': 'judge' }, label);
    const button = el('button', { type: 'button', class: 'judge', 'data-role': 'judge', title: t('app.judgeSettings', { settings: judge.settings }) },
      label, el('code', {}, judge.settings));
    button.addEventListener('click', () => applySettings(judge.settings));
    return button;
  });
  return el('header', { class: 'view-heading' },
    el('h2', { class: 'view-title', 'data-role': 'title' }, localTitle(description)),
    el('p', { class: 'intro', 'data-role': 'intro' }, localDescription(description)),
    judgeNodes.length === 0 ? null
      : el('p', { class: 'judges', 'data-role': 'judges' },
        el('span', {}, judges.length === 1 ? t('app.judgeProblem') : t('app.judgeProblems')), ...judgeNodes));
}

// One input per option of the schema, by kind. Returns the nodes to show,
// read() -> the "options" object for /api/solve (throws Error with a
// readable message when a value does not fit its spec; nothing is clamped),
// texts() / setTexts() for the address and redraws, apply(settings) for a
// judge's settings, and calls onChange() on every edit.
function optionFields(schema, puzzleName, onChange) {
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

// The message for a finished solve that has no answer: `status` and `body`
// as /api/solve gives them.
function failureMessage(status, body) {
  const message = body?.error || t('app.unknownError');
  if (status === 400) return t('app.badInput', { message });
  if (status === 422 && /cancel/i.test(message)) return t('app.cancelled', { message });
  if (status === 422) return t('app.stopped', { message });
  if (status === 503) return t('app.busy', { message });
  if (status === 404) return message;
  return t('app.otherError', { status, message });
}

// Builds the view of a puzzle that has a module. `snapshot` (optional) is a
// state to start from: {input, options, response, step, job} (from the
// address, or from the view this one replaces after a language switch).
// `onState(now)` is called when the input or options change (for the
// address; `now`: at once, not after the typing pauses).
// Returns {root, snapshot(), restore(state), dispose()}.
function createView(description, puzzle, snapshot, onState) {
  const name = description.name;
  const state = { model: puzzle.parse(puzzle.sample), response: null, solved: null, step: 0, timer: null, job: null, disposed: false,
    lastText: null };  // the text the editor last followed

  // 1. Left card: editor, judge input, options, Solve.
  const editorHost = el('div', { class: 'editor-host' });
  const input = el('textarea', { 'data-role': 'input', spellcheck: 'false', wrap: 'off', 'aria-label': t('app.judgeInput') });
  const syncNote = el('div', { class: 'sync-note', 'data-role': 'sync-note' });
  const errorBox = el('div', { class: 'error', 'data-role': 'error', hidden: '', role: 'alert' });
  const options = optionFields(description.options ?? [], name, () => changed());  // (not the event)
  const solveButton = el('button', { class: 'primary', 'data-role': 'solve' }, t('app.solve'));
  const cancelButton = el('button', { class: 'secondary', 'data-role': 'cancel', hidden: '' }, t('app.cancel'));
  const sampleButton = el('button', { class: 'secondary', 'data-role': 'sample' }, t('app.loadSample'));
  const copyInputButton = el('button', { class: 'secondary small', 'data-role': 'copy-input' }, t('app.copyInput'));
  const copyLinkButton = el('button', { class: 'secondary small', 'data-role': 'copy-link' }, t('app.copyLink'));
  const copyNote = el('div', { class: 'copy-note', 'data-role': 'copy-note', 'aria-live': 'polite' });
  const progress = el('div', { class: 'progress', 'data-role': 'progress', hidden: '', 'aria-live': 'polite' });

  // 2. Right card: answer, statistics, board of the current step, stepper.
  const answer = el('div', { class: 'answer', 'data-role': 'answer' });
  const stats = el('div', { class: 'stats', 'data-role': 'stats' });
  const staleNote = el('div', { class: 'stale-note', 'data-role': 'stale', hidden: '' }, t('app.stale'));
  const stepBoard = el('div', { class: 'step-board', 'data-role': 'step-board' });
  const stepText = el('div', { class: 'step-text', 'data-role': 'step-text' });
  const stepLabel = el('span', { class: 'step-label', 'data-role': 'step-label' });
  const firstButton = el('button', { class: 'secondary', 'data-role': 'first', title: t('app.startTitle') }, t('app.start'));
  const prevButton = el('button', { class: 'secondary', 'data-role': 'prev' }, t('app.previous'));
  const playButton = el('button', { class: 'secondary', 'data-role': 'play' }, t('app.play'));
  const nextButton = el('button', { class: 'secondary', 'data-role': 'next' }, t('app.next'));
  const explanation = el('pre', { 'data-role': 'explanation' });
  const serverNote = t('app.serverEnglish') ? el('p', { class: 'hint', 'data-role': 'server-language' }, t('app.serverEnglish')) : null;
  const resultBody = el('div', { hidden: '' },
    el('div', { class: 'answer-row' }, el('span', { class: 'answer-label' }, t('app.answer')), answer, stats),
    staleNote,
    stepBoard, stepText,
    el('div', { class: 'stepper' }, firstButton, prevButton, stepLabel, nextButton, playButton),
    el('details', { class: 'explanation' }, el('summary', {}, t('app.explanation')), explanation),
    serverNote);
  const resultEmpty = el('div', { class: 'result-empty', 'data-role': 'result-empty' }, t('app.resultEmpty'));

  // What a module's extra cards may need from the description.
  const context = { name, play: description.play === true, playUrl: `/api/${name}/play` };
  const root = el('section', { class: 'view', id: `view-${name}`, 'data-puzzle': name, role: 'tabpanel', hidden: '' },
    viewHeading(description, (settings) => {
      if (!options.apply(settings)) showError(t('app.cannotSetJudge', { settings }));
    }),
    el('div', { class: 'columns' },
      el('div', { class: 'column' },
        el('div', { class: 'card' },
          el('h2', {}, t('app.setUp')),
          editorHost,
          el('label', { class: 'input-label' }, t('app.judgeInput'), input),
          syncNote,
          ...options.nodes,
          el('div', { class: 'actions' }, solveButton, cancelButton, sampleButton),
          el('div', { class: 'actions share' }, copyInputButton, copyLinkButton),
          copyNote,
          progress,
          errorBox),
        ...(puzzle.extraCards ? puzzle.extraCards(() => state.model, context) : [])),
      el('div', { class: 'column' },
        el('div', { class: 'card' }, el('h2', {}, t('app.optimalPlay')), resultEmpty, resultBody))));

  // Editor -> text box.
  // `keepEditor`: the edit came from a control that is still focused (a
  // tile being typed), so the editor is left as it is.
  function setModel(model, { fromText = false, keepEditor = false } = {}) {
    state.model = model;
    if (!fromText) {
      input.value = puzzle.format(model);
      state.lastText = input.value;
      fitRows();
      syncNote.textContent = '';
      syncNote.classList.remove('warn');
      changed();
    }
    if (!keepEditor) puzzle.renderEditor(editorHost, model, (next, how) => setModel(next, how));
  }

  // The text box grows with its text, up to a point, so a board is seen whole.
  function fitRows() {
    input.rows = Math.max(MIN_INPUT_ROWS, Math.min(MAX_INPUT_ROWS, input.value.split('\n').length + 1));
  }

  // Text box -> editor. Text the editor cannot show leaves the editor as it
  // was and says why; the server has the final word on Solve.
  function readText() {
    // The same text again (a browser may report one paste as several input
    // events): nothing to redraw; a 128 x 128 board takes a while.
    if (input.value === state.lastText) return;
    state.lastText = input.value;
    fitRows();
    let reads = true;
    try {
      setModel(puzzle.parse(input.value), { fromText: true });
      syncNote.textContent = t('app.boardFromText');
      syncNote.classList.remove('warn');
    } catch (error) {
      reads = false;
      syncNote.textContent = t('app.boardKept', { message: error.message });
      syncNote.classList.add('warn');
    }
    changed(reads);
  }
  input.addEventListener('input', readText);

  // After every change of input or options: an old error goes once the
  // input reads and the options fit (the server still has the final word);
  // an answer for other input says so; the address follows.
  // `reads`: whether the input is known to read (true: the caller has just
  // parsed it; undefined: parse it here).
  function changed(reads = undefined) {
    let valid = true;
    try {
      if (reads === false) valid = false;
      else if (reads === undefined) puzzle.parse(input.value);
      options.read();
    } catch {
      valid = false;
    }
    if (valid) errorBox.hidden = true;
    if (state.response) staleNote.hidden = state.solved === requestKey();
    copyNote.textContent = '';
    onState?.();
  }

  // What a solve is asked: the input and the options, as one comparable text.
  function requestKey() {
    return JSON.stringify([input.value, options.texts()]);
  }

  function stopPlaying() {
    if (state.timer !== null) clearInterval(state.timer);
    state.timer = null;
    playButton.textContent = t('app.play');
  }

  function showStep(index) {
    const line = state.response.line;
    if (line.length === 0) {
      stepBoard.replaceChildren();
      stepText.textContent = t('app.noLine');
      stepLabel.textContent = '';
      firstButton.disabled = prevButton.disabled = nextButton.disabled = playButton.disabled = true;
      return;
    }
    playButton.disabled = line.length < 2;
    state.step = Math.max(0, Math.min(index, line.length - 1));
    const step = line[state.step];
    puzzle.renderStep(stepBoard, step, state.response, state.step);
    stepText.textContent = step.text;
    stepLabel.textContent = t('app.stepLabel', { step: state.step, total: line.length - 1 });
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

  function showResult(body, key, step = 0) {
    state.response = body;
    state.solved = key;
    answer.textContent = body.answer.trimEnd();
    // A module may say more about the answer (2048: "= 2^63" for a long tile).
    const note = puzzle.answerNote?.(body) ?? null;
    if (note) answer.append(el('span', { class: 'answer-note', 'data-role': 'answer-note' }, note));
    stats.textContent = t('app.stats', { nodes: formatCount(body.stats.nodes), count: Number(body.stats.nodes), ms: Number(body.stats.ms).toFixed(1), threads: Number(body.stats.threads ?? 1) });
    explanation.textContent = body.explanation;
    staleNote.hidden = key === requestKey();
    resultEmpty.hidden = true;
    resultBody.hidden = false;
    showStep(step);
  }

  // The end of a solve: the answer, or why there is none. The view counts
  // finished solves in data-solves (for tests and scripts to wait on).
  function finish(status, body, key) {
    root.dataset.solves = String(Number(root.dataset.solves ?? 0) + 1);
    if (status === 200) showResult(body, key);
    else {
      showError(failureMessage(status, body));
      clearResult();
    }
  }

  function setBusy(busy) {
    solveButton.disabled = busy;
    solveButton.textContent = busy ? t('app.solving') : t('app.solve');
    cancelButton.hidden = !busy;
    cancelButton.disabled = false;
    cancelButton.textContent = t('app.cancel');
    if (!busy) progress.hidden = true;
  }

  // Every solve runs as a job (POST /api/jobs, polled): one path for quick
  // and long solves, progress and Cancel for all, and no request held open
  // for the length of a search. A server without jobs (404, 405) gets the
  // plain POST /api/solve.
  async function solve() {
    if (state.job) return;
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
    const key = requestKey();
    const request = { puzzle: name, input: input.value, options: chosen };
    setBusy(true);
    try {
      const started = await requestJson('POST', '/api/jobs', request);
      if (state.disposed) return;
      if (started.status === 404 || started.status === 405) {
        const { status, body } = await requestJson('POST', '/api/solve', request);
        if (!state.disposed) finish(status, body, key);
      } else if (started.status === 202 && started.body.job) {
        await follow({ id: started.body.job, since: performance.now(), key, cancelling: false });
      } else {
        finish(started.status, started.body, key);
      }
    } catch (error) {
      if (!state.disposed) {
        showError(t('app.unreachable', { message: error.message }));
        root.dataset.solves = String(Number(root.dataset.solves ?? 0) + 1);
      }
    } finally {
      if (!state.disposed) {
        state.job = null;
        setBusy(false);
      }
    }
  }

  // Polls job `job` ({id, since, key, cancelling}) until it is done, showing
  // its progress once it has run PROGRESS_DELAY_MS; then shows its result.
  async function follow(job) {
    state.job = job;
    setBusy(true);
    if (job.cancelling) markCancelling();
    for (let poll = 0; !state.disposed; ++poll) {
      await sleep(poll < FIRST_POLLS_MS.length ? FIRST_POLLS_MS[poll] : POLL_INTERVAL_MS);
      if (state.disposed) return;
      const { status, body } = await requestJson('GET', `/api/jobs/${encodeURIComponent(job.id)}`);
      if (state.disposed) return;
      if (status === 404) {
        finish(404, { error: t('app.jobLost') }, job.key);
        return;
      }
      if (status !== 200) {
        finish(status, body, job.key);
        return;
      }
      if (body.state === 'done') {
        finish(body.status, body.result, job.key);
        return;
      }
      if (performance.now() - job.since >= PROGRESS_DELAY_MS && body.progress) showProgress(body.progress);
    }
  }

  function showProgress({ nodes, elapsed_ms: elapsed, known }) {
    progress.replaceChildren(
      el('div', { 'data-role': 'progress-counts' },
        t('app.progress', { nodes: formatCount(nodes ?? 0), count: Number(nodes ?? 0), seconds: (Number(elapsed ?? 0) / 1000).toFixed(1) })),
      known ? el('div', { class: 'known', 'data-role': 'progress-known' }, t('app.known', { known })) : null);
    progress.hidden = false;
  }

  function markCancelling() {
    cancelButton.disabled = true;
    cancelButton.textContent = t('app.cancelling');
  }

  // Cancel: the server stops the search; the polls then end with its
  // "cancelled" reply.
  async function cancel() {
    const job = state.job;
    if (!job || job.cancelling) return;
    job.cancelling = true;
    markCancelling();
    try {
      await requestJson('DELETE', `/api/jobs/${encodeURIComponent(job.id)}`);
    } catch (error) {
      showError(t('app.unreachable', { message: error.message }));
    }
  }

  // Copies `text`, saying so under the buttons.
  async function copy(text, done) {
    try {
      await copyText(text);
      copyNote.textContent = done;
    } catch (error) {
      copyNote.textContent = t('app.copyFailed', { message: error.message });
    }
  }

  solveButton.addEventListener('click', solve);
  cancelButton.addEventListener('click', cancel);
  sampleButton.addEventListener('click', () => setModel(puzzle.parse(puzzle.sample)));
  copyInputButton.addEventListener('click', () => copy(input.value, t('app.copiedInput')));
  copyLinkButton.addEventListener('click', () => {
    const { hash, tooLong } = hashOf(name, input.value, options.texts());
    const link = `${location.origin}${location.pathname}${hash}`;
    onState?.(true);
    copy(link, tooLong ? t('app.linkTooLong', { length: tooLong }) : t('app.copiedLink'));
  });
  firstButton.addEventListener('click', () => { stopPlaying(); showStep(0); });
  prevButton.addEventListener('click', () => { stopPlaying(); showStep(state.step - 1); });
  nextButton.addEventListener('click', () => { stopPlaying(); showStep(state.step + 1); });
  playButton.addEventListener('click', () => {
    if (state.timer !== null) { stopPlaying(); return; }
    const last = state.response.line.length - 1;
    if (state.step >= last) showStep(0);
    playButton.textContent = t('app.pause');
    state.timer = setInterval(() => {
      if (state.step >= last) { stopPlaying(); return; }
      showStep(state.step + 1);
      if (state.step >= last) stopPlaying();
    }, PLAY_INTERVAL_MS);
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) solve();
  });

  // Sets the input and options from a state ({input, options, ...}); the
  // editor follows when it can show the input.
  function restore(saved) {
    if (saved.options) options.setTexts(saved.options);
    if (typeof saved.input === 'string') {
      input.value = saved.input;
      readText();
      if (syncNote.classList.contains('warn') === false) syncNote.textContent = '';
    } else {
      changed();
    }
  }

  setModel(state.model);
  if (snapshot) {
    restore(snapshot);
    if (snapshot.response) showResult(snapshot.response, snapshot.solved, snapshot.step ?? 0);
    if (snapshot.job) follow(snapshot.job).finally(() => {
      if (!state.disposed) { state.job = null; setBusy(false); }
    });
  }

  return {
    root,
    restore,
    // The state a redraw starts from; `sample` tells whether the input is
    // still the sample (then the address leaves it out).
    snapshot: () => ({ input: input.value, options: options.texts(), response: state.response, solved: state.solved,
      step: state.step, job: state.job, sample: input.value === puzzle.sample || input.value === puzzle.format(puzzle.parse(puzzle.sample)) }),
    // Stops this view's timers and polls (the job itself goes on, for the
    // view that replaces this one).
    dispose() {
      state.disposed = true;
      stopPlaying();
    },
    // The running job's id, to cancel it when the page goes away.
    runningJob: () => state.job?.id ?? null,
  };
}

// The tab of a listed puzzle this page has no module for: what the server
// says about it, and that the command line solves it.
function createPlaceholderView(description) {
  const name = description.name;
  const root = el('section', { class: 'view', id: `view-${name}`, 'data-puzzle': name, role: 'tabpanel', hidden: '' },
    viewHeading(description, null),
    el('div', { class: 'card placeholder', 'data-role': 'no-editor' },
      el('h2', {}, t('app.placeholderTitle')),
      el('p', {}, t('app.placeholderText'), el('code', {}, `boardsearch ${name} FILE`), '.')));
  return { root, restore() {}, snapshot: () => null, dispose() {}, runningJob: () => null };
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

// The texts of index.html (elements with data-i18n) in the page's language.
function translateShell() {
  document.title = t('app.documentTitle');
  for (const node of document.querySelectorAll('[data-i18n]')) node.textContent = t(node.dataset.i18n);
  document.getElementById('tabs').setAttribute('aria-label', t('app.tablist'));
}

// The language switch: one button per language, the current one pressed.
function languageSwitch(onSwitch) {
  const host = document.getElementById('language');
  host.replaceChildren(el('span', { class: 'language-label' }, t('app.languageSwitch')),
    ...LANGUAGES.map(({ code, label }) => {
      const button = el('button', { type: 'button', lang: code, 'data-language': code, 'aria-pressed': String(code === language()) }, label);
      button.addEventListener('click', () => { if (code !== language()) onSwitch(code); });
      return button;
    }));
}

// Tabs: one per listed puzzle, in the server's order; the address holds the
// open one with its input and options.
async function main() {
  const tabs = document.getElementById('tabs');
  const views = document.getElementById('views');
  translateShell();
  views.replaceChildren(el('p', { class: 'loading', 'data-role': 'loading' }, t('app.loading')));
  let descriptions;
  try {
    descriptions = await fetchPuzzles();
  } catch (error) {
    views.replaceChildren(el('div', { class: 'error', role: 'alert', 'data-role': 'load-error' },
      t('app.loadError', { message: error.message })));
    return;
  }
  if (descriptions.length === 0) {
    views.replaceChildren(el('p', { class: 'loading' }, t('app.noPuzzles')));
    return;
  }
  const modules = await Promise.all(descriptions.map((description) => loadModule(description.name)));
  let open = null;  // the open tab's name
  let built = [];   // {name, button, view}

  // The address of the open tab: its name, and its input (unless it is the
  // sample) and options.
  // While someone types, the address follows once the typing pauses:
  // browsers ignore history.replaceState beyond a few hundred calls in
  // 10 s (and say so on the console).
  let pendingHash = null;
  function scheduleHash(now) {
    clearTimeout(pendingHash);
    pendingHash = null;
    if (now) writeHash();
    else pendingHash = setTimeout(writeHash, HASH_DELAY_MS);
  }

  function writeHash() {
    const entry = built.find((b) => b.name === open);
    const saved = entry?.view.snapshot();
    const { hash } = saved ? hashOf(open, saved.sample ? null : saved.input, saved.options) : hashOf(open, null, {});
    if (location.hash !== hash) history.replaceState(null, '', hash);
  }

  // (Re)builds every tab and view; `snapshots`: name -> state to start from.
  function build(snapshots) {
    for (const entry of built) entry.view.dispose();
    tabs.replaceChildren();
    views.replaceChildren();
    built = descriptions.map((description, index) => {
      let view = null;
      if (modules[index]) {
        try {
          view = createView(description, modules[index], snapshots.get(description.name),
            (now) => { if (open === description.name) scheduleHash(now); });
        } catch (error) {
          console.warn(`boardsearch: the module of puzzle "${description.name}" failed: ${error.message}`);
        }
      }
      view ??= createPlaceholderView(description);
      const title = localTitle(description);
      const button = el('button', { class: 'tab', role: 'tab', 'data-tab': description.name, 'aria-controls': view.root.id,
        title }, shortTitle(title));
      button.addEventListener('click', () => select(description.name));
      tabs.append(button);
      views.append(view.root);
      return { name: description.name, button, view };
    });
  }

  function select(name) {
    if (!descriptions.some((d) => d.name === name)) name = descriptions[0].name;
    open = name;
    clearTimeout(pendingHash);
    for (const { name: tab, button, view } of built) {
      button.setAttribute('aria-selected', String(tab === name));
      view.root.hidden = tab !== name;
    }
    writeHash();
  }

  // A link: the tab it names, with its input and options.
  function followHash() {
    const { name, input, options } = readHash();
    const entry = built.find((b) => b.name === name);
    if (entry && (input !== null || Object.keys(options).length > 0)) entry.view.restore({ input, options });
    select(name);
  }

  function switchLanguage(code) {
    const snapshots = new Map(built.map(({ name, view }) => [name, view.snapshot()]).filter(([, s]) => s));
    setLanguage(code);
    translateShell();
    languageSwitch(switchLanguage);
    build(snapshots);
    select(open);
  }

  languageSwitch(switchLanguage);
  const first = readHash();
  build(new Map([[first.name, { input: first.input, options: first.options }]]));
  select(first.name);
  window.addEventListener('hashchange', followHash);
  // A solve still running when the page goes away is cancelled.
  window.addEventListener('pagehide', () => {
    for (const { view } of built) {
      const id = view.runningJob();
      if (id) fetch(`/api/jobs/${encodeURIComponent(id)}`, { method: 'DELETE', keepalive: true }).catch(() => {});
    }
  });
}

main();
