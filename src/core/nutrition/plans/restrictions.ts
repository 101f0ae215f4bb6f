import { FOODS, normalizeFoodText, type Food, type FoodTag } from '../foods';

/**
 * Dietary restrictions and allergies as rules over the food table. A food is allowed only when none of its tags is
 * excluded by a chosen restriction, it passes the low-carb rule when that is chosen, and none of the allergies names
 * it (through an allergen tag or its own name).
 */

import type { DietaryRestriction } from './diets';

/** What each restriction rules out, by the food table's tags (see FoodTag). */
export const EXCLUDED_TAGS: Record<DietaryRestriction, readonly FoodTag[]> = {
  vegetarian: ['meat', 'pork', 'poultry', 'fish', 'shellfish', 'gelatin'],
  vegan: ['meat', 'pork', 'poultry', 'fish', 'shellfish', 'gelatin', 'egg', 'dairy', 'honey'],
  pescatarian: ['meat', 'pork', 'poultry', 'gelatin'],
  gluten_free: ['gluten'],
  dairy_free: ['dairy'],
  nut_free: ['tree_nut', 'peanut'],
  halal: ['pork', 'alcohol', 'gelatin'],
  low_carb: [],
};

/**
 * Low-carb rules out starchy and sugary foods: more than 10 g of carbohydrate per 100 g that also give more than 35 %
 * of the food's energy. Vegetables, berries, dairy, nuts, meat, fish, eggs and tofu stay; rice, bread, pasta, potatoes,
 * most fruit and sweets go.
 */
export const LOW_CARB_MAX_CARBS_PER_100G = 10;
export const LOW_CARB_MAX_CARB_SHARE = 0.35;

export function breaksLowCarb(food: Food): boolean {
  const { carbs, kcal } = food.per100g;
  return carbs > LOW_CARB_MAX_CARBS_PER_100G && kcal > 0 && (carbs * 4) / kcal > LOW_CARB_MAX_CARB_SHARE;
}

/** Common allergen words in English and Chinese, and the tags they stand for. */
const ALLERGEN_WORDS: ReadonlyArray<[words: string[], tags: FoodTag[]]> = [
  [['peanut', 'peanuts', 'groundnut', '花生'], ['peanut']],
  [
    ['nut', 'nuts', '坚果'],
    ['tree_nut', 'peanut'],
  ],
  [['tree nut', 'tree nuts', '树坚果'], ['tree_nut']],
  [
    [
      'shellfish',
      'crustacean',
      'crustaceans',
      'shrimp',
      'prawn',
      'prawns',
      'crab',
      'lobster',
      'clam',
      'clams',
      'oyster',
      'oysters',
      'mussel',
      'mussels',
      'scallop',
      'scallops',
      '贝类',
      '甲壳类',
      '虾',
      '蟹',
      '贝',
    ],
    ['shellfish'],
  ],
  [['fish', '鱼', '鱼类'], ['fish']],
  [
    ['seafood', '海鲜'],
    ['fish', 'shellfish'],
  ],
  [['egg', 'eggs', '蛋', '鸡蛋', '蛋类'], ['egg']],
  [['milk', 'dairy', 'lactose', 'cheese', 'casein', 'whey', '牛奶', '奶', '乳制品', '乳糖', '奶制品'], ['dairy']],
  [['soy', 'soya', 'soybean', 'soybeans', '大豆', '黄豆', '豆制品'], ['soy']],
  [['sesame', '芝麻'], ['sesame']],
  [['gluten', 'wheat', 'coeliac', 'celiac', '麸质', '小麦', '面筋'], ['gluten']],
  [['alcohol', '酒', '酒精'], ['alcohol']],
  [['pork', '猪肉'], ['pork']],
  [['gelatin', 'gelatine', '明胶'], ['gelatin']],
  [['honey', '蜂蜜'], ['honey']],
];
/** Words whose name match would rule out too much: a milk allergy does not rule out soy milk or coconut milk. */
const TAG_ONLY_WORDS = new Set(['milk', '奶']);
const TAGS_BY_WORD = new Map<string, FoodTag[]>(ALLERGEN_WORDS.flatMap(([words, tags]) => words.map((w) => [normalizeFoodText(w), tags] as const)));

export const MAX_ALLERGY_TERMS = 20;

