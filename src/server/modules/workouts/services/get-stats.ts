import { setsPerMuscle } from '#core/coach/muscles';
import { exerciseById } from '#core/plans/exercises';
import {
  addDays,
  consistency,
  dayPlanResolver,
  hasAdvancedStats,
  localDateOf,
  oneRepMaxTrend,
  personalRecords,
  STATS_WEEKS,
  startOfLocalDay,
  summarizeWorkouts,
  volumeByMuscle,
  weekStart,
  type AdvancedStats,
  type LocalDate,
  type ScheduleEntry,
  type Stats,
  type TrainedSet,
} from '#core/workouts';
import type { Db } from '#server/db/client';
import type { UserRow } from '#server/lib/context';
import * as repo from '../workouts.repo';
import { assertProgressTracking } from './progress-access';
import type { StatsCache } from './stats-cache';
import { summarizeStreak } from './summarize-streak';

export async function getStats(db: Db, cache: StatsCache, user: UserRow): Promise<Stats> {
  assertProgressTracking(user);
  const ctx = await repo.loadUserContext(db, user.id);
  const today = localDateOf(Date.now(), ctx.timezone);
  const advanced = hasAdvancedStats(user.subscriptionTier, user.subscriptionStatus);
  const key = [ctx.version, ctx.timezone, today, advanced, ctx.workoutsPerWeek].join('|');
  const joined = localDateOf(user.createdAt, ctx.timezone);
  return cache.get(`stats:${user.id}`, key, () => computeStats(db, user.id, ctx, today, joined, advanced));
}

async function computeStats(db: Db, userId: string, ctx: repo.UserContext, today: LocalDate, joined: LocalDate, advanced: boolean): Promise<Stats> {
  const tz = ctx.timezone;
  // The Pro breakdowns look back 12 weeks at most (the 1RM trend); the 28 days of muscle volume lie inside.
  const since = new Date(startOfLocalDay(addDays(weekStart(today), -7 * (STATS_WEEKS - 1)), tz));
  const thisWeek = new Date(startOfLocalDay(weekStart(today), tz));
  const [timeline, history, candidates, recent, week] = await Promise.all([
    repo.workoutTimeline(db, userId),
    repo.scheduleHistory(db, userId),
    repo.recordCandidates(db, userId),
    advanced ? repo.setsSince(db, userId, since) : Promise.resolve([]),
    repo.setsSince(db, userId, thisWeek),
  ]);
  const summary = summarizeWorkouts(timeline, { timeZone: tz, today });
  const withDate = <T extends { performedAt: Date }>(rows: T[]) => rows.map((r) => ({ ...r, date: localDateOf(r.performedAt, tz) }));
  return {
    ...summarizeStreak(summary.workoutDays, history, today, tz),
    totalWorkouts: summary.totalWorkouts,
    totalMinutes: summary.totalMinutes,
    totalCalories: summary.totalCalories,
    weekly: summary.weekly,
    monthly: summary.monthly,
    personalRecords: personalRecords(withDate(candidates)),
    weekMuscleSets: setsPerMuscle(week),
    advanced: advanced ? advancedStats(withDate(recent), summary.workoutDays, history, today, joined, ctx.workoutsPerWeek) : null,
  };
}

function advancedStats(sets: TrainedSet[], workoutDays: ReadonlySet<LocalDate>, history: ScheduleEntry[], today: LocalDate, joined: LocalDate, weeklyTarget: number): AdvancedStats {
  const planOf = dayPlanResolver(history);
  const window = (weeks: number) => consistency({ weeks, today, since: joined, workoutDays, planOf, weeklyTarget });
  return {
    volumeByMuscle: volumeByMuscle(sets, { today, exerciseOf: exerciseById }),
    oneRepMaxTrend: oneRepMaxTrend(sets, { today }),
    consistency: { last4Weeks: window(4), last12Weeks: window(12) },
  };
}
