// The heading of a puzzle's view and the titles of its tab, from the
// server's description (GET /api/puzzles) in the page's language.

import { el } from './common.js';
import { t, has, language } from './i18n.js';

// The tab label: the title up to its first ": " ("Vanishing footholds" of
// "Vanishing footholds: two players on ..."); the whole title heads the view.
export function shortTitle(title) {
  const colon = title.indexOf(': ');
  return colon > 0 ? title.slice(0, colon) : title;
}

// The puzzle's title in the page's language: Korean pages use the judges'
// Korean title (title_ko) when the server has one.
export function localTitle(description) {
  return language() === 'ko' && description.title_ko ? description.title_ko : description.title;
}

// The rules summary: the server's description in English; in Korean the
// module's "<name>.description" when it has one.
function localDescription(description) {
  const key = `${description.name}.description`;
  return language() !== 'en' && has(key) ? t(key) : description.description;
}

// The heading of a view: the full title, the description, the judge problems
// (their own titles, e.g. "Baekjoon 12100 2048 (Easy)"). `applySettings`
// (optional) turns a judge with settings into a button that sets them.
export function viewHeading(description, applySettings) {
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
