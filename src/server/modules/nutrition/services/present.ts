import type { Entry } from '#core/nutrition';
import { foodById } from '#core/nutrition/foods';
import { localDateOf } from '#core/workouts';
import type { EntryRow } from '../nutrition.repo';

/** A table food's names when the entry carries one of them (it was logged in some language), not a name of the user's. */
export function tableName(row: Pick<EntryRow, 'foodId' | 'foodName'>): Entry['tableName'] {
  const food = row.foodId ? foodById(row.foodId) : undefined;
  return food && (row.foodName === food.name.en || row.foodName === food.name.zh) ? { ...food.name } : null;
}

export function toEntry(row: EntryRow, timezone: string): Entry {
  return {
    id: row.id,
    foodName: row.foodName,
    foodId: row.foodId,
    tableName: tableName(row),
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
