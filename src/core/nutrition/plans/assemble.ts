import type { Locale } from '#core/common/schemas';
import { foodById, nutrientsFor, type Food, type FoodCategory } from '../foods';
import type { MealType } from '../schemas';
import type { NutritionPlanBrief } from './brief';
import type { DietaryRestriction } from './diets';
import type { Aisle, NutritionPlan, NutritionPlanItem, NutritionPlanNutrients, PortionHint, ShoppingItem } from './schemas';
import { defaultPlanSummary, defaultPlanTitle } from './text';

/** A day as a generator chooses it: foods of the table and their weights, meal by meal. */
export interface DayPicks {
  meals: { type: MealType; items: { foodId: string; grams: number }[] }[];
}

/** Grams to one decimal, as the food table's amounts are shown (and never -0). */
export const round1 = (x: number) => Math.round(x * 10) / 10 + 0;

export function sumNutrients(parts: readonly NutritionPlanNutrients[]): NutritionPlanNutrients {
  const t = parts.reduce((s, p) => ({ calories: s.calories + p.calories, protein: s.protein + p.protein, carbs: s.carbs + p.carbs, fat: s.fat + p.fat, fibre: s.fibre + p.fibre }), {
    calories: 0,
    protein: 0,
    carbs: 0,
    fat: 0,
    fibre: 0,
  });
  return { calories: t.calories, protein: round1(t.protein), carbs: round1(t.carbs), fat: round1(t.fat), fibre: round1(t.fibre) };
}

/** A household measure near a weight: the food's portion whose count comes out roundest (½ steps), else null. */
export function portionHint(food: Food, grams: number, locale: Locale): PortionHint | null {
  let best: { label: string; quantity: number; miss: number } | null = null;
  for (const p of food.portions) {
    const count = grams / p.grams;
    if (count < 0.5 || count > 12) continue;
    const quantity = Math.round(count * 2) / 2;
    const miss = Math.abs(count - quantity) / count;
    if (!best || miss < best.miss - 1e-9) best = { label: p.unit[locale], quantity, miss };
  }
  return best && best.miss <= 0.2 ? { label: best.label, quantity: best.quantity } : null;
}

export function planItem(food: Food, grams: number, locale: Locale): NutritionPlanItem {
  const n = nutrientsFor(food, grams);
  return {
    foodId: food.id,
    name: food.name[locale],
    grams,
    portion: portionHint(food, grams, locale),
    calories: n.kcal,
    protein: n.protein,
    carbs: n.carbs,
    fat: n.fat,
    fibre: n.fibre,
  };
}

const AISLE_OF: Record<FoodCategory, Aisle> = {
  fruit: 'produce',
  vegetable: 'produce',
  meat: 'protein',
  poultry: 'protein',
  seafood: 'protein',
  egg: 'protein',
  plant_protein: 'protein',
  dairy: 'dairy',
  grain: 'grains',
  bread_bakery: 'grains',
  legume: 'pantry',
  nut_seed: 'pantry',
  fat_oil: 'pantry',
  condiment: 'pantry',
  snack: 'pantry',
  drink: 'pantry',
  dessert: 'prepared',
  western_dish: 'prepared',
  chinese_dish: 'prepared',
  asian_dish: 'prepared',
  fast_food: 'prepared',
};

/** The week's foods added up, by aisle, largest first within each. */
export function shoppingList(days: readonly DayPicks[], locale: Locale): ShoppingItem[] {
  const grams = new Map<string, number>();
  for (const day of days) for (const meal of day.meals) for (const item of meal.items) grams.set(item.foodId, (grams.get(item.foodId) ?? 0) + item.grams);
  const items: ShoppingItem[] = [];
  for (const [foodId, total] of grams) {
    const food = foodById(foodId);
    if (!food) continue;
    const rounded = Math.ceil(total / 10) * 10;
    items.push({ foodId, name: food.name[locale], grams: rounded, aisle: AISLE_OF[food.category], portion: portionHint(food, rounded, locale) });
  }
  const order = (a: Aisle) => ['produce', 'protein', 'dairy', 'grains', 'pantry', 'prepared'].indexOf(a);
  return items.sort((a, b) => order(a.aisle) - order(b.aisle) || b.grams - a.grams || a.name.localeCompare(b.name));
}

/**
 * The plan document from a generator's choices: names in the plan's language and nutrients from the food table (a
 * generator's own numbers are never trusted), with meal, day and week totals and the shopping list. Unknown food ids
 * are left for checkNutritionPlan to report: they are dropped here.
 */
export function assemblePlan(days: readonly DayPicks[], brief: NutritionPlanBrief, meta: { title: string; summary: string; seed: number | null }): NutritionPlan {
  const { locale } = brief;
  return {
    schemaVersion: 1,
    locale,
    title: brief.planName ?? meta.title,
    summary: meta.summary,
    targets: brief.targets,
    goals: brief.goals,
    goalSource: brief.goalSource,
    adjustments: brief.adjustments,
    dietaryRestrictions: brief.restrictions,
    allergies: brief.allergies.map((a) => ({ text: a.text, tags: a.tags, excludedFoods: a.foodIds.length })),
    mealsPerDay: brief.mealsPerDay,
    days: days.map((day, i) => {
      const meals = day.meals.map((meal) => {
        const items = meal.items.flatMap(({ foodId, grams }) => {
          const food = foodById(foodId);
          return food ? [planItem(food, grams, locale)] : [];
        });
        return { type: meal.type, items, totals: sumNutrients(items) };
      });
      return { day: i + 1, meals, totals: sumNutrients(meals.map((m) => m.totals)) };
    }),
    shoppingList: shoppingList(days, locale),
    seed: meta.seed,
  };
}

/** An item (or shopping-list line) named and measured in `locale`: the food table has both languages of each. */
function itemIn<T extends { foodId: string; name: string; grams: number; portion: PortionHint | null }>(item: T, locale: Locale): T {
  const food = foodById(item.foodId);
  return food ? { ...item, name: food.name[locale], portion: portionHint(food, item.grams, locale) } : item;
}

/**
 * A stored plan as read in `locale`: its foods, household measures and shopping list by food id, and the built-in
 * engine's title and summary when the plan still has them. A name the user gave and what an LLM wrote stay as they
 * are; meals are keys the reader's app names itself.
 */
export function nutritionPlanIn(plan: NutritionPlan, locale: Locale): NutritionPlan {
  if (plan.locale === locale) return plan;
  return {
    ...plan,
    locale,
    title: nutritionPlanTitleIn({ ...plan, calories: plan.targets.calories }, locale),
    summary: plan.summary === defaultPlanSummary(plan.targets, plan.mealsPerDay, plan.locale) ? defaultPlanSummary(plan.targets, plan.mealsPerDay, locale) : plan.summary,
    days: plan.days.map((day) => ({ ...day, meals: day.meals.map((meal) => ({ ...meal, items: meal.items.map((item) => itemIn(item, locale)) })) })),
    shoppingList: plan.shoppingList.map((item) => itemIn(item, locale)),
  };
}

/** The plan's name in `locale`: the engine's own follows the reader's language, any other stays. */
export function nutritionPlanTitleIn(plan: { title: string; dietaryRestrictions: readonly DietaryRestriction[]; calories: number; locale: Locale }, locale: Locale): string {
  return plan.title === defaultPlanTitle(plan.dietaryRestrictions, plan.calories, plan.locale) ? defaultPlanTitle(plan.dietaryRestrictions, plan.calories, locale) : plan.title;
}
