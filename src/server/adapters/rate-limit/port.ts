export interface HitResult {
  allowed: boolean;
  /** Requests left in the window after this one (0 when refused). */
  remaining: number;
  /** When the window frees up again. */
  resetAt: Date;
}

/**
 * How `hit` counts: `exact` asks the store for each request; `lease` lets a key's requests through in process from a
 * share of what is left, counted in the store in batches (ADR 031), so it may pass `max` by a few when instances
 * share the store, and `remaining` leaves out what other instances let through since the last batch. In memory both
 * are exact. `release` and `peek` are for keys counted exactly.
 */
export type HitMode = 'exact' | 'lease';

/** Counts requests per key. `hit` counts one request and says whether it fits in `max` per `windowMs`. */
export interface RateLimitStore {
  readonly name: 'memory' | 'redis';
  hit(key: string, max: number, windowMs: number, mode?: HitMode): Promise<HitResult>;
  /**
   * Takes back one request that `hit` let through, once it turns out not to count (a sign-in that succeeded).
   * Counting first and giving back later keeps parallel requests from all slipping past a limit nearly used up.
   * A request that straddles a window's end may give back one counted in the new window: off by one at most.
   */
  release(key: string, windowMs: number): Promise<void>;
  /**
   * What `hit` would find, without counting anything: requests left of `max`, and when the window frees up (null
   * when nothing is counted). For telling a person what is left before they ask.
   */
  peek(key: string, max: number, windowMs: number): Promise<{ remaining: number; resetAt: Date | null }>;
  close(): Promise<void>;
}
