/** The cache of the API's GET answers the service worker falls back on offline (vite.config.ts, ADR 023). */
export const API_CACHE = 'fitforge-api';

/**
 * Registers the service worker of the build (vite.config.ts): called by the signed-in frame, so the landing page's
 * first load carries none of it. A browser without service workers, or a failed registration, leaves the app online-only.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js').catch(() => {
    /* the app works as before, only not offline */
  });
}

/** Forgets the answers kept for offline use: on sign-out, the next person on this device must not read them. */
export async function forgetOfflineAnswers(): Promise<void> {
  if ('caches' in window) await caches.delete(API_CACHE);
}
