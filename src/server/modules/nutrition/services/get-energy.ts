import { TREND_WARM_UP_DAYS, weightTrend } from '#core/body/trend';
import { energyWindow, estimateEnergy, type Energy, type EnergyQuery, type IntakeDay } from '#core/nutrition';
import { addDays, localDateOf } from '#core/workouts';
import type { Db } from '#server/db/client';
import * as repo from '../nutrition.repo';
import { dayRange } from './day-range';

/**
 * GET /api/nutrition/energy: the expenditure estimated from the last four weeks of the meal log and the weigh-ins
 * (core/nutrition/energy.ts, ADR 024), and the targets that move the user towards their goal at the chosen rate.
 */
export async function getEnergy(db: Db, userId: string, query: EnergyQuery = {}, now = new Date()): Promise<Energy> {
  const ctx = await repo.loadContext(db, userId);
  const today = localDateOf(now, ctx.timezone);
  const window = energyWindow(today);
  const [rows, weighIns] = await Promise.all([
    repo.nutrientsBetween(db, userId, dayRange(window.startDate, window.endDate, ctx.timezone)),
    repo.weighInsBetween(db, userId, addDays(window.startDate, -TREND_WARM_UP_DAYS), today),
  ]);
  const byDate = new Map<string, IntakeDay>();
  for (const row of rows) {
    const date = localDateOf(row.eatenAt, ctx.timezone);
    const day = byDate.get(date) ?? { date, calories: 0, entries: 0 };
    day.calories += row.calories;
    day.entries += 1;
    byDate.set(date, day);
  }
  const trend = weightTrend(weighIns);
  return estimateEnergy({
    today,
    year: now.getUTCFullYear(),
    intake: [...byDate.values()],
    weighIns,
    trendWeightKg: trend.at(-1)?.weightKg ?? null,
    body: ctx.body,
    fitnessGoals: ctx.fitnessGoals,
    targetWeightKg: ctx.targetWeightKg,
    goal: { direction: query.goal, rateKgPerWeek: query.rateKgPerWeek },
  });
}
