import { NUTRITION_LIMITS, type MealType } from '#core/nutrition/schemas';
import { clip, emptyImport, problem, readNumber, readTable, round, type ParsedImport } from './model';
import { DATA_MESSAGES as M } from './messages';
import { readDate, zonedInstant } from './time';

/** The hour of the day a meal of MyFitnessPal's (which keeps no time) is placed at, in the user's zone. */
const MEAL_HOURS: Record<MealType, number> = { breakfast: 8, lunch: 12.5, dinner: 19, snack: 15.5 };

function mealTypeOf(meal: string): MealType {
  const m = meal.trim().toLowerCase();
  if (m.startsWith('breakfast') || m === '早餐') return 'breakfast';
  if (m.startsWith('lunch') || m === '午餐') return 'lunch';
  if (m.startsWith('dinner') || m.startsWith('supper') || m === '晚餐') return 'dinner';
  return 'snack';
}

/**
 * MyFitnessPal's "Nutrition" export: one row per meal and day (Date, Meal, Calories, Fat (g), …, Carbohydrates (g),
 * Fiber, …, Protein (g), Note). Each row becomes one logged meal named after the meal ("Breakfast (MyFitnessPal)"),
 * at a fixed hour of that day; meals other than breakfast, lunch and dinner are snacks.
 */
export function parseMyFitnessPal(text: string, options: { timeZone: string; now?: number }): ParsedImport {
  const out = emptyImport();
  const now = options.now ?? Date.now();
  const table = readTable(text, ['date', 'meal', 'calories'], 'MyFitnessPal', out);
  if (!table) return out;
  const { get } = table;
  const find = (...names: string[]) => names.find((n) => table.has(n));
  const columns = {
    calories: find('calories'),
    fat: find('fat (g)', 'fat'),
    carbs: find('carbohydrates (g)', 'carbohydrates', 'carbs'),
    protein: find('protein (g)', 'protein'),
    fibre: find('fiber', 'fiber (g)', 'fibre'),
  };
  for (const { line, cells } of table.rows) {
    const dateText = get(cells, 'date');
    const date = readDate(dateText);
    if (!date) {
      out.errors.push(problem(line, M.date, { value: dateText }));
      continue;
    }
    const meal = get(cells, 'meal') || 'Snacks';
    const mealType = mealTypeOf(meal);
    const wall = Date.parse(`${date}T00:00:00Z`) + MEAL_HOURS[mealType] * 3_600_000;
    const eatenAt = zonedInstant(wall, options.timeZone);
    if (eatenAt > now) {
      out.errors.push(problem(line, M.future));
      continue;
    }
    if (date < '2000-01-01') {
      out.errors.push(problem(line, M.tooOld));
      continue;
    }
    const values: Record<string, number | null> = {};
    let bad = false;
    for (const [name, column] of Object.entries(columns)) {
      const raw = column === undefined ? '' : get(cells, column);
      const n = readNumber(raw);
      const max = name === 'calories' ? NUTRITION_LIMITS.calories : NUTRITION_LIMITS.macro;
      if (n !== null && Number.isNaN(n)) out.errors.push(problem(line, M.number, { column: name, value: raw }));
      else if (n !== null && (n < 0 || n > max)) out.errors.push(problem(line, M.range, { column: name, value: n }));
      else {
        values[name] = n;
        continue;
      }
      bad = true;
      break;
    }
    if (bad) continue;
    out.meals.push({
      line,
      foodName: `${clip(meal, 80, 'one') ?? 'Snacks'} (MyFitnessPal)`,
      calories: Math.round(values.calories ?? 0),
      protein: values.protein == null ? null : round(values.protein, 1),
      carbs: values.carbs == null ? null : round(values.carbs, 1),
      fat: values.fat == null ? null : round(values.fat, 1),
      fibre: values.fibre == null ? null : round(values.fibre, 1),
      grams: null,
      servingSize: null,
      mealType,
      eatenAt,
    });
  }
  if (table.unterminatedAt !== null) out.errors.push(problem(table.unterminatedAt, M.unterminated));
  return out;
}
