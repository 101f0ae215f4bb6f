import type { Food, FoodCategory } from './types';
import { ASIAN_DISHES } from './data/asian-dishes';
import { BREAD_BAKERY } from './data/bread-bakery';
import { CHINESE_DISHES } from './data/chinese-dishes';
import { CONDIMENTS } from './data/condiments';
import { DAIRY } from './data/dairy';
import { DESSERTS } from './data/desserts';
import { DRINKS } from './data/drinks';
import { EGGS } from './data/eggs';
import { FAST_FOOD } from './data/fast-food';
import { FATS_OILS } from './data/fats-oils';
import { FRUIT } from './data/fruit';
import { GRAINS } from './data/grains';
import { LEGUMES } from './data/legumes';
import { MEAT } from './data/meat';
import { NUTS_SEEDS } from './data/nuts-seeds';
import { PLANT_PROTEIN } from './data/plant-protein';
import { POULTRY } from './data/poultry';
import { SEAFOOD } from './data/seafood';
import { SNACKS } from './data/snacks';
import { VEGETABLES } from './data/vegetables';
import { WESTERN_DISHES } from './data/western-dishes';

export type { Food, FoodCategory, FoodTag, MealRole, Portion } from './types';

/** Every food in the table: whole foods first, then baked goods, dishes, snacks, desserts, drinks and condiments. */
export const FOODS: readonly Food[] = [
  ...FRUIT,
  ...VEGETABLES,
  ...GRAINS,
  ...LEGUMES,
  ...NUTS_SEEDS,
  ...MEAT,
  ...POULTRY,
  ...SEAFOOD,
  ...EGGS,
  ...DAIRY,
  ...PLANT_PROTEIN,
  ...FATS_OILS,
  ...BREAD_BAKERY,
  ...WESTERN_DISHES,
  ...CHINESE_DISHES,
  ...ASIAN_DISHES,
  ...FAST_FOOD,
  ...SNACKS,
  ...DESSERTS,
  ...DRINKS,
  ...CONDIMENTS,
];

const BY_ID: ReadonlyMap<string, Food> = new Map(FOODS.map((food) => [food.id, food]));

/** The food with this id, or undefined. */
export function foodById(id: string): Food | undefined {
  return BY_ID.get(id);
}

// ---------------------------------------------------------------------------------------------
// Nutrients for a weighed amount
// ---------------------------------------------------------------------------------------------

export interface NutrientAmounts {
  /** Whole kcal. */
  kcal: number;
  /** Grams, one decimal. */
  protein: number;
  carbs: number;
  fat: number;
  fibre: number;
}

const round1 = (x: number): number => Math.round(x * 10) / 10 + 0;

/**
 * Energy and macronutrients in `grams` of a food (edible weight, as in `per100g`). Energy is rounded
 * to whole kcal and the macronutrients to 0.1 g; a negative or non-finite weight counts as 0 g.
 */
export function nutrientsFor(food: Food, grams: number): NutrientAmounts {
  const g = Number.isFinite(grams) && grams > 0 ? grams : 0;
  const f = g / 100;
  const p = food.per100g;
  return {
    kcal: Math.round(p.kcal * f) + 0,
    protein: round1(p.protein * f),
    carbs: round1(p.carbs * f),
    fat: round1(p.fat * f),
    fibre: round1(p.fibre * f),
  };
}

// ---------------------------------------------------------------------------------------------
// Search
// ---------------------------------------------------------------------------------------------

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

/** Lower case, accents and punctuation removed, spaces collapsed; CJK text loses its spaces too. */
export function normalizeFoodText(text: string): string {
  const s = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return CJK.test(s) ? s.replace(/ /g, '') : s;
}

/** Match quality, best first. */
const Tier = {
  /** The whole name or alias. */
  Exact: 0,
  /** Starts the name with whole words ("egg" in "egg yolk"). */
  WordsPrefix: 1,
  /** Starts the name ("banan" in "banana"). */
  Prefix: 2,
  /** Starts a later word ("chicken" in "kung pao chicken"). */
  WordPrefix: 3,
  /** Every query word starts some word ("grilled chicken" in "chicken breast, grilled"). */
  AllWords: 4,
  /** Anywhere (all Chinese matching beyond prefix is by substring). */
  Substring: 5,
  /** The whole name or alias, with a small typo ("chiken" for "chicken"). */
  TypoWhole: 6,
  /** Every query word matches a word of the name, some with a small typo ("brocoli" in "beef and broccoli"). */
  TypoWords: 7,
  None: 9,
} as const;
type Tier = (typeof Tier)[keyof typeof Tier];

