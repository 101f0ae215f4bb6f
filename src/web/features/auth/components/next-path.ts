import { safeNextPath } from '#web/lib/locale';

const KEY = 'fitforge.next';

/** Keeps the page to return to across the round trip to Google. */
export function rememberNext(next: string | null | undefined): void {
  try {
    if (next) sessionStorage.setItem(KEY, next);
    else sessionStorage.removeItem(KEY);
  } catch {
    /* storage blocked: the user lands on the dashboard instead */
  }
}

export function takeRememberedNext(fallback: string): string {
  try {
    const next = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return safeNextPath(next, fallback);
  } catch {
    return fallback;
  }
}
