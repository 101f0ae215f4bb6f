import { describe, expect, it } from 'vitest';
import { StatsCache } from './stats-cache';

describe('StatsCache', () => {
  it('computes again when the key changes, and keeps only the most recently used slots', async () => {
    const cache = new StatsCache(2);
    let runs = 0;
    const compute = (value: string) => async () => {
      runs++;
      return value;
    };
    expect(await cache.get('a', 'v1', compute('a1'))).toBe('a1');
    expect(await cache.get('a', 'v1', compute('not used'))).toBe('a1');
    expect(await cache.get('a', 'v2', compute('a2'))).toBe('a2');
    expect(runs).toBe(2);
    await cache.get('b', 'v1', compute('b1'));
    await cache.get('a', 'v2', compute('not used')); // a is now the most recent
    await cache.get('c', 'v1', compute('c1')); // evicts b
    expect(runs).toBe(4);
    expect(await cache.get('a', 'v2', compute('not used'))).toBe('a2');
    expect(await cache.get('b', 'v1', compute('b again'))).toBe('b again');
    expect(runs).toBe(5);
  });

  it('does not keep a failed computation', async () => {
    const cache = new StatsCache();
    await expect(cache.get('a', 'v1', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('a', 'v1', async () => 'ok')).toBe('ok');
  });
});
