import type { FieldError } from '#core/errors/catalogue';
import type { MessageText } from '#core/messages/catalogue';
import type { Locale } from '#core/common/schemas';
import { nutrientsFor, type Food, type NutrientAmounts } from './foods';
import { NUTRITION_LIMITS } from './schemas';
import { NUTRITION_MESSAGES } from './messages';

const round1 = (x: number) => Math.round(x * 10) / 10 + 0;

/** Stored precision: whole kcal, grams to 0.1 (what the food table gives, so sums of table entries stay exact). */
export function roundNutrients<T extends { calories: number; protein?: number | null; carbs?: number | null; fat?: number | null; fibre?: number | null }>(v: T) {
  const opt = (x: number | null | undefined) => (x == null ? null : round1(x));
  return { calories: Math.round(v.calories) + 0, protein: opt(v.protein), carbs: opt(v.carbs), fat: opt(v.fat), fibre: opt(v.fibre) };
}

export function fromTableNutrients(n: NutrientAmounts) {
  return { calories: n.kcal, protein: n.protein, carbs: n.carbs, fat: n.fat, fibre: n.fibre };
}

function formatAmount(x: number): string {
  return String(Math.round(x * 10) / 10);
}

/** "1 cup (240 g)", "2 × 1 slice (64 g)", "150 g" (in Chinese "1 杯（240 克）"): what the log shows, within the serving-size limit. */
export function servingLabel(grams: number, portion?: { unit: string; quantity: number }, locale: Locale = 'en'): string {
  const weight = locale === 'zh' ? `${formatAmount(grams)} 克` : `${formatAmount(grams)} g`;
  if (!portion) return weight;
  const count = portion.quantity === 1 ? portion.unit : `${formatAmount(portion.quantity)} × ${portion.unit}`;
  const full = locale === 'zh' ? `${count}（${weight}）` : `${count} (${weight})`;
  if (full.length <= NUTRITION_LIMITS.servingSize) return full;
  return count.length <= NUTRITION_LIMITS.servingSize ? count : `${count.slice(0, NUTRITION_LIMITS.servingSize - 1)}…`;
}

export interface TableAmount {
  grams: number;
  servingSize: string;
  nutrients: ReturnType<typeof fromTableNutrients>;
}

/**
 * The weight of a table food the user chose — grams as typed, or a portion of the table times a quantity — and what
 * it contains. A portion index the food does not have is a field error.
 */
export function tableAmount(food: Food, amount: { grams?: number | null; portion?: number | null; quantity?: number | null }, locale: Locale): TableAmount | FieldError {
  let grams: number;
  let label: string;
  if (amount.portion != null) {
    const portion = food.portions[amount.portion];
    if (!portion) return { field: 'portion', message: NUTRITION_MESSAGES.portion };
    const quantity = amount.quantity ?? 1;
    grams = round1(portion.grams * quantity);
    label = servingLabel(grams, { unit: portion.unit[locale], quantity }, locale);
  } else if (amount.grams != null) {
    grams = round1(amount.grams);
    label = servingLabel(grams, undefined, locale);
  } else {
    return { field: 'grams', message: NUTRITION_MESSAGES.amountRequired };
  }
  const field = amount.portion != null ? 'quantity' : 'grams';
  if (grams < NUTRITION_LIMITS.minGrams || grams > NUTRITION_LIMITS.grams) return { field, message: NUTRITION_MESSAGES.grams };
  const nutrients = fromTableNutrients(nutrientsFor(food, grams));
  // A kilo of oil is within the weight limit but not within an entry's: the entry limits hold whatever the source.
  const over = nutrientLimitError(nutrients);
  if (over) return { field, message: over };
  return { grams, servingSize: label, nutrients };
}

/** The message of the first nutrient outside the entry limits of spec section 5, or null. */
export function nutrientLimitError(n: { calories: number; protein: number | null; carbs: number | null; fat: number | null; fibre: number | null }): MessageText | null {
  const M = NUTRITION_MESSAGES;
  const L = NUTRITION_LIMITS;
  if (n.calories > L.calories) return M.calories;
  if ((n.protein ?? 0) > L.macro) return M.protein;
  if ((n.carbs ?? 0) > L.macro) return M.carbs;
  if ((n.fat ?? 0) > L.macro) return M.fat;
  if ((n.fibre ?? 0) > L.macro) return M.fibre;
  return null;
}

export function isFieldError(value: unknown): value is FieldError {
  return typeof value === 'object' && value !== null && 'field' in value && 'message' in value;
}
