import { THEMES } from '#core/profile/themes';

export type Theme = (typeof THEMES)[number];
export { THEMES };

const STORAGE_KEY = 'fitforge.theme';
const media = () => window.matchMedia('(prefers-color-scheme: dark)');

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

export function readStoredTheme(): Theme {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return isTheme(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

export function storeTheme(theme: Theme): void {
  try {
    if (theme === 'system') localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, theme);
  } catch {
    /* private mode: the choice lasts for this page only */
  }
}

export function resolveTheme(theme: Theme): 'light' | 'dark' {
  if (theme === 'system') return media().matches ? 'dark' : 'light';
  return theme;
}

export function applyTheme(theme: Theme): void {
  const dark = resolveTheme(theme) === 'dark';
  document.documentElement.classList.toggle('dark', dark);
  // Both of index.html's (one per system colour scheme) take the chosen theme's colour.
  for (const meta of document.querySelectorAll('meta[name="theme-color"]')) meta.setAttribute('content', dark ? '#09090b' : '#fafafa');
}

/** Calls back when the system theme flips; returns the unsubscribe. */
export function onSystemThemeChange(callback: () => void): () => void {
  const query = media();
  query.addEventListener('change', callback);
  return () => query.removeEventListener('change', callback);
}
