import { z } from 'zod';
import { isWellFormed, toOneLine } from '#core/common/text';
import { NUTRITION_LIMITS } from '../schemas';
import { KITCHEN_LIMITS } from './schemas';

/**
 * A nutrition label read from a photo (ADR 027): the vision model copies what is printed, column by column; the
 * arithmetic (kJ to kcal, per 100 g to the serving) is done here, where it is tested, never in the prompt.
 */

const printed = z.number().nullable();

/** One column of the label as printed; null where the column has no such line or it cannot be read. */
export const labelColumnSchema = z.object({
  /** Energy in kilocalories, when printed in kcal. */
  kcal: printed,
  /** Energy in kilojoules, when printed in kJ. */
  kj: printed,
  protein: printed,
  carbs: printed,
  fat: printed,
});
export type LabelColumn = z.infer<typeof labelColumnSchema>;

/** What the model must answer; the numbers are unchecked here: `labelServing` decides whether they make a label. */
export const labelAnswerSchema = z.object({
  /** False when the photo shows no nutrition label, or too little of it to read. */
  readable: z.boolean(),
  /** The product's name when the photo shows it, else null. */
  name: z.string().nullable(),
  /** The serving size in grams (or millilitres), as printed; null when the label gives none. */
  servingGrams: printed,
  /** The per-serving (or per-portion) column, when the label has one. */
  perServing: labelColumnSchema.nullable(),
  /** The per-100 g (or per-100 ml) column, when the label has one. */
  per100g: labelColumnSchema.nullable(),
});
export type LabelAnswer = z.infer<typeof labelAnswerSchema>;

/** Which column the values come from: the serving's own, or per 100 g scaled to the serving (100 g when none is given). */
export const LABEL_BASES = ['serving', 'per100g'] as const;

/** POST /api/foods/labels: the label's values per serving, ready for the label form. */
export const labelReadingSchema = z.object({
  name: z.string().optional(),
  servingGrams: z.number(),
  calories: z.number().int(),
  protein: z.number(),
  carbs: z.number(),
  fat: z.number(),
  basis: z.enum(LABEL_BASES),
});
export type LabelReading = z.infer<typeof labelReadingSchema>;

const KJ_PER_KCAL = 4.184;
const r1 = (x: number) => Math.round(x * 10) / 10;
const usable = (x: number | null | undefined): x is number => typeof x === 'number' && Number.isFinite(x) && x >= 0;

/** A column's energy in kcal: as printed in kcal, else converted from kJ. */
export function energyKcal(column: LabelColumn | null): number | null {
  if (!column) return null;
  if (usable(column.kcal)) return column.kcal;
  if (usable(column.kj)) return column.kj / KJ_PER_KCAL;
  return null;
}

const MACROS = ['protein', 'carbs', 'fat'] as const;

/**
 * The label's values for one serving, or null when they do not make a label the form would take: the serving's own
 * column when it has energy and the three macros, else the per-100 g column scaled to the serving (to 100 g when the
 * label gives no serving size). A serving size the label leaves out is worked out from the two energy lines when both
 * columns are printed. Values out of the form's bounds, or macros weighing more than the serving, are a misreading.
 */
export function labelServing(answer: LabelAnswer): LabelReading | null {
  if (!answer.readable) return null;
  const serving = answer.perServing;
  const per100 = answer.per100g;
  const servingKcal = energyKcal(serving);
  const per100Kcal = energyKcal(per100);

  let grams = usable(answer.servingGrams) && answer.servingGrams > 0 ? answer.servingGrams : null;
  if (grams === null && servingKcal !== null && per100Kcal !== null && per100Kcal > 0 && servingKcal > 0) grams = (100 * servingKcal) / per100Kcal;

  let values: { calories: number; protein: number; carbs: number; fat: number; basis: LabelReading['basis'] } | null = null;
  if (serving && servingKcal !== null && MACROS.every((m) => usable(serving[m])) && grams !== null) {
    values = { calories: servingKcal, protein: serving.protein!, carbs: serving.carbs!, fat: serving.fat!, basis: 'serving' };
  } else if (per100 && per100Kcal !== null && MACROS.every((m) => usable(per100[m]))) {
    grams ??= 100;
    const f = grams / 100;
    values = { calories: per100Kcal * f, protein: per100.protein! * f, carbs: per100.carbs! * f, fat: per100.fat! * f, basis: 'per100g' };
  }
  if (!values || grams === null) return null;

  const reading: LabelReading = {
    servingGrams: r1(grams),
    calories: Math.round(values.calories),
    protein: r1(values.protein),
    carbs: r1(values.carbs),
    fat: r1(values.fat),
    basis: values.basis,
  };
  const name = nameOf(answer.name);
  if (name) reading.name = name;
  return withinBounds(reading) ? reading : null;
}

/** The model's name as the form's name field takes it: one line, at most 100 characters; none when it has none. */
function nameOf(text: string | null): string | undefined {
  if (!text) return undefined;
  let name = toOneLine(text).trim().slice(0, NUTRITION_LIMITS.foodName).trim();
  // The cut may split a character made of two UTF-16 units.
  if (!isWellFormed(name)) name = name.slice(0, -1);
  return name && isWellFormed(name) ? name : undefined;
}

/** The label form's bounds (barcodeProductInputSchema), and macros that fit in the serving (a tenth over for rounding). */
function withinBounds(r: LabelReading): boolean {
  if (r.servingGrams < NUTRITION_LIMITS.minGrams || r.servingGrams > KITCHEN_LIMITS.servingGrams) return false;
  if (r.calories > NUTRITION_LIMITS.calories) return false;
  if (MACROS.some((m) => r[m] > NUTRITION_LIMITS.macro)) return false;
  return r.protein + r.carbs + r.fat <= r.servingGrams * 1.1 + 1;
}
