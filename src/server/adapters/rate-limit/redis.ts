import type { Redis } from 'ioredis';
import { createLeases, type Reconcile } from './lease';
import type { HitResult, RateLimitStore } from './port';

/**
 * Sliding window over two fixed windows: the previous window's count weighs by how much of it still overlaps the
 * sliding window, rounded up — a burst that ends just before a window turns still counts whole, so the limit is never
 * passed by one. One script, so one round trip and atomic across instances. It first adds a lease's batch (requests
 * another call let through, ADR 031) to the window they were let through in, then — when asked to — counts one
 * request if it fits.
 * KEYS[1] current window, KEYS[2] previous window, KEYS[3] the batch's window; ARGV max, windowMs, nowMs, batch,
 * count (1 or 0). Returns {allowed, left after it, resetMs}.
 */
const SLIDING_WINDOW = `
local max = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
local batch = tonumber(ARGV[4])
if batch > 0 then
  redis.call('INCRBY', KEYS[3], batch)
  redis.call('PEXPIRE', KEYS[3], window * 2)
end
local elapsed = now % window
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local previous = tonumber(redis.call('GET', KEYS[2]) or '0')
local weight = (window - elapsed) / window
local used = math.ceil(previous * weight) + current
local reset = now - elapsed + window
if ARGV[5] == '0' then return {1, math.max(0, max - used), reset} end
if used >= max then return {0, 0, reset} end
redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], window * 2)
return {1, max - used - 1, reset}
`;

/** The sliding window's count as SLIDING_WINDOW reckons it, counting nothing. Returns {used, resetMs}. */
const PEEK = `
local window = tonumber(ARGV[1])
local now = tonumber(ARGV[2])
local elapsed = now % window
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local previous = tonumber(redis.call('GET', KEYS[2]) or '0')
return {math.ceil(previous * (window - elapsed) / window) + current, now - elapsed + window}
`;

/** KEYS[1] current window: one less, never below zero. */
const RELEASE = `
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

type SlidingRedis = Redis & {
  slidingWindow(k1: string, k2: string, k3: string, max: number, windowMs: number, now: number, batch: number, count: 0 | 1): Promise<[number, number, number]>;
  releaseOne(k1: string): Promise<number>;
  peekWindow(k1: string, k2: string, windowMs: number, now: number): Promise<[number, number]>;
};

export function createRedisStore(url: string, opts: { prefix?: string; now?: () => number } = {}): RateLimitStore {
  // Imported here, not at the top: a server without REDIS_URL never loads ioredis.
  const client = import('ioredis').then(({ Redis }) => {
    const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false }) as SlidingRedis;
    redis.defineCommand('slidingWindow', { numberOfKeys: 3, lua: SLIDING_WINDOW });
    redis.defineCommand('releaseOne', { numberOfKeys: 1, lua: RELEASE });
    redis.defineCommand('peekWindow', { numberOfKeys: 2, lua: PEEK });
    return redis;
  });
  const prefix = opts.prefix ?? 'fitforge:rl:';
  const now = opts.now ?? Date.now;
  const base = (key: string, windowMs: number) => `${prefix}${key}:${windowMs}:`;
  const reconcile: Reconcile = async (key, max, windowMs, t, batch, count) => {
    const index = Math.floor(t / windowMs);
    const keys = base(key, windowMs);
    const redis = await client;
    const [allowed, left, reset] = await redis.slidingWindow(keys + index, keys + (index - 1), keys + (batch?.index ?? index), max, windowMs, t, batch?.n ?? 0, count ? 1 : 0);
    return { allowed: allowed === 1, left, resetAt: reset };
  };
  const leases = createLeases(reconcile, now);
  return {
    name: 'redis',
    async hit(key, max, windowMs, mode = 'exact'): Promise<HitResult> {
      if (mode === 'lease') return leases.hit(key, max, windowMs);
      const { allowed, left, resetAt } = await reconcile(key, max, windowMs, now(), null, true);
      return { allowed, remaining: left, resetAt: new Date(resetAt) };
    },
    async peek(key, max, windowMs) {
      const t = now();
      const index = Math.floor(t / windowMs);
      const keys = base(key, windowMs);
      const [used, reset] = await (await client).peekWindow(keys + index, keys + (index - 1), windowMs, t);
      return { remaining: Math.max(0, max - used), resetAt: used > 0 ? new Date(reset) : null };
    },
    async release(key, windowMs) {
      await (await client).releaseOne(base(key, windowMs) + Math.floor(now() / windowMs));
    },
    async close() {
      leases.close();
      const redis = await client;
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
