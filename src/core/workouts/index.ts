/**
 * Workout logging, streaks and stats: the rules, free of I/O, shared by the server and the web app.
 *
 * - schemas.ts  request bodies and response shapes of /api/workouts, /api/stats and /api/training-schedule
 * - messages.ts the texts of their rules (imported from there, not through this index)
 * - dates.ts    calendar days in the user's time zone
 * - streaks.ts  current and longest streak (planned rest days are neutral)
 * - schedule.ts the user's training week and its history
 * - calories.ts MET × body weight × hours
 * - records.ts  personal records and the Epley 1RM estimate
 * - stats.ts    totals, weekly and monthly buckets, and the pro breakdowns
 */
import { effectiveTier } from '#core/billing/catalogue';
import type { SubscriptionStatus, SubscriptionTier } from '#core/profile/schemas';

export * from './calories';
export * from './dates';
export * from './records';
export * from './schedule';
export * from './schemas';
export * from './stats';
export * from './streaks';

/** "Advanced personalized stats" are a Pro feature (spec section 6); a lapsed subscription loses them. */
export function hasAdvancedStats(tier: SubscriptionTier, status: SubscriptionStatus): boolean {
  return effectiveTier(tier, status) === 'pro';
}
