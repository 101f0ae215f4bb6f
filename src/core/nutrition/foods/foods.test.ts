import { describe, expect, it } from 'vitest';
import { FOODS, foodById, normalizeFoodText, nutrientsFor, searchFoods, typoDistance } from './index';
import type { Food, FoodCategory, FoodTag, MealRole } from './types';

const CATEGORIES: FoodCategory[] = [
  'fruit',
  'vegetable',
  'grain',
  'legume',
  'nut_seed',
  'meat',
  'poultry',
  'seafood',
  'egg',
  'dairy',
  'plant_protein',
  'western_dish',
  'chinese_dish',
  'asian_dish',
  'snack',
  'dessert',
  'drink',
  'condiment',
  'fat_oil',
  'bread_bakery',
  'fast_food',
];
const TAGS: FoodTag[] = ['meat', 'pork', 'poultry', 'fish', 'shellfish', 'egg', 'dairy', 'gluten', 'tree_nut', 'peanut', 'soy', 'sesame', 'alcohol', 'honey', 'gelatin'];
const ROLES: MealRole[] = ['breakfast', 'main', 'side', 'snack', 'drink'];
const DATASETS = ['USDA FDC Foundation', 'USDA FDC SR Legacy', 'USDA FDC FNDDS', 'USDA FDC Branded'];
const COCO_IDS = ['banana', 'apple', 'sandwich', 'orange', 'broccoli', 'carrot', 'hot-dog', 'pizza', 'donut', 'cake'];
const CJK = /[\u3400-\u9fff]/;

const byId = (id: string): Food => {
  const food = foodById(id);
  if (!food) throw new Error(`no food ${id}`);
  return food;
};
const ids = (foods: Food[]) => foods.map((f) => f.id);
const duplicates = (values: string[]) => values.filter((v, i) => values.indexOf(v) !== i);
const isAlcoholicDrink = (f: Food) => f.category === 'drink' && f.tags.includes('alcohol');

