/**
 * The food table shared by meal logging, the photo calorie tracker and the nutrition-plan engine.
 *
 * Values come from USDA FoodData Central (public domain). Whole foods carry the SR Legacy or
 * Foundation entry they were taken from; mixed dishes carry the nearest FNDDS entry, or, where
 * USDA has no such dish, say in `source.description` that the values are an estimate built from
 * named SR Legacy ingredients.
 */

export type FoodCategory =
  | 'fruit'
  | 'vegetable'
  | 'grain'
  | 'legume'
  | 'nut_seed'
  | 'meat'
  | 'poultry'
  | 'seafood'
  | 'egg'
  | 'dairy'
  | 'plant_protein'
  | 'western_dish'
  | 'chinese_dish'
  | 'asian_dish'
  | 'snack'
  | 'dessert'
  | 'drink'
  | 'condiment'
  | 'fat_oil'
  | 'bread_bakery'
  | 'fast_food';
/** What a food contains, for dietary restrictions: a vegetarian excludes meat/pork/poultry/fish/shellfish/gelatin; a vegan also egg/dairy/honey; pescatarian excludes meat/pork/poultry/gelatin; halal excludes pork/alcohol/gelatin; gluten-free excludes gluten; dairy-free excludes dairy; nut-free excludes tree_nut and peanut. */
export type FoodTag = 'meat' | 'pork' | 'poultry' | 'fish' | 'shellfish' | 'egg' | 'dairy' | 'gluten' | 'tree_nut' | 'peanut' | 'soy' | 'sesame' | 'alcohol' | 'honey' | 'gelatin';
export type MealRole = 'breakfast' | 'main' | 'side' | 'snack' | 'drink';
/** A household measure, e.g. { unit: { en: '1 medium', zh: '1 个（中）' }, grams: 118 }. */
export interface Portion {
  unit: { en: string; zh: string };
  grams: number;
}
export interface Food {
  /** kebab-case, unique, stable. */
  id: string;
  name: { en: string; zh: string };
  /** Other common names (e.g. 'scallion' for green onion; 番茄/西红柿). */
  aliases?: { en?: string[]; zh?: string[] };
  category: FoodCategory;
  /** Grams (kcal for energy) per 100 g edible portion, as eaten (cooked where normally cooked). */
  per100g: { kcal: number; protein: number; carbs: number; fat: number; fibre: number };
  /** 1+, the typical ways people measure it (piece, cup, bowl, slice, tbsp, serving). */
  portions: Portion[];
  /** Every tag that applies; [] when none. */
  tags: FoodTag[];
  /** Where it fits in a day's meals; [] for ingredients such as oils and sauces. */
  mealRoles: MealRole[];
  source: { dataset: 'USDA FDC Foundation' | 'USDA FDC SR Legacy' | 'USDA FDC FNDDS' | 'USDA FDC Branded'; description: string; fdcId?: number };
}
