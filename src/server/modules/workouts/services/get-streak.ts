import { localDateOf, type StreakSummary } from '#core/workouts';
import type { Db } from '#server/db/client';
import type { UserRow } from '#server/lib/context';
import * as repo from '../workouts.repo';
import { assertProgressTracking } from './progress-access';
import type { StatsCache } from './stats-cache';
import { summarizeStreak } from './summarize-streak';

/**
 * Computed from the workouts (or taken from the cache while they have not changed), not read from user_stats: the
 * days follow the user's time zone as it is now, even when it changed after the last workout.
 */
export async function getStreak(db: Db, cache: StatsCache, user: UserRow): Promise<StreakSummary> {
  assertProgressTracking(user);
  const { timezone, version } = await repo.loadUserContext(db, user.id);
  const today = localDateOf(Date.now(), timezone);
  return cache.get(`streak:${user.id}`, [version, timezone, today].join('|'), async () => {
    const [timeline, history] = await Promise.all([repo.workoutTimeline(db, user.id), repo.scheduleHistory(db, user.id)]);
    const days = new Set(timeline.map((w) => localDateOf(w.performedAt, timezone)));
    return summarizeStreak(days, history, today, timezone);
  });
}
