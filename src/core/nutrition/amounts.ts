/**
 * Nutrients of a weighed amount from values per 100 g, rounded as the food table rounds them (whole kcal, 0.1 g):
 * what the portion picker shows as the user changes the weight, before the server computes the same from the table.
 */
export interface Per100g {
  kcal: number;
  protein: number;
  carbs: number;
  fat: number;
  fibre: number;
}

const round1 = (x: number): number => Math.round(x * 10) / 10 + 0;

export function amountOf(per100g: Per100g, grams: number): { calories: number; protein: number; carbs: number; fat: number; fibre: number } {
  const f = Number.isFinite(grams) && grams > 0 ? grams / 100 : 0;
  return {
    calories: Math.round(per100g.kcal * f) + 0,
    protein: round1(per100g.protein * f),
    carbs: round1(per100g.carbs * f),
    fat: round1(per100g.fat * f),
    fibre: round1(per100g.fibre * f),
  };
}