export interface AllergyTerm {
  /** As the user wrote it, trimmed. */
  text: string;
  /** Allergen tags the term stands for (e.g. shrimp → shellfish). */
  tags: FoodTag[];
  /** Foods of the table the term rules out, by tag or by name. */
  foodIds: string[];
}

/** Splits free text ("peanuts, shrimp、芒果") into terms: commas, semicolons, slashes, 、 and new lines separate them. */
export function splitAllergies(text: string): string[] {
  const seen = new Set<string>();
  const terms: string[] = [];
  for (const raw of text.split(/[,，、;；/\n]+|\band\b|和/)) {
    const term = raw.trim();
    const key = normalizeFoodText(term);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    terms.push(term);
    if (terms.length === MAX_ALLERGY_TERMS) break;
  }
  return terms;
}

/** English plural to singular, enough for food words: berries → berry, tomatoes → tomato, peaches → peach, nuts → nut. */
function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(ches|shes|sses|xes|oes)$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

const CJK = /[\u3400-\u9fff]/;

/**
 * Every food's names and aliases in both languages, normalised once, and their singular words (for English), each
 * name as a list and all of them as a set.
 */
let nameIndex: Map<Food, { names: string[]; words: string[][]; wordSet: Set<string> }> | undefined;
function namesOf(food: Food) {
  nameIndex ??= new Map(
    FOODS.map((f) => {
      const names = [f.name.en, f.name.zh, ...(f.aliases?.en ?? []), ...(f.aliases?.zh ?? [])].map(normalizeFoodText);
      const words = names.map((n) => n.split(' ').map(singular));
      return [f, { names, words, wordSet: new Set(words.flat()) }];
    }),
  );
  return nameIndex.get(food)!;
}

/**
 * Whether a food's name (or alias, in either language) contains the term as whole words (English) or as text
 * (Chinese): the term is read once, then asked of every food.
 */
function mentions(term: string): (food: Food) => boolean {
  if (CJK.test(term)) return (food) => namesOf(food).names.some((n) => n.includes(term));
  const want = term.split(' ').map(singular);
  if (want.join('').length < 3) return () => false;
  return (food) => {
    const { words, wordSet } = namesOf(food);
    return wordSet.has(want[0]) && words.some((w) => w.some((_, i) => want.every((x, j) => w[i + j] === x)));
  };
}

/** Reads the allergies a user typed: which tags each term stands for and which foods it rules out. */
export function parseAllergies(text: string): AllergyTerm[] {
  return splitAllergies(text).map((term) => {
    const key = normalizeFoodText(term);
    const tags = TAGS_BY_WORD.get(key) ?? TAGS_BY_WORD.get(singular(key)) ?? [];
    const named = TAG_ONLY_WORDS.has(key) ? () => false : mentions(key);
    const foodIds = FOODS.filter((f) => f.tags.some((t) => tags.includes(t)) || named(f)).map((f) => f.id);
    return { text: term, tags: [...tags], foodIds };
  });
}

export interface DietRules {
  restrictions: readonly DietaryRestriction[];
  /** Tags ruled out by the restrictions and the allergies together. */
  excludedTags: ReadonlySet<FoodTag>;
  /** Foods ruled out by name through an allergy. */
  excludedFoodIds: ReadonlySet<string>;
  lowCarb: boolean;
}

export function dietRules(restrictions: readonly DietaryRestriction[], allergies: readonly AllergyTerm[] = []): DietRules {
  const excludedTags = new Set<FoodTag>([...restrictions.flatMap((r) => EXCLUDED_TAGS[r]), ...allergies.flatMap((a) => a.tags)]);
  return { restrictions, excludedTags, excludedFoodIds: new Set(allergies.flatMap((a) => a.foodIds)), lowCarb: restrictions.includes('low_carb') };
}

/** Why a food breaks the rules: the first excluded tag, 'low_carb', or 'allergy'; null when it is allowed. */
export function ruleBroken(food: Food, rules: DietRules): FoodTag | 'low_carb' | 'allergy' | null {
  const tag = food.tags.find((t) => rules.excludedTags.has(t));
  if (tag) return tag;
  if (rules.lowCarb && breaksLowCarb(food)) return 'low_carb';
  if (rules.excludedFoodIds.has(food.id)) return 'allergy';
  return null;
}

export const isAllowed = (food: Food, rules: DietRules): boolean => ruleBroken(food, rules) === null;