interface IndexedKey {
  text: string;
  words: string[];
  lang: 'en' | 'zh';
  isName: boolean;
  /** Has CJK characters (only such keys can match a CJK query). */
  cjk: boolean;
  /** Has Latin letters or digits (only such keys can match a Latin query). */
  latin: boolean;
}

interface IndexedFood {
  food: Food;
  order: number;
  /** 0 for single ingredients, 1 for baked goods, snacks, sweets, drinks and sauces, 2 for dishes. */
  kind: number;
  keys: IndexedKey[];
  /** All keys joined by newlines: a food none of whose keys contains a query word cannot match it. */
  blob: string;
  /** Distinct words of the English keys, for the typo pass. */
  enWords: string[];
}

const DISH_CATEGORIES: ReadonlySet<FoodCategory> = new Set<FoodCategory>(['western_dish', 'chinese_dish', 'asian_dish', 'fast_food']);
const PREPARED_CATEGORIES: ReadonlySet<FoodCategory> = new Set<FoodCategory>(['bread_bakery', 'snack', 'dessert', 'drink', 'condiment']);

interface SearchIndex {
  foods: IndexedFood[];
  /** Every distinct word of every Latin-script key. */
  vocabulary: string[];
}

let index: SearchIndex | undefined;

function buildIndex(): SearchIndex {
  const vocabulary = new Set<string>();
  const foods = FOODS.map((food, order): IndexedFood => {
    const keys: IndexedKey[] = [];
    const seen = new Set<string>();
    const add = (raw: string, lang: 'en' | 'zh', isName: boolean) => {
      const text = normalizeFoodText(raw);
      if (!text || seen.has(text)) return;
      seen.add(text);
      const words = text.split(' ');
      const cjk = CJK.test(text);
      if (!cjk) for (const w of words) vocabulary.add(w);
      keys.push({ text, words, lang, isName, cjk, latin: /[a-z0-9]/.test(text) });
    };
    add(food.name.en, 'en', true);
    add(food.name.zh, 'zh', true);
    for (const a of food.aliases?.en ?? []) add(a, 'en', false);
    for (const a of food.aliases?.zh ?? []) add(a, 'zh', false);
    const kind = DISH_CATEGORIES.has(food.category) ? 2 : PREPARED_CATEGORIES.has(food.category) ? 1 : 0;
    const blob = keys.map((k) => k.text).join('\n');
    const enWords = [...new Set(keys.filter((k) => k.lang === 'en').flatMap((k) => k.words))];
    return { food, order, kind, keys, blob, enWords };
  });
  return { foods, vocabulary: [...vocabulary] };
}

/** Typo budget for a query word: none below 4 letters, 1 from 4, 2 from 7. */
function typoBudget(length: number): number {
  return length >= 7 ? 2 : length >= 4 ? 1 : 0;
}

let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];
const bag = new Int32Array(128);

/**
 * A lower bound on the edit distance: how many characters of a are left over once b's are matched
 * against them (every edit leaves at most one over). Characters share 128 buckets, which can only
 * lower the count, so the bound stays safe.
 */
function bagDifference(a: string, b: string): number {
  for (let i = 0; i < a.length; i++) bag[a.charCodeAt(i) & 127]++;
  for (let j = 0; j < b.length; j++) bag[b.charCodeAt(j) & 127]--;
  let over = 0;
  for (let i = 0; i < a.length; i++) {
    const k = a.charCodeAt(i) & 127;
    if (bag[k] > 0) over += bag[k];
    bag[k] = 0;
  }
  for (let j = 0; j < b.length; j++) bag[b.charCodeAt(j) & 127] = 0;
  return over;
}

/**
 * Optimal-string-alignment (restricted Damerau–Levenshtein) distance between a and b, or max + 1
 * as soon as it is certain to exceed max.
 */
