import { MEAL_TYPES, type GoalTargets, type MealType, type NutrientTotals, type Summary } from './schemas';

/** What a day's totals are made of: entries, or per-meal sums the database already added up. */
export interface NutrientRow {
  mealType: MealType;
  calories: number;
  protein: number | null;
  carbs: number | null;
  fat: number | null;
  fibre: number | null;
  /** How many entries the row stands for (1 for an entry). */
  entries?: number;
}

const round1 = (x: number) => Math.round(x * 10) / 10 + 0;

export const ZERO_TOTALS: NutrientTotals = { calories: 0, protein: 0, carbs: 0, fat: 0, fibre: 0 };

/** Sums; an unknown macro counts as 0 g. Grams are rounded to 0.1 once, at the end, so rounding never piles up. */
export function addUp(rows: readonly Omit<NutrientRow, 'mealType'>[]): NutrientTotals & { entries: number } {
  let calories = 0;
  let protein = 0;
  let carbs = 0;
  let fat = 0;
  let fibre = 0;
  let entries = 0;
  for (const r of rows) {
    calories += r.calories;
    protein += r.protein ?? 0;
    carbs += r.carbs ?? 0;
    fat += r.fat ?? 0;
    fibre += r.fibre ?? 0;
    entries += r.entries ?? 1;
  }
  return { calories: Math.round(calories), protein: round1(protein), carbs: round1(carbs), fat: round1(fat), fibre: round1(fibre), entries };
}

const KEYS = ['calories', 'protein', 'carbs', 'fat', 'fibre'] as const;

/** A day against its targets: totals, per meal, what is left (negative once over) and the share reached. */
export function daySummary(input: { date: string; timezone: string; rows: readonly NutrientRow[]; goals: GoalTargets; goalSource: Summary['goalSource'] }): Omit<Summary, 'exercise'> {
  const { entries, ...totals } = addUp(input.rows);
  const meals = Object.fromEntries(MEAL_TYPES.map((meal) => [meal, addUp(input.rows.filter((r) => r.mealType === meal))])) as Summary['meals'];
  const remaining = Object.fromEntries(KEYS.map((k) => [k, k === 'calories' ? input.goals[k] - totals[k] : round1(input.goals[k] - totals[k])])) as NutrientTotals;
  const progress = Object.fromEntries(KEYS.map((k) => [k, input.goals[k] > 0 ? Math.round((totals[k] / input.goals[k]) * 1000) / 1000 : 0])) as Summary['progress'];
  return { date: input.date, timezone: input.timezone, totals, goals: input.goals, goalSource: input.goalSource, remaining, progress, meals, entries };
}

/** The mean of the days that have something logged (an empty day is a day not tracked, not a day of fasting). */
export function averageOfLoggedDays(days: readonly (NutrientTotals & { entries: number })[]): NutrientTotals | null {
  const logged = days.filter((d) => d.entries > 0);
  if (logged.length === 0) return null;
  const sum = addUp(logged.map((d) => ({ ...d, entries: 1 })));
  const n = logged.length;
  return { calories: Math.round(sum.calories / n), protein: round1(sum.protein / n), carbs: round1(sum.carbs / n), fat: round1(sum.fat / n), fibre: round1(sum.fibre / n) };
}
