// The stepper of a view: the board of one step of the optimal line, its
// text, and First / Previous / Next / Play through the line. It knows the
// line of a solve reply (GET /api/jobs, POST /api/solve) and draws each step
// with the puzzle module's renderStep.

import { el } from './common.js';
import { t } from './i18n.js';

// Delay between steps while "Play" runs through the line.
const PLAY_INTERVAL_MS = 700;

// Returns {nodes, show(reply, index), stop(), step()}: the nodes to place in
// the result card, in order; show draws step `index` of `reply.line`; stop
// ends "Play"; step() is the step shown.
export function createStepper(puzzle) {
  let response = null;  // the reply whose line is shown
  let current = 0;
  let timer = null;
  const stepBoard = el('div', { class: 'step-board', 'data-role': 'step-board' });
  const stepText = el('div', { class: 'step-text', 'data-role': 'step-text' });
  const stepLabel = el('span', { class: 'step-label', 'data-role': 'step-label' });
  const firstButton = el('button', { class: 'secondary', 'data-role': 'first', title: t('app.startTitle') }, t('app.start'));
  const prevButton = el('button', { class: 'secondary', 'data-role': 'prev' }, t('app.previous'));
  const playButton = el('button', { class: 'secondary', 'data-role': 'play' }, t('app.play'));
  const nextButton = el('button', { class: 'secondary', 'data-role': 'next' }, t('app.next'));

  function stopPlaying() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    playButton.textContent = t('app.play');
  }

  function showStep(index) {
    const line = response.line;
    if (line.length === 0) {
      stepBoard.replaceChildren();
      stepText.textContent = t('app.noLine');
      stepLabel.textContent = '';
      firstButton.disabled = prevButton.disabled = nextButton.disabled = playButton.disabled = true;
      return;
    }
    playButton.disabled = line.length < 2;
    current = Math.max(0, Math.min(index, line.length - 1));
    const step = line[current];
    puzzle.renderStep(stepBoard, step, response, current);
    stepText.textContent = step.text;
    stepLabel.textContent = t('app.stepLabel', { step: current, total: line.length - 1 });
    firstButton.disabled = prevButton.disabled = current === 0;
    nextButton.disabled = current === line.length - 1;
  }

  firstButton.addEventListener('click', () => { stopPlaying(); showStep(0); });
  prevButton.addEventListener('click', () => { stopPlaying(); showStep(current - 1); });
  nextButton.addEventListener('click', () => { stopPlaying(); showStep(current + 1); });
  playButton.addEventListener('click', () => {
    if (timer !== null) { stopPlaying(); return; }
    const last = response.line.length - 1;
    if (current >= last) showStep(0);
    playButton.textContent = t('app.pause');
    timer = setInterval(() => {
      if (current >= last) { stopPlaying(); return; }
      showStep(current + 1);
      if (current >= last) stopPlaying();
    }, PLAY_INTERVAL_MS);
  });

  return {
    nodes: [stepBoard, stepText, el('div', { class: 'stepper' }, firstButton, prevButton, stepLabel, nextButton, playButton)],
    show(reply, index = 0) {
      response = reply;
      showStep(index);
    },
    stop: stopPlaying,
    step: () => current,
  };
}
