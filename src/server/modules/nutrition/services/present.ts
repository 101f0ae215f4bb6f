import type { Entry } from '../../../../core/nutrition';
import { localDateOf } from '../../../../core/workouts';
import type { EntryRow } from '../nutrition.repo';

export function toEntry(row: EntryRow, timezone: string): Entry {
  return {
    id: row.id,
    foodName: row.foodName,
    foodId: row.foodId,
    grams: row.grams,
    servingSize: row.servingSize,
    calories: row.calories,
    protein: row.protein,
    carbs: row.carbs,
    fat: row.fat,
    fibre: row.fibre,
    mealType: row.mealType,
    eatenAt: row.eatenAt.toISOString(),
    date: localDateOf(row.eatenAt, timezone),
    source: row.source,
    photoUrl: row.photoKey ? `/api/nutrition/entries/${row.id}/photo` : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
