/**
 * Rate-limit kinds, their limits per identity and their 429 messages (spec section 9, DESIGN decision 7; `signup`
 * and `reset` are ours, ADR 005).
 */
export const RATE_LIMIT_KINDS = ['ai', 'food', 'api', 'auth', 'signup', 'reset', 'profile', 'webhook', 'data', 'label'] as const;
export type RateLimitKind = (typeof RATE_LIMIT_KINDS)[number];

export interface Limit {
  max: number;
  windowMs: number;
}

export const RATE_LIMIT_MESSAGES = {
  tooMany: 'Rate limit exceeded. Please try again later.',
  aiFree: 'Free tier limit reached. Please upgrade for more AI generations.',
  foodFree: 'Free tier limit reached for food analysis. Please upgrade for more.',
  api: 'Too many requests. Please slow down.',
  auth: 'Too many authentication attempts. Please try again later.',
  signup: 'Too many sign-ups from this network. Please try again later.',
  reset: 'Too many password reset requests. Please try again later.',
  profile: 'Too many profile updates. Please try again later.',
  webhook: 'Webhook rate limit exceeded.',
  data: 'Too many imports and exports. Please try again later.',
  label: 'Too many labels read from photos. Please type the values, or try again later.',
} as const;

type RateLimitMessage = (typeof RATE_LIMIT_MESSAGES)[keyof typeof RATE_LIMIT_MESSAGES];

export interface KindLimits {
  free: Limit;
  paid: Limit;
  messageFree: RateLimitMessage;
  messagePaid: RateLimitMessage;
}

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** '10s', '5m', '1h', '1d' → milliseconds. */
export function parseWindow(window: string): number {
  const match = /^(\d+)([smhd])$/.exec(window.trim());
  if (!match || Number(match[1]) === 0) throw new Error('Invalid window format');
  return Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
}

/** 'N/window' (e.g. '5/15m') → a limit. */
export function parseLimit(value: string): Limit {
  const [max, window, ...rest] = value.split('/');
  if (rest.length > 0 || window === undefined) throw new Error('Expected N/window, e.g. 5/15m');
  if (!/^\d+$/.test(max.trim()) || Number(max) < 1) throw new Error('The count must be a whole number of at least 1');
  return { max: Number(max), windowMs: parseWindow(window) };
}

const M = RATE_LIMIT_MESSAGES;

export const DEFAULT_RATE_LIMITS: Record<RateLimitKind, KindLimits> = {
  ai: {
    free: { max: 3, windowMs: parseWindow('1h') },
    paid: { max: 20, windowMs: parseWindow('1h') },
    messageFree: M.aiFree,
    messagePaid: M.tooMany,
  },
  food: {
    free: { max: 5, windowMs: parseWindow('1h') },
    paid: { max: 30, windowMs: parseWindow('1h') },
    messageFree: M.foodFree,
    messagePaid: M.tooMany,
  },
  api: same(100, '1m', M.api),
  // Failed credential checks, per account and per address (DESIGN decision 11).
  auth: same(5, '15m', M.auth),
  // Per address: a household or office signing up together, not a script making accounts.
  signup: same(20, '1h', M.signup),
  // Per address: each request sends an email.
  reset: same(10, '1h', M.reset),
  profile: same(10, '5m', M.profile),
  webhook: same(100, '1m', M.webhook),
  // Per user: an import reads and writes up to 100,000 rows, an export reads everything the user has.
  data: same(30, '1h', M.data),
  // Per user: each label read from a photo is a vision-model call; its own limit, so it never uses up the AI plans.
  label: same(20, '1h', M.label),
};

function same(max: number, window: string, message: RateLimitMessage): KindLimits {
  const limit = { max, windowMs: parseWindow(window) };
  return { free: limit, paid: limit, messageFree: message, messagePaid: message };
}
