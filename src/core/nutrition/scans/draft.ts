import type { Locale } from '#core/common/schemas';
import type { Food } from '../foods/types';
import type { ScanItem, ScanNutrients } from './schemas';

/**
 * Draft maths shared by the server (building the draft) and the web app (the user's corrections): every number of
 * an item follows from its grams and its density, so a change of grams rescales the item and the totals at once.
 */

const round1 = (x: number) => Math.round(x * 10) / 10 + 0;

function densityOf(food: Food): ScanNutrients {
  const p = food.per100g;
  return { calories: p.kcal, protein: p.protein, carbs: p.carbs, fat: p.fat };
}

/**
 * A draft item for `grams` of a food of the table. Its numbers come from the density exactly as the table's own
 * nutrientsFor rounds them; this module stays free of the table itself, so the web app does not download it.
 */
export function itemForFood(food: Food, grams: number, locale: Locale, extra: { confidence?: number; pieces?: number | null } = {}): ScanItem {
  const base: ScanItem = {
    name: food.name[locale],
    foodId: food.id,
    grams: 0,
    calories: 0,
    protein: 0,
    carbs: 0,
    fat: 0,
    confidence: round2(extra.confidence ?? 1),
    estimated: false,
    pieces: extra.pieces ?? null,
    per100g: densityOf(food),
  };
  return withGrams(base, Math.round(grams));
}

/** A draft item from a vision model's own numbers for a food the table lacks (marked as an estimate). */
export function estimatedItem(name: string, grams: number, amounts: ScanNutrients, confidence: number): ScanItem {
  const g = Math.max(0, Math.round(grams));
  const per = (x: number) => (g > 0 ? round1((x * 100) / g) : 0);
  return {
    name,
    foodId: null,
    grams: g,
    calories: Math.round(amounts.calories),
    protein: round1(amounts.protein),
    carbs: round1(amounts.carbs),
    fat: round1(amounts.fat),
    confidence: round2(confidence),
    estimated: true,
    pieces: null,
    per100g: { calories: per(amounts.calories), protein: per(amounts.protein), carbs: per(amounts.carbs), fat: per(amounts.fat) },
  };
}

/** The item at another weight: its numbers follow its density. */
export function withGrams<T extends ScanItem>(item: T, grams: number): T {
  const g = Number.isFinite(grams) && grams > 0 ? grams : 0;
  const f = g / 100;
  return {
    ...item,
    grams: g,
    calories: Math.round(item.per100g.calories * f) + 0,
    protein: round1(item.per100g.protein * f),
    carbs: round1(item.per100g.carbs * f),
    fat: round1(item.per100g.fat * f),
  };
}

export function totalsOf(items: readonly Pick<ScanItem, 'calories' | 'protein' | 'carbs' | 'fat'>[]): ScanNutrients {
  const sum = (pick: (i: (typeof items)[number]) => number) => items.reduce((s, i) => s + pick(i), 0);
  return {
    calories: Math.round(sum((i) => i.calories)) + 0,
    protein: round1(sum((i) => i.protein)),
    carbs: round1(sum((i) => i.carbs)),
    fat: round1(sum((i) => i.fat)),
  };
}

function round2(x: number) {
  return Math.round(Math.min(1, Math.max(0, x)) * 100) / 100;
}
