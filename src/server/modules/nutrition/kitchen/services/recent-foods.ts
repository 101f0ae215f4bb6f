import { KITCHEN_LIMITS, type RecentFood, type RecentFoods } from '#core/nutrition/kitchen/schemas';
import type { Db } from '#server/db/client';
import type { EntryRow } from '#server/modules/nutrition/nutrition.repo';
import { tableName } from '#server/modules/nutrition/services/present';
import * as repo from '../kitchen.repo';

const DAY = 86_400_000;

function toRecent(row: EntryRow, uses: number): RecentFood {
  return {
    foodId: row.foodId,
    foodName: row.foodName,
    tableName: tableName(row),
    grams: row.grams,
    servingSize: row.servingSize,
    calories: row.calories,
    protein: row.protein,
    carbs: row.carbs,
    fat: row.fat,
    fibre: row.fibre,
    mealType: row.mealType,
    lastEatenAt: row.eatenAt.toISOString(),
    uses,
  };
}

/** The foods of the user's last 90 days: the last logged, and the most logged (twice at least), each as last logged. */
export async function recentFoods(db: Db, userId: string, now = new Date()): Promise<RecentFoods> {
  const foods = (await repo.lastOfEachFood(db, userId, new Date(now.getTime() - KITCHEN_LIMITS.recentDays * DAY))).map(({ row, uses }) => toRecent(row, uses));
  const byLast = (a: RecentFood, b: RecentFood) => b.lastEatenAt.localeCompare(a.lastEatenAt);
  return {
    recent: [...foods].sort(byLast).slice(0, KITCHEN_LIMITS.recentFoods),
    frequent: foods
      .filter((f) => f.uses >= 2)
      .sort((a, b) => b.uses - a.uses || byLast(a, b))
      .slice(0, KITCHEN_LIMITS.frequentFoods),
  };
}
