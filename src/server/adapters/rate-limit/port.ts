export interface HitResult {
  allowed: boolean;
  /** Requests left in the window after this one (0 when refused). */
  remaining: number;
  /** When the window frees up again. */
  resetAt: Date;
}

/** Counts requests per key. `hit` counts one request and says whether it fits in `max` per `windowMs`. */
export interface RateLimitStore {
  readonly name: 'memory' | 'redis';
  hit(key: string, max: number, windowMs: number): Promise<HitResult>;
  close(): Promise<void>;
}
