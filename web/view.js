// The view of a puzzle that has a web module: the board editor kept in sync
// with the judge-input text box (both ways), the options the schema
// declares, Solve as a job with live progress and Cancel (jobs.js), and the
// answer with the stepper through the optimal line (stepper.js).

import { el, copyText } from './common.js';
import { t, formatCount } from './i18n.js';
import { hashOf } from './address.js';
import { viewHeading } from './heading.js';
import { optionFields } from './options.js';
import { startSolve, pollJob, cancelJob } from './jobs.js';
import { createStepper } from './stepper.js';

// Height of the judge-input box in lines.
const MIN_INPUT_ROWS = 4;
const MAX_INPUT_ROWS = 18;
// Whether a finished solve ended because it was cancelled (the reply's
// "reason", docs/api.md; a server without it says so in its message).
function wasCancelled(status, body) {
  return status === 422 && (body?.reason === 'cancelled' || (body?.reason === undefined && /cancel/i.test(body?.error ?? '')));
}

// The message for a finished solve that has no answer: `status` and `body`
// as /api/solve gives them.
function failureMessage(status, body) {
  const message = body?.error || t('app.unknownError');
  if (status === 400) return t('app.badInput', { message });
  if (wasCancelled(status, body)) return t('app.cancelled', { message });
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
export function createView(description, puzzle, snapshot, onState) {
  const name = description.name;
  const state = { model: puzzle.parse(puzzle.sample), response: null, solved: null, job: null, disposed: false,
    lastText: null };  // the text the editor last followed

  // 1. Left card: editor, judge input, options, Solve.
  const editorHost = el('div', { class: 'editor-host' });
  const input = el('textarea', { 'data-role': 'input', spellcheck: 'false', wrap: 'off', 'aria-label': t('app.judgeInput') });
  const syncNote = el('div', { class: 'sync-note', 'data-role': 'sync-note' });
  // Said when the options ask a question that reads no input (yut with the
  // dice not known): the input box is then left out of the request.
  const unusedNote = el('div', { class: 'hint', 'data-role': 'input-unused', hidden: '' }, t('app.inputUnused'));
  const errorBox = el('div', { class: 'error', 'data-role': 'error', hidden: '', role: 'alert' });
  // A cancelled solve is no error: said calmly, where the error would be.
  const noticeBox = el('div', { class: 'notice', 'data-role': 'notice', hidden: '', role: 'status' });
  const options = optionFields(description.options ?? [], name, () => changed(), puzzle.optionLayout ?? {});  // (not the event)
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
  const stepper = createStepper(puzzle);
  const explanation = el('pre', { 'data-role': 'explanation' });
  const resultBody = el('div', { hidden: '' },
    el('div', { class: 'answer-row' }, el('span', { class: 'answer-label' }, t('app.answer')), answer, stats),
    staleNote,
    ...stepper.nodes,
    el('details', { class: 'explanation' }, el('summary', {}, t('app.explanation')), explanation));
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
          unusedNote,
          el('div', { class: 'actions' }, solveButton, cancelButton, sampleButton),
          el('div', { class: 'actions share' }, copyInputButton, copyLinkButton),
          copyNote,
          progress,
          noticeBox,
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
    noticeBox.hidden = true;
    unusedNote.hidden = readsInput();
    if (state.response) staleNote.hidden = state.solved === requestKey();
    copyNote.textContent = '';
    onState?.();
  }

  // Whether the options ask a question that reads the input (the module's
  // readsInput; options that do not read are taken as reading).
  function readsInput() {
    try {
      return puzzle.readsInput?.(options.read()) !== false;
    } catch {
      return true;
    }
  }

  // What a solve is asked: the input and the options, as one comparable text.
  function requestKey() {
    return JSON.stringify([input.value, options.texts()]);
  }

  function showError(message) {
    noticeBox.hidden = true;
    errorBox.textContent = message;
    errorBox.hidden = false;
  }

  function showNotice(message) {
    errorBox.hidden = true;
    noticeBox.textContent = message;
    noticeBox.hidden = false;
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
    stepper.show(body, step);
  }

  // The end of a solve: the answer, or why there is none. The view counts
  // finished solves in data-solves (for tests and scripts to wait on).
  function finish(status, body, key) {
    root.dataset.solves = String(Number(root.dataset.solves ?? 0) + 1);
    if (status === 200) showResult(body, key);
    else {
      if (wasCancelled(status, body)) showNotice(failureMessage(status, body));
      else showError(failureMessage(status, body));
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
    stepper.stop();
    errorBox.hidden = true;
    noticeBox.hidden = true;
    let chosen;
    try {
      chosen = options.read();
    } catch (error) {
      showError(error.message);
      clearResult();
      return;
    }
    const key = requestKey();
    const request = { puzzle: name, input: readsInput() ? input.value : '', options: chosen };
    setBusy(true);
    try {
      const started = await startSolve(request, () => state.disposed);
      if (state.disposed || started === null) return;
      if (started.job) await follow({ id: started.job, since: performance.now(), key, cancelling: false });
      else finish(started.status, started.body, key);
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

  // Follows job `job` ({id, since, key, cancelling}) until it is done,
  // showing its progress (pollJob says when); then shows its result.
  async function follow(job) {
    state.job = job;
    setBusy(true);
    if (job.cancelling) markCancelling();
    const done = await pollJob(job, () => state.disposed, showProgress);
    if (done) finish(done.status, done.body, job.key);
  }

  function showProgress({ nodes, elapsed_ms: elapsed, known }) {
    // (replaceChildren would write a null as the text "null".)
    progress.replaceChildren(...[
      el('div', { 'data-role': 'progress-counts' },
        t('app.progress', { nodes: formatCount(nodes ?? 0), count: Number(nodes ?? 0), seconds: (Number(elapsed ?? 0) / 1000).toFixed(1) })),
      known ? el('div', { class: 'known', 'data-role': 'progress-known' }, t('app.known', { known })) : null].filter(Boolean));
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
      await cancelJob(job.id);
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
    // A shared link (the address holds an input): solved on open.
    else if (snapshot.solve) solve();
    if (snapshot.job) follow(snapshot.job).finally(() => {
      if (!state.disposed) { state.job = null; setBusy(false); }
    });
  }

  return {
    root,
    restore,
    solve,
    // The state a redraw starts from; `sample` tells whether the input is
    // still the sample (then the address leaves it out).
    snapshot: () => ({ input: input.value, options: options.texts(), response: state.response, solved: state.solved,
      step: stepper.step(), job: state.job, sample: input.value === puzzle.sample || input.value === puzzle.format(puzzle.parse(puzzle.sample)) }),
    // Stops this view's timers and polls (the job itself goes on, for the
    // view that replaces this one).
    dispose() {
      state.disposed = true;
      stepper.stop();
    },
    // The running job's id, to cancel it when the page goes away.
    runningJob: () => state.job?.id ?? null,
  };
}