describe('food table: shape', () => {
  it('has at least 420 foods', () => {
    expect(FOODS.length).toBeGreaterThanOrEqual(420);
  });

  it('has unique kebab-case ids', () => {
    expect(duplicates(ids([...FOODS]))).toEqual([]);
    for (const f of FOODS) expect(f.id, f.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('has unique names in both languages', () => {
    expect(duplicates(FOODS.map((f) => f.name.en.toLowerCase()))).toEqual([]);
    expect(duplicates(FOODS.map((f) => f.name.zh))).toEqual([]);
  });

  it('names every food in English and in Chinese', () => {
    for (const f of FOODS) {
      expect(f.name.en.trim(), f.id).not.toBe('');
      expect(f.name.zh.trim(), f.id).not.toBe('');
      expect(f.name.zh, f.id).toMatch(CJK);
      for (const a of f.aliases?.en ?? []) expect(a.trim(), f.id).not.toBe('');
      for (const a of f.aliases?.zh ?? []) expect(a.trim(), f.id).not.toBe('');
    }
  });

  it('includes the foods the COCO-SSD detector names, under fixed ids', () => {
    for (const id of COCO_IDS) expect(foodById(id), id).toBeDefined();
  });

  it('gives every food at least one portion with a positive weight and both unit labels', () => {
    for (const f of FOODS) {
      expect(f.portions.length, f.id).toBeGreaterThanOrEqual(1);
      for (const p of f.portions) {
        expect(Number.isFinite(p.grams) && p.grams > 0, `${f.id} ${p.unit.en}`).toBe(true);
        expect(p.unit.en.trim(), f.id).not.toBe('');
        expect(p.unit.zh.trim(), f.id).not.toBe('');
      }
    }
  });

  it('uses only known categories, tags, meal roles and datasets', () => {
    for (const f of FOODS) {
      expect(CATEGORIES, f.id).toContain(f.category);
      for (const t of f.tags) expect(TAGS, f.id).toContain(t);
      expect(duplicates(f.tags), f.id).toEqual([]);
      for (const r of f.mealRoles) expect(ROLES, f.id).toContain(r);
      expect(duplicates(f.mealRoles), f.id).toEqual([]);
      expect(DATASETS, f.id).toContain(f.source.dataset);
      expect(f.source.description.trim(), f.id).not.toBe('');
      if (f.source.fdcId !== undefined) expect(Number.isInteger(f.source.fdcId) && f.source.fdcId > 100000, f.id).toBe(true);
    }
  });

  it('has the required number of foods per category', () => {
    const count = (c: FoodCategory) => FOODS.filter((f) => f.category === c).length;
    for (const c of CATEGORIES) expect(count(c), c).toBeGreaterThan(0);
    expect(count('chinese_dish')).toBeGreaterThanOrEqual(30);
    expect(count('western_dish')).toBeGreaterThanOrEqual(30);
    expect(count('drink')).toBeGreaterThanOrEqual(20);
  });
});

describe('food table: nutrient values', () => {
  it('has no negative or non-finite numbers', () => {
    for (const f of FOODS) {
      for (const [k, v] of Object.entries(f.per100g)) expect(Number.isFinite(v) && v >= 0, `${f.id} ${k}`).toBe(true);
    }
  });

  it('has fibre ≤ carbs and protein + carbs + fat ≤ 100 g per 100 g', () => {
    for (const f of FOODS) {
      const p = f.per100g;
      expect(p.fibre, f.id).toBeLessThanOrEqual(p.carbs);
      expect(p.protein + p.carbs + p.fat, f.id).toBeLessThanOrEqual(100);
    }
  });

  it('has energy within 15% of 4 × protein + 4 × carbs + 9 × fat (alcoholic drinks apart)', () => {
    // USDA gives low-energy vegetables their energy with specific Atwater factors, which for
    // fibre-rich produce (broccoli, spinach, mushrooms) land below the general 4/4/9 figure; so a
    // row also passes when it agrees with the same sum counting fibre at 2 kcal/g instead of 4.
    // A 2 kcal floor covers rounding in near-zero drinks such as black coffee.
    const failures: string[] = [];
    for (const f of FOODS) {
      if (isAlcoholicDrink(f)) continue;
      const p = f.per100g;
      const general = 4 * p.protein + 4 * p.carbs + 9 * p.fat;
      const fibreAware = general - 2 * p.fibre;
      const tolerance = Math.max(0.15 * p.kcal, 2);
      const ok = Math.abs(p.kcal - general) <= tolerance || Math.abs(p.kcal - fibreAware) <= tolerance;
      if (!ok) failures.push(`${f.id}: ${p.kcal} kcal vs ${general.toFixed(0)} (4/4/9) / ${fibreAware.toFixed(0)} (fibre at 2)`);
    }
    expect(failures).toEqual([]);
  });

  it('has the general 4/4/9 rule hold outright for everything but vegetables, fruit and near-zero rows', () => {
    const failures: string[] = [];
    for (const f of FOODS) {
      if (isAlcoholicDrink(f) || f.category === 'vegetable' || f.category === 'fruit') continue;
      const p = f.per100g;
      if (p.fibre >= 1 && p.kcal < 50) continue; // vegetable-only dishes such as a garden salad or kimchi
      const general = 4 * p.protein + 4 * p.carbs + 9 * p.fat;
      if (Math.abs(p.kcal - general) > Math.max(0.15 * p.kcal, 2)) failures.push(`${f.id}: ${p.kcal} vs ${general.toFixed(0)}`);
    }
    expect(failures).toEqual([]);
  });

  it('gives alcoholic drinks a plausible alcohol content once 7 kcal/g of ethanol is allowed for', () => {
    const drinks = FOODS.filter(isAlcoholicDrink);
    expect(drinks.length).toBeGreaterThanOrEqual(5);
    for (const f of drinks) {
      const p = f.per100g;
      const alcoholG = (p.kcal - (4 * p.protein + 4 * p.carbs + 9 * p.fat)) / 7;
      // from light beer (~3 g/100 g) to 50% spirits (~42 g/100 g)
      expect(alcoholG, f.id).toBeGreaterThanOrEqual(2);
      expect(alcoholG, f.id).toBeLessThanOrEqual(45);
    }
    expect(byId('beer').tags).toContain('gluten');
  });

  it('keeps energy no higher than pure fat', () => {
    for (const f of FOODS) expect(f.per100g.kcal, f.id).toBeLessThanOrEqual(902);
  });

  it('matches USDA for a few well-known rows', () => {
    expect(byId('banana').per100g).toMatchObject({ kcal: 89, fibre: 2.6 });
    expect(byId('white-rice').per100g.kcal).toBe(130);
    expect(byId('chicken-breast').per100g).toMatchObject({ kcal: 165, protein: 31.02 });
    expect(byId('egg').per100g.kcal).toBe(143);
    expect(byId('olive-oil').per100g).toMatchObject({ kcal: 884, fat: 100 });
  });
});

describe('food table: dietary tags', () => {
  const has = (id: string, ...tags: FoodTag[]) => {
    for (const t of tags) expect(byId(id).tags, `${id} ${t}`).toContain(t);
  };
  const lacks = (id: string, ...tags: FoodTag[]) => {
    for (const t of tags) expect(byId(id).tags, `${id} ${t}`).not.toContain(t);
  };

  it('tags the tricky ingredients', () => {
    has('soy-sauce', 'gluten', 'soy');
    has('pesto', 'tree_nut', 'dairy');
    has('kung-pao-chicken', 'peanut', 'poultry', 'soy');
    has('mapo-tofu', 'pork', 'soy');
    for (const id of ['mantou', 'jiaozi', 'wheat-noodles', 'baozi-pork', 'white-bread', 'pasta', 'youtiao']) has(id, 'gluten');
    for (const id of ['gummy-bears', 'marshmallows', 'jelly-dessert']) has(id, 'gelatin');
    has('honey', 'honey');
    has('oyster-sauce', 'shellfish');
    has('caesar-salad', 'fish', 'egg', 'dairy');
    has('hot-dog', 'meat', 'gluten');
    lacks('white-rice', 'gluten');
    lacks('tofu-firm', 'meat', 'dairy');
    lacks('apple', ...TAGS);
  });

  it('keeps the tags consistent with the category', () => {
    for (const f of FOODS) {
      if (f.category === 'meat') expect(f.tags, f.id).toContain('meat');
      if (f.category === 'poultry') expect(f.tags, f.id).toContain('poultry');
      if (f.category === 'egg') expect(f.tags, f.id).toContain('egg');
      if (f.category === 'dairy') expect(f.tags, f.id).toContain('dairy');
      if (f.category === 'seafood') expect(f.tags.includes('fish') || f.tags.includes('shellfish'), f.id).toBe(true);
      if (f.category === 'fruit' || f.category === 'vegetable') expect(f.tags, f.id).toEqual([]);
      if (f.tags.includes('pork')) expect(f.tags, f.id).toContain('meat');
    }
  });
});

describe('foodById', () => {
  it('finds a food by id and returns undefined for an unknown id', () => {
    expect(foodById('banana')?.name.en).toBe('Banana');
    expect(foodById('no-such-food')).toBeUndefined();
  });
});

describe('nutrientsFor', () => {
  it('scales per-100 g values to the weight and rounds them', () => {
    expect(nutrientsFor(byId('banana'), 118)).toEqual({ kcal: 105, protein: 1.3, carbs: 27, fat: 0.4, fibre: 3.1 });
    expect(nutrientsFor(byId('white-rice'), 150)).toEqual({ kcal: 195, protein: 4, carbs: 42.3, fat: 0.4, fibre: 0.6 });
  });

  it('returns the table values for 100 g, to the stated precision', () => {
    expect(nutrientsFor(byId('chicken-breast'), 100)).toEqual({ kcal: 165, protein: 31, carbs: 0, fat: 3.6, fibre: 0 });
  });

  it('counts zero, negative and non-finite weights as nothing', () => {
    const zero = { kcal: 0, protein: 0, carbs: 0, fat: 0, fibre: 0 };
    expect(nutrientsFor(byId('apple'), 0)).toEqual(zero);
    expect(nutrientsFor(byId('apple'), -50)).toEqual(zero);
    expect(nutrientsFor(byId('apple'), Number.NaN)).toEqual(zero);
  });
});

describe('searchFoods', () => {
  const first = (q: string, locale: 'en' | 'zh' = 'en') => searchFoods(q, locale)[0]?.id;

  it('finds each COCO-SSD label first', () => {
    const labels: Record<string, string> = {
      banana: 'banana',
      apple: 'apple',
      sandwich: 'sandwich',
      orange: 'orange',
      broccoli: 'broccoli',
      carrot: 'carrot',
      'hot dog': 'hot-dog',
      pizza: 'pizza',
      donut: 'donut',
      cake: 'cake',
    };
    for (const [label, id] of Object.entries(labels)) expect(first(label), label).toBe(id);
  });

  it('matches prefixes and small typos', () => {
    expect(first('banan')).toBe('banana');
    expect(first('brocoli')).toBe('broccoli');
    expect(first('bnana')).toBe('banana');
    expect(first('chiken')).toBe('chicken-breast');
    expect(first('pinaple')).toBe('pineapple'); // 7 letters: two edits allowed
    expect(ids(searchFoods('pinapl', 'en'))).not.toContain('pineapple'); // 6 letters: one edit only
    expect(ids(searchFoods('aple', 'en'))).toContain('apple'); // 4 letters: one edit
    expect(searchFoods('xqz', 'en')).toEqual([]); // 3 letters: no typos
  });

  it('lists words that start with the query before words that only contain it, in English and Chinese', () => {
    const en = searchFoods('oat', 'en').map((f) => f.name.en);
    const lastOat = Math.max(en.indexOf('Rolled oats'), en.indexOf('Oatmeal'), en.indexOf('Oat milk'));
    expect(lastOat).toBeGreaterThanOrEqual(2);
    expect(en.indexOf('Goat meat')).toBeGreaterThan(lastOat);
    const zh = searchFoods('羊肉', 'zh').map((f) => f.name.zh);
    expect(zh.indexOf('羊肉串')).toBeGreaterThanOrEqual(0);
    expect(zh.indexOf('山羊肉')).toBeGreaterThan(Math.max(zh.indexOf('羊肉馅'), zh.indexOf('羊肉串')));
  });

  it('ignores case, accents and punctuation', () => {
    expect(first('BANANA')).toBe('banana');
    expect(first('  Hot-Dog!  ')).toBe('hot-dog');
    expect(first('shepherds pie')).toBe('shepherds-pie');
    expect(normalizeFoodText('Crème Brûlée, 2%')).toBe('creme brulee 2');
  });

  it('matches Chinese names and aliases by substring, whatever the locale', () => {
    expect(first('米饭', 'zh')).toBe('white-rice');
    expect(first('西红柿', 'zh')).toBe('tomato');
    expect(first('番茄', 'zh')).toBe('tomato');
    expect(first('宫保鸡丁', 'zh')).toBe('kung-pao-chicken');
    expect(ids(searchFoods('鸡丁', 'zh'))).toContain('kung-pao-chicken');
    expect(ids(searchFoods('炒鸡蛋', 'zh'))).toContain('tomato-egg-stir-fry'); // inside 西红柿炒鸡蛋
    expect(first('香蕉', 'en')).toBe('banana');
    expect(first('banana', 'zh')).toBe('banana');
  });

  it('ranks exact before prefix before later words before substrings', () => {
    const rice = ids(searchFoods('rice', 'en', 50));
    expect(rice[0]).toBe('white-rice');
    expect(rice.indexOf('rice-noodles')).toBeLessThan(rice.indexOf('egg-fried-rice')); // prefix before later word
    const egg = ids(searchFoods('egg', 'en', 50));
    expect(egg[0]).toBe('egg');
    expect(egg.indexOf('egg-yolk')).toBeLessThan(egg.indexOf('eggplant')); // whole word before part of a word
    const tea = ids(searchFoods('tea', 'en', 50));
    expect(tea.indexOf('green-tea')).toBeLessThan(tea.indexOf('sirloin-steak')); // "steak" only contains "tea"
  });

  it('lists plain chicken before dishes that merely contain chicken', () => {
    const results = searchFoods('chicken', 'en', 60);
    expect(results[0].id).toBe('chicken-breast');
    const at = (id: string) => {
      const i = ids(results).indexOf(id);
      return i === -1 ? Infinity : i;
    };
    const lastPlain = Math.max(at('chicken-breast'), at('chicken-breast-grilled'), at('chicken-breast-raw'));
    for (const dish of ['kung-pao-chicken', 'chicken-caesar-salad', 'chicken-noodle-soup', 'chicken-nuggets', 'general-tso-chicken', 'chicken-tikka-masala']) {
      expect(lastPlain, dish).toBeLessThan(at(dish));
    }
    // among names that start with "chicken", the plain cuts come before the dishes
    const firstDish = results.findIndex((f) => ['western_dish', 'chinese_dish', 'asian_dish', 'fast_food'].includes(f.category));
    expect(firstDish).toBeGreaterThanOrEqual(5);
    for (const f of results.slice(0, firstDish)) expect(f.category, f.id).toBe('poultry');
  });

  it('matches several words in any order', () => {
    expect(first('grilled chicken')).toBe('chicken-breast-grilled');
    expect(first('chicken grilled')).toBe('chicken-breast-grilled');
    expect(first('spagetti bolognese')).toBe('spaghetti-bolognese');
  });

  it('respects the limit and returns nothing for an empty query', () => {
    expect(searchFoods('a', 'en', 5).length).toBeLessThanOrEqual(5);
    expect(searchFoods('a', 'en').length).toBeLessThanOrEqual(20);
    expect(searchFoods('a', 'en').length).toBeGreaterThan(5);
    expect(searchFoods('', 'en')).toEqual([]);
    expect(searchFoods('  ,. ', 'zh')).toEqual([]);
    expect(searchFoods('banana', 'en', 0)).toEqual([]);
  });

  it('runs 1,000 searches in well under a second', () => {
    const queries = [
      'banan',
      'brocoli',
      'chicken',
      '米饭',
      '西红柿',
      'pizza',
      'grilled chicken',
      'spagetti bolognese',
      'xyzzy',
      '鸡蛋',
      'milk tea',
      'yogurt',
      'dumplings',
      'avocdo',
      'noodles',
      '牛肉面',
      'cheese',
      'sandwhich',
      'tofu',
      'salmon',
    ];
    for (const q of queries) searchFoods(q, 'en'); // build the index and warm up
    // CPU time, not wall time: a busy machine must not fail a test about our own speed.
    const start = process.cpuUsage();
    for (let i = 0; i < 1000; i++) searchFoods(queries[i % queries.length], i % 2 ? 'en' : 'zh');
    const { user, system } = process.cpuUsage(start);
    expect((user + system) / 1000).toBeLessThan(1000);
  });
});

describe('typoDistance', () => {
  it('counts substitutions, insertions, deletions and adjacent transpositions', () => {
    expect(typoDistance('broccoli', 'broccoli', 2)).toBe(0);
    expect(typoDistance('brocoli', 'broccoli', 2)).toBe(1);
    expect(typoDistance('chikcen', 'chicken', 2)).toBe(1);
    expect(typoDistance('pinaple', 'pineapple', 2)).toBe(2);
    expect(typoDistance('apple', 'banana', 2)).toBe(3); // capped at max + 1
  });
});
