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

// The rules summary in the puzzle's terms: the module's
// "<name>.description" in the page's language when it has one (the server's
// description speaks of command-line options), else the server's.
function localDescription(description) {
  const key = `${description.name}.description`;
  return has(key) ? t(key) : description.description;
}

// The address of a judge problem's page, from its id ("Baekjoon 12100",
// "Programmers 92345"); null for a judge this page does not know.
export function problemUrl(id) {
  const number = id.match(/^(\S+)\s+(\d+)$/);
  if (!number) return null;
  if (number[1] === 'Baekjoon') return `https://www.acmicpc.net/problem/${number[2]}`;
  if (number[1] === 'Programmers') return `https://school.programmers.co.kr/learn/courses/30/lessons/${number[2]}`;
  return null;
}

// A judge's limit in the page's language: the module's
// "<name>.limit.<what>" names the quantity when it has one.
function limitText(name, limit) {
  const key = `${name}.limit.${limit.what}`;
  return t('app.judgeLimit', { what: has(key) ? t(key) : limit.what, minimum: limit.minimum, maximum: limit.maximum });
}

// One judge problem: its title linked to its page on the judge's site, its
// time limit, and (with `applySettings`) a button that sets its settings.
function judgeChip(judge, applySettings) {
  const label = `${t('app.judgeName', { id: judge.id })} ${judge.title}`;
  const url = problemUrl(judge.id);
  const title = url
    ? el('a', { href: url, target: '_blank', rel: 'noopener', 'data-role': 'judge-link', title: t('app.openProblem') }, label)
    : el('span', { 'data-role': 'judge-link' }, label);
  const chip = el('span', { class: 'judge', 'data-role': 'judge' }, title,
    Number(judge.time_limit_ms ?? 0) > 0 ? el('span', { class: 'judge-time', 'data-role': 'judge-time' }, t('app.timeLimit', { ms: judge.time_limit_ms })) : null);
  if (judge.settings && applySettings) {
    const button = el('button', { type: 'button', class: 'judge-settings', 'data-role': 'judge-settings', title: t('app.judgeSettings') },
      t('app.applySettings'));
    button.addEventListener('click', () => applySettings(judge.settings));
    chip.append(button);
  }
  return chip;
}

// The heading of a view: the full title, the description, the judge
// problems (their own titles, e.g. "Baekjoon 12100 2048 (Easy)", linked to
// their pages) and the judge's limits. `applySettings` (optional) gives a
// judge with settings a button that sets them.
export function viewHeading(description, applySettings) {
  const judges = description.judges ?? [];
  const limits = description.judge_limits ?? [];
  return el('header', { class: 'view-heading' },
    el('h2', { class: 'view-title', 'data-role': 'title' }, localTitle(description)),
    el('p', { class: 'intro', 'data-role': 'intro' }, localDescription(description)),
    judges.length === 0 ? null
      : el('p', { class: 'judges', 'data-role': 'judges' },
        el('span', {}, judges.length === 1 ? t('app.judgeProblem') : t('app.judgeProblems')),
        ...judges.map((judge) => judgeChip(judge, applySettings))),
    limits.length === 0 ? null
      : el('p', { class: 'judge-limits', 'data-role': 'judge-limits' },
        `${t('app.judgeLimits')} ${limits.map((limit) => limitText(description.name, limit)).join(' · ')}`));
}
