// The page's colours: "auto" follows the system (prefers-color-scheme),
// "light" and "dark" override it. The choice is remembered in the
// browser's local storage and set on <html data-theme>; index.html applies
// a remembered choice before the first paint, style.css does the rest.

export const THEMES = ['auto', 'light', 'dark'];
const STORAGE_KEY = 'boardsearch.theme';

// The remembered choice, "auto" when there is none.
export function theme() {
  let stored = null;
  try {
    stored = localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage may be off: the system's colours.
  }
  return THEMES.includes(stored) ? stored : 'auto';
}

// Applies and remembers `code` ("auto", "light" or "dark").
export function setTheme(code) {
  if (!THEMES.includes(code)) return;
  if (code === 'auto') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = code;
  try {
    if (code === 'auto') localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, code);
  } catch {
    // Not remembered, but applied to this page.
  }
}

setTheme(theme());
