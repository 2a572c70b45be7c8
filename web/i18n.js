// The page's two languages, English and Korean. Every text the page itself
// writes goes through t(key, params); the puzzle modules add their own texts
// with addMessages(). The language is the one chosen with the switch
// (remembered in localStorage), else the browser's (navigator.language:
// Korean for "ko", "ko-KR", ...; English otherwise). Messages from the server
// (solver errors, step texts) stay English.

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'ko', label: '한국어' },
];
const STORAGE_KEY = 'boardsearch.language';
const LOCALES = { en: 'en-US', ko: 'ko-KR' };

// {en: {key: text or (params) => text}, ko: {...}}
const messages = { en: {}, ko: {} };

// The language to start with: the remembered choice, else the browser's.
function initialLanguage() {
  let stored = null;
  try {
    stored = localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage may be off (private mode, file://): fall through to the browser.
  }
  if (LANGUAGES.some((l) => l.code === stored)) return stored;
  const browser = (navigator.languages?.[0] ?? navigator.language ?? '').toLowerCase();
  return browser === 'ko' || browser.startsWith('ko-') ? 'ko' : 'en';
}

let current = initialLanguage();
document.documentElement.lang = current;

// The page's language code ("en" or "ko").
export function language() {
  return current;
}

// Switches the language and remembers it; the caller redraws the page.
export function setLanguage(code) {
  if (!LANGUAGES.some((l) => l.code === code)) return;
  current = code;
  document.documentElement.lang = code;
  try {
    localStorage.setItem(STORAGE_KEY, code);
  } catch {
    // Not remembered, but the switch still applies to this page.
  }
}

// Adds texts: {en: {...}, ko: {...}}. Keys are namespaced by their owner
// ("2048.size"); a later table may not silently replace an earlier key.
export function addMessages(table) {
  for (const [code, entries] of Object.entries(table)) {
    if (!messages[code]) continue;
    for (const [key, text] of Object.entries(entries)) {
      if (key in messages[code]) console.warn(`boardsearch: message "${key}" (${code}) is defined twice`);
      messages[code][key] = text;
    }
  }
}

// Whether `key` has a text in the current language (not only in English).
export function has(key) {
  return key in messages[current];
}

// The text of `key` in the current language (English when the Korean one is
// missing; the key itself when both are, so a gap shows instead of hiding).
// `{name}` in a text is replaced by params.name; a function text gets params.
export function t(key, params = {}) {
  const text = messages[current][key] ?? messages.en[key];
  if (text === undefined) {
    console.warn(`boardsearch: no message "${key}"`);
    return key;
  }
  if (typeof text === 'function') return text(params);
  return text.replace(/\{(\w+)\}/g, (match, name) => (name in params ? String(params[name]) : match));
}

// A count with the language's digit grouping ("1,234,567"); BigInt too.
export function formatCount(value) {
  return value.toLocaleString(LOCALES[current]);
}

// English plural: "1 move", "2 moves".
export function plural(count, one, many) {
  return `${count} ${Number(count) === 1 ? one : many}`;
}
