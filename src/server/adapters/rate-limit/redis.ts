import type { Redis } from 'ioredis';
import type { HitResult, RateLimitStore } from './port';

/**
 * Sliding window over two fixed windows: the previous window's count weighs by how much of it still overlaps the
 * sliding window, rounded up — a burst that ends just before a window turns still counts whole, so the limit is never
 * passed by one. One script, so one round trip and atomic across instances.
 * KEYS[1] current window, KEYS[2] previous window; ARGV max, windowMs, nowMs. Returns {allowed, remaining, resetMs}.
 */
const SLIDING_WINDOW = `
local max = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
local elapsed = now % window
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local previous = tonumber(redis.call('GET', KEYS[2]) or '0')
local weight = (window - elapsed) / window
local used = math.ceil(previous * weight) + current
local reset = now - elapsed + window
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
  slidingWindow(k1: string, k2: string, max: number, windowMs: number, now: number): Promise<[number, number, number]>;
  releaseOne(k1: string): Promise<number>;
  peekWindow(k1: string, k2: string, windowMs: number, now: number): Promise<[number, number]>;
};

export function createRedisStore(url: string, opts: { prefix?: string; now?: () => number } = {}): RateLimitStore {
  // Imported here, not at the top: a server without REDIS_URL never loads ioredis.
  const client = import('ioredis').then(({ Redis }) => {
    const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false }) as SlidingRedis;
    redis.defineCommand('slidingWindow', { numberOfKeys: 2, lua: SLIDING_WINDOW });
    redis.defineCommand('releaseOne', { numberOfKeys: 1, lua: RELEASE });
    redis.defineCommand('peekWindow', { numberOfKeys: 2, lua: PEEK });
    return redis;
  });
  const prefix = opts.prefix ?? 'fitforge:rl:';
  const now = opts.now ?? Date.now;
  const base = (key: string, windowMs: number) => `${prefix}${key}:${windowMs}:`;
  return {
    name: 'redis',
    async hit(key, max, windowMs): Promise<HitResult> {
      const t = now();
      const index = Math.floor(t / windowMs);
      const keys = base(key, windowMs);
      const [allowed, remaining, reset] = await (await client).slidingWindow(keys + index, keys + (index - 1), max, windowMs, t);
      return { allowed: allowed === 1, remaining: Math.max(0, remaining), resetAt: new Date(reset) };
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
      const redis = await client;
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
