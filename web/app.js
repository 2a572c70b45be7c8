// boardsearch web app: one tab per puzzle the server lists (GET /api/puzzles),
// in the server's order. A puzzle describes itself there (title, description,
// judge problems, option schema); its web module puzzles/<name>.js knows its
// text format and its boards. Each tab shows a view (view.js: editor,
// options, Solve, stepper); a listed puzzle without a module gets a plain tab
// saying so.
//
// This file is the shell: the tabs, the language switch and the address
// (address.js), which holds the open tab, its input and its options, so a
// link reopens the same puzzle. The page speaks English and Korean
// (i18n.js); switching redraws every view from a snapshot of its state.

import { el, parseJsonExact, apiHeaders } from './common.js';
import { t, language, setLanguage, LANGUAGES } from './i18n.js';
import { readHash, hashOf } from './address.js';
import { shortTitle, localTitle, viewHeading } from './heading.js';
import { createView } from './view.js';
import { THEMES, theme, setTheme } from './theme.js';

// Puzzle names the page turns into a module path and element ids; any other
// name gets the placeholder tab without a request.
const MODULE_NAME = /^[A-Za-z0-9_-]+$/;
// The address follows edits once they pause this long.
const HASH_DELAY_MS = 250;

// The tab of a listed puzzle this page has no module for: what the server
// says about it, and that the command line solves it.
function createPlaceholderView(description) {
  const name = description.name;
  const root = el('section', { class: 'view', id: `view-${name}`, 'data-puzzle': name, role: 'tabpanel', hidden: '' },
    viewHeading(description, null),
    el('div', { class: 'card placeholder', 'data-role': 'no-editor' },
      el('h2', {}, t('app.placeholderTitle')),
      el('p', {}, t('app.placeholderText'), el('code', {}, `boardsearch ${name} FILE`), '.')));
  return { root, restore() {}, solve() {}, snapshot: () => null, dispose() {}, runningJob: () => null };
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
  const response = await fetch('/api/puzzles', { headers: apiHeaders() });
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
  themeSwitch();
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

// The theme switch: follow the system (prefers-color-scheme), light or
// dark; the choice is remembered (theme.js).
function themeSwitch() {
  const host = document.getElementById('theme');
  host.replaceChildren(el('span', { class: 'language-label' }, t('app.theme')),
    ...THEMES.map((code) => {
      const button = el('button', { type: 'button', 'data-theme-choice': code, 'aria-pressed': String(code === theme()) },
        t(`app.theme.${code}`));
      button.addEventListener('click', () => { setTheme(code); themeSwitch(); });
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

  // A link: the tab it names, with its input and options; a link that
  // holds an input (a shared link) is solved at once.
  function followHash() {
    const { name, input, options } = readHash();
    const entry = built.find((b) => b.name === name);
    if (entry && (input !== null || Object.keys(options).length > 0)) entry.view.restore({ input, options });
    select(name);
    if (entry && input !== null) entry.view.solve();
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
  build(new Map([[first.name, { input: first.input, options: first.options, solve: first.input !== null }]]));
  select(first.name);
  window.addEventListener('hashchange', followHash);
  // A solve still running when the page goes away is cancelled.
  window.addEventListener('pagehide', () => {
    for (const { view } of built) {
      const id = view.runningJob();
      if (id) fetch(`/api/jobs/${encodeURIComponent(id)}`, { method: 'DELETE', keepalive: true, headers: apiHeaders() }).catch(() => {});
    }
  });
}

main();
