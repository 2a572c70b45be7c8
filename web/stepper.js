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
// ends "Play"; step() is the step shown. The keyboard steps too, wherever
// the focus is in the stepper (the step board takes it with Tab): the arrow
// keys left and right, Home and End.
export function createStepper(puzzle) {
  let response = null;  // the reply whose line is shown
  let current = 0;
  let timer = null;
  const stepBoard = el('div', { class: 'step-board', 'data-role': 'step-board', tabindex: '0', 'aria-label': t('app.stepKeys') });
  const stepText = el('div', { class: 'step-text', 'data-role': 'step-text' });
  const stepLabel = el('span', { class: 'step-label', 'data-role': 'step-label' });
  const firstButton = el('button', { class: 'secondary', 'data-role': 'first', title: t('app.startTitle') }, t('app.start'));
  const prevButton = el('button', { class: 'secondary', 'data-role': 'prev' }, t('app.previous'));
  const playButton = el('button', { class: 'secondary', 'data-role': 'play' });
  const nextButton = el('button', { class: 'secondary', 'data-role': 'next' }, t('app.next'));

  // The play button's face: a triangle to play, two bars to pause (drawn
  // with CSS: the pause sign U+23F8 is missing from common fonts).
  function playFace(playing) {
    playButton.replaceChildren(el('span', { class: playing ? 'icon-pause' : 'icon-play', 'aria-hidden': 'true' }),
      ` ${playing ? t('app.pause') : t('app.play')}`);
  }

  function stopPlaying() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    playFace(false);
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
    playFace(true);
    timer = setInterval(() => {
      if (current >= last) { stopPlaying(); return; }
      showStep(current + 1);
      if (current >= last) stopPlaying();
    }, PLAY_INTERVAL_MS);
  });

  playFace(false);
  const wrapper = el('div', { class: 'stepper-keys', 'data-role': 'stepper' }, stepBoard, stepText,
    el('div', { class: 'stepper' }, firstButton, prevButton, stepLabel, nextButton, playButton));
  // Arrows, Home and End step through the line (not while a text field or
  // a modifier key wants them).
  const KEYS = { ArrowLeft: () => current - 1, ArrowRight: () => current + 1, Home: () => 0, End: () => Infinity };
  wrapper.addEventListener('keydown', (event) => {
    if (!response || !KEYS[event.key] || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.target.closest('input, textarea, select')) return;
    event.preventDefault();
    stopPlaying();
    showStep(KEYS[event.key]());
  });

  return {
    nodes: [wrapper],
    show(reply, index = 0) {
      response = reply;
      showStep(index);
    },
    stop: stopPlaying,
    step: () => current,
  };
}