export function typoDistance(a: string, b: string, max: number): number {
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > max) return max + 1;
  if (la === 0 || lb === 0) return Math.max(la, lb);
  if (la * lb > 24 && bagDifference(a, b) > max) return max + 1;
  if (lb + 1 > rows[0].length) rows = [new Int32Array(lb + 1), new Int32Array(lb + 1), new Int32Array(lb + 1)];
  let prev2 = rows[0];
  let prev = rows[1];
  let cur = rows[2];
  for (let j = 0; j <= lb; j++) prev[j] = j;
  for (let i = 1; i <= la; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    const caPrev = i > 1 ? a.charCodeAt(i - 2) : -1;
    for (let j = 1; j <= lb; j++) {
      const cb = b.charCodeAt(j - 1);
      let v = prev[j - 1] + (ca === cb ? 0 : 1);
      const del = prev[j] + 1;
      if (del < v) v = del;
      const ins = cur[j - 1] + 1;
      if (ins < v) v = ins;
      if (j > 1 && ca === b.charCodeAt(j - 2) && caPrev === cb) {
        const tr = prev2[j - 2] + 1;
        if (tr < v) v = tr;
      }
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    const t = prev2;
    prev2 = prev;
    prev = cur;
    cur = t;
  }
  return prev[lb];
}

/** Same as typoDistance(a, b, 1) <= 1, in one pass without a table. */
function withinOneTypo(a: string, b: string): boolean {
  const la = a.length;
  const lb = b.length;
  if (la === lb) {
    let i = 0;
    while (i < la && a.charCodeAt(i) === b.charCodeAt(i)) i++;
    if (i >= la - 1) return true;
    // substitution at i, or transposition of i and i + 1
    let k = i + 1;
    while (k < la && a.charCodeAt(k) === b.charCodeAt(k)) k++;
    if (k === la) return true;
    if (a.charCodeAt(i) !== b.charCodeAt(i + 1) || a.charCodeAt(i + 1) !== b.charCodeAt(i)) return false;
    for (k = i + 2; k < la; k++) if (a.charCodeAt(k) !== b.charCodeAt(k)) return false;
    return true;
  }
  if (Math.abs(la - lb) !== 1) return false;
  const [long, short] = la > lb ? [a, b] : [b, a];
  let i = 0;
  while (i < short.length && long.charCodeAt(i) === short.charCodeAt(i)) i++;
  for (let k = i; k < short.length; k++) if (long.charCodeAt(k + 1) !== short.charCodeAt(k)) return false;
  return true;
}

function withinTypos(a: string, b: string, budget: number): boolean {
  if (budget <= 0) return a === b;
  if (Math.abs(a.length - b.length) > budget) return false;
  return budget === 1 ? withinOneTypo(a, b) : typoDistance(a, b, budget) <= budget;
}

interface Query {
  text: string;
  /** ' ' + text, to find it at the start of a later word. */
  spaced: string;
  words: string[];
  cjk: boolean;
}

function everyWordStartsAKeyWord(queryWords: string[], keyWords: string[]): boolean {
  for (const w of queryWords) {
    let found = false;
    for (const kw of keyWords)
      if (kw.startsWith(w)) {
        found = true;
        break;
      }
    if (!found) return false;
  }
  return true;
}

function matchTier(key: IndexedKey, q: Query): Tier {
  const text = key.text;
  if (q.cjk ? !key.cjk : !key.latin) return Tier.None;
  if (text === q.text) return Tier.Exact;
  if (text.startsWith(q.text)) return !q.cjk && text.charCodeAt(q.text.length) === 32 ? Tier.WordsPrefix : Tier.Prefix;
  if (q.cjk) return text.includes(q.text) ? Tier.Substring : Tier.None;
  if (text.includes(q.spaced)) return Tier.WordPrefix;
  if (q.words.length > 1 && everyWordStartsAKeyWord(q.words, key.words)) return Tier.AllWords;
  if (text.includes(q.text)) return Tier.Substring;
  return Tier.None;
}

/** Typo tier of an English key that matched nothing better, or Tier.None. */
function typoTier(key: IndexedKey, q: Query, wholeBudget: number, nearWords: Set<string>[]): Tier {
  if (key.lang !== 'en') return Tier.None;
  if (wholeBudget > 0 && withinTypos(q.text, key.text, wholeBudget)) return Tier.TypoWhole;
  for (const near of nearWords) {
    let found = false;
    for (const kw of key.words)
      if (near.has(kw)) {
        found = true;
        break;
      }
    if (!found) return Tier.None;
  }
  return Tier.TypoWords;
}

