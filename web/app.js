// boardsearch web app: one view per puzzle. Each view has a board editor kept
// in sync with the judge-input text box (both ways), a Solve button, and a
// stepper through the optimal line. The puzzle modules in puzzles/ know their
// own text format and boards; this file knows the page and the API.

import { el, postJson } from './common.js';
import game2048 from './puzzles/game2048.js';
import tour from './puzzles/tour.js';
import footholds from './puzzles/footholds.js';
import yut from './puzzles/yut.js';

const PUZZLES = [game2048, tour, footholds, yut];
// Delay between steps while "Play" runs through the line.
const PLAY_INTERVAL_MS = 700;
// Height of the judge-input box in lines.
const MIN_INPUT_ROWS = 4;
const MAX_INPUT_ROWS = 18;

// Builds the view of one puzzle and returns its root element.
function createView(puzzle) {
  const state = { model: puzzle.parse(puzzle.sample), response: null, step: 0, timer: null };

  // 1. Left card: editor, judge input, options, Solve.
  const editorHost = el('div', { class: 'editor-host' });
  const input = el('textarea', { 'data-role': 'input', spellcheck: 'false', 'aria-label': 'judge input' });
  const syncNote = el('div', { class: 'sync-note', 'data-role': 'sync-note' });
  const errorBox = el('div', { class: 'error', 'data-role': 'error', hidden: '', role: 'alert' });
  const optionInputs = {};
  const optionRow = el('div', { class: 'controls' });
  for (const option of puzzle.options) {
    const field = el('input', { type: 'number', min: String(option.min), max: String(option.max),
      value: String(option.default), 'data-option': option.key });
    optionInputs[option.key] = field;
    optionRow.append(el('label', {}, option.label, field));
  }
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

  const view = el('section', { class: 'view', id: `view-${puzzle.name}`, 'data-puzzle': puzzle.name, role: 'tabpanel', hidden: '' },
    el('p', { class: 'intro' }, puzzle.intro),
    el('div', { class: 'columns' },
      el('div', {},
        el('div', { class: 'card' },
          el('h2', {}, 'Set up the puzzle'),
          editorHost,
          el('label', { class: 'input-label' }, 'Judge input', input),
          syncNote,
          optionRow,
          el('div', { class: 'actions' }, solveButton, sampleButton),
          errorBox),
        ...(puzzle.extraCards ? puzzle.extraCards(() => state.model) : [])),
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

  async function solve() {
    stopPlaying();
    errorBox.hidden = true;
    solveButton.disabled = true;
    solveButton.textContent = 'Solving…';
    const options = {};
    for (const [key, field] of Object.entries(optionInputs)) {
      if (field.value.trim() === '') continue;
      const value = Number(field.value);
      if (!Number.isInteger(value)) {
        showError(`${field.closest('label').textContent.trim()}: enter a whole number`);
        solveButton.disabled = false;
        solveButton.textContent = 'Solve';
        return;
      }
      options[key] = value;
    }
    try {
      const { status, body } = await postJson('/api/solve', { puzzle: puzzle.name, input: input.value, options });
      if (status !== 200) {
        const prefix = status === 422 ? 'Search stopped: ' : status === 400 ? 'Bad input: ' : `Error ${status}: `;
        showError(prefix + (body.error || 'unknown error'));
        // An old answer next to a new error would read as the answer to it.
        state.response = null;
        resultBody.hidden = true;
        resultEmpty.hidden = false;
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

// Tabs: one per puzzle; the URL hash remembers the open one.
function main() {
  const tabs = document.getElementById('tabs');
  const views = document.getElementById('views');
  const buttons = [];
  const panels = [];
  for (const puzzle of PUZZLES) {
    const view = createView(puzzle);
    const button = el('button', { class: 'tab', role: 'tab', 'data-tab': puzzle.name, 'aria-controls': view.id }, puzzle.title);
    button.addEventListener('click', () => select(puzzle.name));
    buttons.push(button);
    panels.push(view);
    tabs.append(button);
    views.append(view);
  }
  function select(name) {
    if (!PUZZLES.some((p) => p.name === name)) name = PUZZLES[0].name;
    buttons.forEach((b) => b.setAttribute('aria-selected', String(b.dataset.tab === name)));
    panels.forEach((p) => { p.hidden = p.dataset.puzzle !== name; });
    if (location.hash !== `#${name}`) history.replaceState(null, '', `#${name}`);
  }
  window.addEventListener('hashchange', () => select(location.hash.slice(1)));
  select(location.hash.slice(1));
}

main();
