import type { HitResult, RateLimitStore } from './port';

/**
 * Fixed window in this process's memory: the embedded default. It does not share counts between instances, which
 * the server says in a warning at start.
 */
export function createMemoryStore(now: () => number = Date.now): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = setInterval(() => {
    const t = now();
    for (const [key, w] of windows) if (w.resetAt <= t) windows.delete(key);
  }, 60_000);
  sweep.unref();

  return {
    name: 'memory',
    async hit(key, max, windowMs): Promise<HitResult> {
      const t = now();
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + windowMs };
        windows.set(key, w);
      }
      if (w.count >= max) return { allowed: false, remaining: 0, resetAt: new Date(w.resetAt) };
      w.count++;
      return { allowed: true, remaining: max - w.count, resetAt: new Date(w.resetAt) };
    },
    async peek(key, max) {
      const w = windows.get(key);
      if (!w || w.resetAt <= now() || w.count === 0) return { remaining: max, resetAt: null };
      return { remaining: Math.max(0, max - w.count), resetAt: new Date(w.resetAt) };
    },
    async release(key) {
      const w = windows.get(key);
      if (w && w.resetAt > now() && w.count > 0) w.count--;
    },
    async close() {
      clearInterval(sweep);
      windows.clear();
    },
  };
}