interface Hit {
  entry: IndexedFood;
  tier: Tier;
  langRank: number;
  nameRank: number;
  keyLength: number;
}

/**
 * The entry's best-ranked key match: without `nearWords`, the exact-to-substring tiers; with them,
 * the typo tiers (for entries that matched nothing better).
 */
function bestHit(entry: IndexedFood, q: Query, locale: 'en' | 'zh', nearWords: Set<string>[] | undefined, wholeBudget: number): Hit | undefined {
  let best: Hit | undefined;
  for (const key of entry.keys) {
    const tier = nearWords ? typoTier(key, q, wholeBudget, nearWords) : matchTier(key, q);
    if (tier === Tier.None) continue;
    const hit: Hit = { entry, tier, langRank: key.lang === locale ? 0 : 1, nameRank: key.isName ? 0 : 1, keyLength: key.text.length };
    if (!best || compareHits(hit, best) < 0) best = hit;
  }
  return best;
}

function compareHits(a: Hit, b: Hit): number {
  return a.tier - b.tier || a.entry.kind - b.entry.kind || a.nameRank - b.nameRank || a.langRank - b.langRank || a.keyLength - b.keyLength || a.entry.order - b.entry.order;
}

/**
 * Up to `limit` foods whose names or aliases, in either language whatever the locale, match the
 * query (case, accents and punctuation ignored), best first: exact; prefix (whole words before part
 * of a word, so "egg" lists egg yolk before eggplant); prefix of a later word; every query word
 * starting a word; substring; and last small typos (Damerau–Levenshtein ≤ 1 for words of 4+ letters,
 * ≤ 2 for 7+, against the whole name or word by word). Chinese is matched by prefix and substring.
 * Within a tier, single ingredients come before baked goods, snacks and drinks, and those before
 * dishes (so "chicken" lists chicken breast before kung pao chicken); then names before aliases,
 * keys in `locale` before the other language, shorter keys first. Normalised keys are built once,
 * on the first search.
 */
export function searchFoods(query: string, locale: 'en' | 'zh', limit = 20): Food[] {
  if (!(limit > 0)) return [];
  const text = normalizeFoodText(query);
  if (!text) return [];
  const idx = (index ??= buildIndex());
  const cjk = CJK.test(text);
  const q: Query = { text, spaced: ` ${text}`, words: cjk ? [text] : text.split(' '), cjk };

  const hits: Hit[] = [];
  const unmatched: IndexedFood[] = [];
  for (const entry of idx.foods) {
    let possible = true;
    for (const w of q.words)
      if (!entry.blob.includes(w)) {
        possible = false;
        break;
      }
    const hit = possible ? bestHit(entry, q, locale, undefined, 0) : undefined;
    if (hit) hits.push(hit);
    else unmatched.push(entry);
  }

  // Typos rank below every other match, so they are only looked for when the better tiers did not
  // fill the page. Per query word, the vocabulary words it starts or is within its typo budget of
  // are found once, so that checking a key is a few set lookups.
  const wholeBudget = cjk ? 0 : typoBudget(text.replace(/ /g, '').length);
  if (hits.length < limit && !cjk && q.words.some((w) => typoBudget(w.length) > 0)) {
    const nearWords = q.words.map((w) => {
      const budget = typoBudget(w.length);
      const near = new Set<string>();
      for (const v of idx.vocabulary) if (v.startsWith(w) || (budget > 0 && withinTypos(w, v, budget))) near.add(v);
      return near;
    });
    const wholeLength = text.length;
    for (const entry of unmatched) {
      // Worth a closer look only if some key is near the query as a whole, or every query word is
      // near some word of the food.
      let possible = entry.keys.some((k) => k.lang === 'en' && Math.abs(k.text.length - wholeLength) <= wholeBudget);
      if (!possible) {
        possible = true;
        for (const near of nearWords)
          if (!entry.enWords.some((w) => near.has(w))) {
            possible = false;
            break;
          }
      }
      if (!possible) continue;
      const hit = bestHit(entry, q, locale, nearWords, wholeBudget);
      if (hit) hits.push(hit);
    }
  }

  hits.sort(compareHits);
  return hits.slice(0, limit).map((h) => h.entry.food);
}
