import { childSeed, seededRandom, type Random } from '#core/common/random';
import { FOODS, foodById, nutrientsFor, type Food } from '../foods';
import type { MealType } from '../schemas';
import { assemblePlan, type DayPicks } from './assemble';
import type { NutritionPlanBrief } from './brief';
import { totalsOf, worstMiss, TARGET_TOLERANCE } from './check';
import { DAY_MEALS, mealEnergyShares, outsideBand, shareBand } from './meals';
import { isAllowed, type DietRules } from './restrictions';
import { NUTRITION_PLAN_DAYS, type NutritionPlan } from './schemas';
import { NUTRITION_PLAN_MESSAGES } from './messages';
import { solveBoxedLeastSquares, type LsqRow } from './solver';
import type { NutritionPlanTargets } from './targets';
import { defaultPlanSummary, defaultPlanTitle, type NutritionPlanProgressListener } from './text';

/**
 * The built-in nutrition-plan engine: deterministic for a seed, no I/O.
 *
 * Each day is composed meal by meal from pools of the foods the diet allows (a breakfast, a main with a starch and a
 * vegetable cooked in a little oil for lunch and dinner, a snack), then the weights are solved: a box-constrained
 * least-squares fit of the day's energy, protein, carbohydrate and fat to the targets, with each meal near its share
 * of the day (and held inside the band people eat, `MEAL_SHARE_BAND`) and each food near a usual portion. Weights are
 * rounded to what a kitchen scale shows (5 g; oil 1 g) and nudged until the day is within 5 % of every target. A day
 * that cannot get there with its foods is composed again with other foods; after that, foods dense in the missing
 * nutrient, or in what a too small meal can take, are added.
 */

/** Never in a plan: sweets, fried snacks and the like can be logged, but a plan does not prescribe them. */
const NOT_PRESCRIBED = new Set([
  'potato-chips',
  'tortilla-chips',
  'cheese-puffs',
  'shrimp-chips',
  'banana-chips',
  'gummy-bears',
  'marshmallows',
  'milk-chocolate',
  'spicy-gluten-strips',
  'pretzels',
  'saltine-crackers',
  'milk-powder',
]);
/** Cooking oils, in order of preference; the plan uses the first one the diet allows. */
const OILS = ['olive-oil', 'canola-oil', 'avocado-oil', 'sunflower-oil', 'soybean-oil', 'corn-oil', 'peanut-oil', 'sesame-oil'];

type Macro = 'protein' | 'carbs' | 'fat';
const share = (f: Food, m: Macro) => (f.per100g.kcal > 0 ? (f.per100g[m] * (m === 'fat' ? 9 : 4)) / f.per100g.kcal : 0);

function prescribable(f: Food): boolean {
  if (NOT_PRESCRIBED.has(f.id) || f.tags.includes('alcohol') || f.per100g.kcal <= 0) return false;
  if (f.category === 'dessert' || f.category === 'fast_food' || f.category === 'condiment' || f.category === 'fat_oil') return false;
  // Drinks only when they feed: milks, soy milk, kefir — not coffee, juice or soft drinks.
  if (f.category === 'drink') return f.per100g.protein >= 2.5;
  return f.mealRoles.length > 0;
}

export interface FoodPools {
  breakfast: Food[];
  breakfastProtein: Food[];
  fruit: Food[];
  main: Food[];
  starch: Food[];
  vegetable: Food[];
  snack: Food[];
  proteinLever: Food[];
  fatLever: Food[];
  oil: Food | undefined;
}

const has = (f: Food, ...roles: Food['mealRoles']) => roles.some((r) => f.mealRoles.includes(r));
const DISHES: readonly string[] = ['western_dish', 'chinese_dish', 'asian_dish'];
/** Foods a cook prepares with a little oil (a dish comes with its own). */
const INGREDIENT_MAINS: readonly string[] = ['meat', 'poultry', 'seafood', 'plant_protein', 'egg', 'legume'];
/** Starches that go with Chinese and other Asian dishes; the rest go with Western ones. */
const ASIAN_STARCHES = new Set([
  'white-rice',
  'brown-rice',
  'parboiled-rice',
  'sticky-rice',
  'wheat-noodles',
  'egg-noodles',
  'rice-noodles',
  'mantou',
  'huajuan',
  'millet',
  'buckwheat',
  'sweet-potato',
  'taro',
]);

export function foodPools(rules: DietRules): FoodPools {
  const allowed = FOODS.filter((f) => isAllowed(f, rules));
  const foods = allowed.filter(prescribable);
  // A main brings protein: a plain soup or congee does not make a lunch.
  const mains = foods.filter((f) => has(f, 'main') && (DISHES.includes(f.category) || ['meat', 'poultry', 'seafood', 'plant_protein'].includes(f.category)) && share(f, 'protein') >= 0.12);
  // Plant-based diets leave few dishes: beans, lentils and eggs become mains too.
  const extraMains = mains.length < 12 ? foods.filter((f) => has(f, 'main', 'side') && ['legume', 'egg'].includes(f.category) && share(f, 'protein') >= 0.2) : [];
  return {
    breakfast: foods.filter((f) => has(f, 'breakfast') && ['grain', 'bread_bakery', 'plant_protein', ...DISHES].includes(f.category)),
    breakfastProtein: foods.filter((f) => has(f, 'breakfast', 'snack', 'drink') && ['egg', 'dairy', 'plant_protein', 'drink', 'seafood'].includes(f.category) && share(f, 'protein') >= 0.2),
    fruit: foods.filter((f) => f.category === 'fruit' && has(f, 'breakfast', 'snack')),
    main: [...mains, ...extraMains],
    starch: foods.filter((f) => has(f, 'main', 'side') && (['grain', 'bread_bakery', 'legume'].includes(f.category) || ASIAN_STARCHES.has(f.id)) && share(f, 'carbs') >= 0.55),
    vegetable: foods.filter((f) => f.category === 'vegetable' && has(f, 'side', 'main') && f.per100g.kcal < 100),
    snack: foods.filter((f) => has(f, 'snack') && (['fruit', 'nut_seed', 'snack', 'plant_protein', 'egg'].includes(f.category) || (f.category === 'dairy' && share(f, 'fat') < 0.5))),
    proteinLever: foods.filter((f) => (INGREDIENT_MAINS.includes(f.category) || f.category === 'dairy') && share(f, 'protein') >= 0.4),
    fatLever: foods.filter((f) => (f.category === 'nut_seed' || f.id === 'avocado') && share(f, 'fat') >= 0.6),
    oil: OILS.map((id) => allowed.find((f) => f.id === id)).find((f) => f !== undefined),
  };
}

interface Slot {
  meal: number;
  food: Food;
  /** Bounds and usual amount, grams. */
  lo: number;
  hi: number;
  typical: number;
  step: number;
}

/** How far a food may go below and above its first household portion, and a cap in grams, by kind of food. */
const BOUNDS: Record<string, { lo: number; hi: number; cap: number }> = {
  dish: { lo: 0.5, hi: 1.5, cap: 700 },
  /** Whole eggs: one at least. */
  egg: { lo: 1, hi: 4, cap: 250 },
  protein: { lo: 0.5, hi: 2.5, cap: 450 },
  dairy: { lo: 0.5, hi: 2, cap: 500 },
  starch: { lo: 0.4, hi: 2.5, cap: 550 },
  vegetable: { lo: 0.5, hi: 2.5, cap: 350 },
  fruit: { lo: 0.5, hi: 2, cap: 350 },
  nut_seed: { lo: 0.5, hi: 3, cap: 90 },
  other: { lo: 0.5, hi: 2, cap: 500 },
};
function boundsKind(f: Food): keyof typeof BOUNDS {
  if (DISHES.includes(f.category)) return 'dish';
  if (f.category === 'egg') return 'egg';
  if (INGREDIENT_MAINS.includes(f.category)) return 'protein';
  if (f.category === 'dairy' || f.category === 'drink') return 'dairy';
  if (f.category === 'grain' || f.category === 'bread_bakery') return 'starch';
  if (f.category === 'vegetable' || f.category === 'fruit' || f.category === 'nut_seed') return f.category;
  return 'other';
}

/** `scale` grows the upper bounds with the day's energy: a 3500 kcal day needs larger plates than a 1500 kcal one. */
function slotFor(meal: number, food: Food, scale: number, relaxed: boolean, isOil = false): Slot {
  if (isOil) return { meal, food, lo: 0, hi: Math.round((relaxed ? 35 : 20) * Math.max(1, scale)), typical: 8, step: 1 };
  const step = 5;
  const p0 = Math.min(450, food.portions[0]?.grams ?? 100);
  const b = BOUNDS[boundsKind(food)];
  // Less than this is a garnish, not a serving (nuts and seeds are eaten by the spoonful).
  // A relaxed day (when no natural one fits) lets any food go down to a third of a portion.
  const floor = food.category === 'nut_seed' || relaxed ? 10 : 25;
  const lo = Math.max(floor, Math.round((p0 * (relaxed ? 0.3 : b.lo) * Math.min(1, scale)) / step) * step);
  const grow = Math.max(1, scale);
  const toStep = (g: number) => Math.round(g / step) * step;
  const hi = Math.max(lo, relaxed ? Math.min(800, toStep(p0 * 2.5 * grow)) : Math.min(toStep(b.cap * grow), toStep(p0 * b.hi * grow)));
  return { meal, food, lo, hi, typical: Math.min(hi, Math.max(lo, p0 * scale)), step };
}

/** Picks one food, preferring those used least so far this week. */
function pick(pool: readonly Food[], uses: ReadonlyMap<string, number>, random: Random, avoid: ReadonlySet<string>): Food | undefined {
  const candidates = pool.filter((f) => !avoid.has(f.id));
  const from = candidates.length > 0 ? candidates : pool;
  if (from.length === 0) return undefined;
  const weights = from.map((f) => 1 / (1 + 4 * (uses.get(f.id) ?? 0)));
  let r = random() * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < from.length; i++) {
    r -= weights[i];
    if (r <= 0) return from[i];
  }
  return from[from.length - 1];
}

/** The foods of one day, meal by meal. */
function composeDay(types: readonly MealType[], pools: FoodPools, uses: ReadonlyMap<string, number>, random: Random, scale: number, opts: { starchy: boolean; relaxed: boolean }): Slot[] {
  const { starchy, relaxed } = opts;
  const slots: Slot[] = [];
  const today = new Set<string>();
  const add = (meal: number, pool: readonly Food[]) => {
    const food = pick(pool, uses, random, today);
    if (!food || today.has(food.id)) return undefined;
    today.add(food.id);
    slots.push(slotFor(meal, food, scale, relaxed));
    return food;
  };
  types.forEach((type, meal) => {
    if (type === 'breakfast') {
      const base = add(meal, pools.breakfast.length > 0 ? pools.breakfast : pools.breakfastProtein);
      if (!base || share(base, 'protein') < 0.2) add(meal, pools.breakfastProtein);
      add(meal, pools.fruit);
    } else if (type === 'snack') {
      add(meal, pools.snack);
    } else {
      const main = add(meal, pools.main.length > 0 ? pools.main : pools.proteinLever);
      // A lower-carbohydrate day has its mains with vegetables only; the fit adds a starch back if it needs one.
      if ((starchy || relaxed) && (!main || share(main, 'carbs') < 0.35)) {
        // Rice or noodles with a Chinese dish, bread or potatoes with a Western one.
        const asian = main?.category === 'chinese_dish' || main?.category === 'asian_dish';
        const western = main?.category === 'western_dish';
        const matching = pools.starch.filter((f) => (asian ? ASIAN_STARCHES.has(f.id) : western ? !ASIAN_STARCHES.has(f.id) : true));
        add(meal, matching.length > 0 ? matching : pools.starch);
      }
      add(meal, pools.vegetable);
      if (pools.oil && (relaxed || !main || INGREDIENT_MAINS.includes(main.category))) slots.push(slotFor(meal, pools.oil, scale, relaxed, true));
    }
  });
  return slots;
}

/** Where a food dense in a macronutrient goes when the day is short of it, in order of preference. */
const LEVER_MEALS: Record<Macro, readonly MealType[]> = {
  protein: ['lunch', 'dinner', 'breakfast', 'snack'],
  carbs: ['breakfast', 'lunch', 'dinner', 'snack'],
  fat: ['snack', 'breakfast', 'lunch', 'dinner'],
};
const DENSE: Record<Macro, number> = { protein: 0.3, carbs: 0.6, fat: 0.6 };

/** Foods dense in a macronutrient that fit a meal: yoghurt or eggs at breakfast, a second starch at dinner, nuts as a snack. */
function leverPool(pools: FoodPools, type: MealType, macro: Macro, broad: boolean): Food[] {
  if (broad) {
    const any = { protein: pools.proteinLever, carbs: [...pools.starch, ...pools.fruit], fat: pools.fatLever }[macro];
    return any.filter((f) => share(f, macro) >= DENSE[macro]);
  }
  const byMeal: Record<Macro, Record<'breakfast' | 'main' | 'snack', readonly Food[]>> = {
    protein: { breakfast: pools.breakfastProtein, main: pools.proteinLever, snack: [...pools.snack, ...pools.breakfastProtein] },
    carbs: { breakfast: [...pools.breakfast, ...pools.fruit], main: pools.starch, snack: [...pools.fruit, ...pools.snack] },
    fat: { breakfast: pools.fatLever, main: pools.fatLever, snack: pools.fatLever },
  };
  const kind = type === 'breakfast' || type === 'snack' ? type : 'main';
  return byMeal[macro][kind].filter((f) => share(f, macro) >= DENSE[macro]);
}

/**
 * Adds a food dense in the macronutrient the day lacks most, to the first meal in line that has none of it yet, or to
 * `only`, a meal too small for its share of the day.
 */
function addLever(
  slots: Slot[],
  types: readonly MealType[],
  pools: FoodPools,
  uses: ReadonlyMap<string, number>,
  random: Random,
  scale: number,
  macro: Macro,
  broad: boolean,
  only?: number,
): boolean {
  const today = new Set(slots.map((s) => s.food.id));
  for (const type of LEVER_MEALS[macro]) {
    for (let meal = 0; meal < types.length; meal++) {
      if (types[meal] !== type) continue;
      if (only === undefined ? slots.some((s) => s.meal === meal && share(s.food, macro) >= DENSE[macro]) : meal !== only) continue;
      const food = pick(leverPool(pools, type, macro, broad), uses, random, today);
      if (!food || today.has(food.id)) continue;
      slots.push(slotFor(meal, food, scale, broad));
      return true;
    }
  }
  return false;
}

const NUTRIENTS = ['kcal', 'protein', 'carbs', 'fat'] as const;
const TARGET_KEY = { kcal: 'calories', protein: 'protein', carbs: 'carbs', fat: 'fat' } as const;

/** Kept inside each meal's band by the fit, so that rounding and polishing do not carry a meal out of it. */
const BAND_MARGIN = 0.01;

/**
 * Weights for the slots: a least-squares fit of the day's four totals (plus fibre, each meal's share and each food's
 * usual portion, lightly), re-weighted a few times towards whichever total misses most — the check is on the worst
 * of the four — and towards any meal outside its band of the day's energy, then rounded to the scale's steps and
 * polished on that grid.
 */
function solveDay(slots: readonly Slot[], targets: NutritionPlanTargets, types: readonly MealType[], shareWeight = 0.25): number[] {
  const shares = mealEnergyShares(types);
  const n = slots.length;
  const rows: LsqRow[] = [];
  // Unknowns are hundreds of grams, so coefficients are the table's values per 100 g.
  const main: { row: LsqRow; base: number }[] = [];
  for (const k of NUTRIENTS) {
    const t = targets[TARGET_KEY[k]];
    if (t <= 0) continue;
    const row = { coefficients: slots.map((s) => s.food.per100g[k] / t), target: 1, weight: 3 };
    main.push({ row, base: 3 });
    rows.push(row);
  }
  // Fibre near its target keeps a day from piling up fibre, whose energy the table counts at about half a carbohydrate's.
  if (targets.fibre > 0) rows.push({ coefficients: slots.map((s) => s.food.per100g.fibre / targets.fibre), target: 1, weight: 0.3 });
  const mealRows = shares.map((sh, meal) => {
    const t = targets.calories * sh;
    const row = { coefficients: slots.map((s) => (s.meal === meal ? s.food.per100g.kcal / t : 0)), target: 1, weight: shareWeight };
    rows.push(row);
    return row;
  });
  slots.forEach((s, i) => {
    const c = new Array<number>(n).fill(0);
    c[i] = 100 / s.typical;
    rows.push({ coefficients: c, target: 1, weight: 0.01 });
  });
  const lo = slots.map((s) => s.lo / 100);
  const hi = slots.map((s) => s.hi / 100);
  let x = slots.map((s) => s.typical / 100);
  const value = (row: LsqRow) => row.coefficients.reduce((sum, a, i) => sum + a * x[i], 0);
  for (let round = 0; round < 6; round++) {
    x = solveBoxedLeastSquares(rows, lo, hi, x);
    const misses = main.map(({ row }) => Math.abs(value(row) - 1));
    const mealKcal = mealRows.map((row, meal) => value(row) * shares[meal]);
    const dayKcal = mealKcal.reduce((s, k) => s + k, 0);
    const strays = types.map((type, meal) => outsideBand(type, mealKcal[meal] / dayKcal, BAND_MARGIN));
    if (Math.max(...misses) <= TARGET_TOLERANCE * 0.5 && Math.max(...strays) === 0) break;
    for (const [k, m] of main.entries()) m.row.weight *= 1 + (misses[k] / (TARGET_TOLERANCE * 0.5)) ** 2;
    // A meal outside its band is pulled to the band's near edge, not to its aim: the day's totals keep their say.
    mealRows.forEach((row, meal) => {
      if (strays[meal] === 0) return;
      const band = shareBand(types[meal]);
      const edge = mealKcal[meal] / dayKcal < band.min ? band.min + BAND_MARGIN : band.max - BAND_MARGIN;
      row.target = edge / shares[meal];
      row.weight = Math.max(row.weight, 1) * (1 + strays[meal] / BAND_MARGIN);
    });
  }
  const grams = x.map((v, i) => Math.min(slots[i].hi, Math.max(slots[i].lo, Math.round((v * 100) / slots[i].step) * slots[i].step)));
  return polish(slots, grams, targets, types);
}

/** The meal furthest below its aim. */
function leastFed(kcal: readonly number[], shares: readonly number[]): number {
  let least = 0;
  kcal.forEach((k, meal) => {
    if (k / shares[meal] < kcal[least] / shares[least]) least = meal;
  });
  return least;
}

/** Each meal's energy as the plan shows it. */
function mealKcalOf(slots: readonly Slot[], grams: readonly number[], types: readonly MealType[]): number[] {
  const kcal = types.map(() => 0);
  slots.forEach((s, i) => {
    kcal[s.meal] += nutrientsFor(s.food, grams[i]).kcal;
  });
  return kcal;
}

/**
 * How far a day is from good: the worst miss of its four totals, or, while a meal is outside its band of the day's
 * energy, more than any miss (1 + how far outside), so that the band comes first.
 */
function missOf(slots: readonly Slot[], grams: readonly number[], targets: NutritionPlanTargets, types: readonly MealType[]): number {
  const mealKcal = mealKcalOf(slots, grams, types);
  const dayKcal = mealKcal.reduce((s, k) => s + k, 0);
  const stray = dayKcal > 0 ? Math.max(...types.map((type, meal) => outsideBand(type, mealKcal[meal] / dayKcal))) : 0;
  return stray > 0 ? 1 + stray : worstMiss(slotTotals(slots, grams), targets);
}

/** Moves one food a step at a time while that lowers the day's worst miss (rounding can push a fit past 5 %). */
function polish(slots: readonly Slot[], start: number[], targets: NutritionPlanTargets, types: readonly MealType[]): number[] {
  const grams = [...start];
  let best = missOf(slots, grams, targets, types);
  for (let pass = 0; pass < 40 && best > TARGET_TOLERANCE * 0.6; pass++) {
    let improved = false;
    for (let i = 0; i < slots.length; i++) {
      for (const dir of [1, -1, 2, -2]) {
        const next = grams[i] + dir * slots[i].step;
        if (next < slots[i].lo || next > slots[i].hi) continue;
        const old = grams[i];
        grams[i] = next;
        const miss = missOf(slots, grams, targets, types);
        if (miss < best - 1e-9) {
          best = miss;
          improved = true;
        } else grams[i] = old;
      }
    }
    if (!improved) break;
  }
  return grams;
}

/** A third with foods that suit each meal; if none fits, the rest with any food dense in what the day lacks. */
const ATTEMPTS = 45;
const MAX_LEVERS = { natural: 5, relaxed: 8 };

/** The totals of the slots at these weights. */
const slotTotals = (slots: readonly Slot[], grams: readonly number[]) => totalsOf(slots.map((s, i) => ({ food: s.food, grams: grams[i] })));

function buildDay(brief: NutritionPlanBrief, pools: FoodPools, uses: Map<string, number>, random: Random): DayPicks {
  const types = DAY_MEALS[brief.mealsPerDay];
  const { targets } = brief;
  const scale = Math.min(2.5, Math.max(0.7, targets.calories / 2000));
  let best: { picks: DayPicks; miss: number } | null = null;
  for (let attempt = 0; attempt < ATTEMPTS && !(best && best.miss <= TARGET_TOLERANCE); attempt++) {
    const relaxed = attempt >= ATTEMPTS / 3;
    const slots = composeDay(types, pools, uses, random, scale, { starchy: (targets.carbs * 4) / targets.calories >= 0.4, relaxed });
    // A relaxed day also lets meals stray further from their share of the day.
    const shareWeight = relaxed ? 0.05 : 0.25;
    let grams = solveDay(slots, targets, types, shareWeight);
    // Short of a macronutrient the chosen foods cannot supply, or a meal too small for its share of the day even at
    // its foods' largest portions: add a food dense in what the day lacks most and solve again.
    for (let lever = 0; lever < MAX_LEVERS[relaxed ? 'relaxed' : 'natural'] && missOf(slots, grams, targets, types) > TARGET_TOLERANCE; lever++) {
      const t = slotTotals(slots, grams);
      const gaps = (['protein', 'carbs', 'fat'] as const).map((m) => ({ m, gap: targets[m] > 0 ? (t[m] - targets[m]) / targets[m] : 0 })).sort((a, b) => a.gap - b.gap);
      const energyShort = t.calories < targets.calories * (1 - TARGET_TOLERANCE);
      const kcal = mealKcalOf(slots, grams, types);
      const total = kcal.reduce((s, k) => s + k, 0);
      const small = types.findIndex((type, meal) => kcal[meal] < shareBand(type).min * total);
      if (small < 0 && gaps[0].gap >= -TARGET_TOLERANCE / 2 && !energyShort) break;
      // A small meal takes a food of whichever macronutrient the day can still take more of. When every meal already
      // has a food dense in what the day lacks, the meal furthest below its aim takes another.
      const lever = (m: Macro, only?: number) => addLever(slots, types, pools, uses, random, scale, m, relaxed, only);
      const added = small >= 0 ? gaps.some((g) => g.gap < TARGET_TOLERANCE / 2 && lever(g.m, small)) : lever(gaps[0].m) || lever(gaps[0].m, leastFed(kcal, mealEnergyShares(types)));
      if (!added) break;
      grams = solveDay(slots, targets, types, shareWeight);
    }
    const picks: DayPicks = {
      meals: types.map((type, meal) => ({
        type,
        // An oil the fit did not need (0 g) is left out.
        items: slots.flatMap((s, i) => (s.meal === meal && grams[i] > 0 ? [{ foodId: s.food.id, grams: grams[i] }] : [])),
      })),
    };
    if (picks.meals.some((m) => m.items.length === 0)) continue;
    const miss = missOf(slots, grams, targets, types);
    if (!best || miss < best.miss) best = { picks, miss };
  }
  if (!best) throw new NoPlanPossible('too_few_foods');
  if (best.miss > TARGET_TOLERANCE) throw new NoPlanPossible('targets_unreachable');
  for (const meal of best.picks.meals) for (const item of meal.items) uses.set(item.foodId, (uses.get(item.foodId) ?? 0) + 1);
  return best.picks;
}

/**
 * New weights for a day whose foods someone else chose (an LLM): the same fit as the engine's own days, starting from
 * the weights given. Foods not in the table are dropped (the check reports them first).
 */
export function refitDay(day: DayPicks, brief: NutritionPlanBrief): DayPicks {
  const types = day.meals.map((m) => m.type);
  const scale = Math.min(2.5, Math.max(0.7, brief.targets.calories / 2000));
  const slots: Slot[] = [];
  day.meals.forEach((meal, i) => {
    meal.items.forEach((item) => {
      const food = foodById(item.foodId);
      if (!food) return;
      // The relaxed lower bound, and the wider of the two upper ones (a plain egg may go to four, not two and a half).
      const isOil = food.category === 'fat_oil';
      const relaxed = slotFor(i, food, scale, true, isOil);
      const slot = { ...relaxed, hi: Math.max(relaxed.hi, slotFor(i, food, scale, false, isOil).hi) };
      slots.push({ ...slot, typical: Math.min(slot.hi, Math.max(slot.lo, item.grams)) });
    });
  });
  const grams = solveDay(slots, brief.targets, types);
  return { meals: types.map((type, meal) => ({ type, items: slots.flatMap((s, i) => (s.meal === meal && grams[i] > 0 ? [{ foodId: s.food.id, grams: grams[i] }] : [])) })) };
}

/**
 * No plan can be made: the diet leaves too few foods to make meals from (allergies to most of the table), or the
 * targets cannot be met within 5 % with the foods it leaves (extreme targets of one's own on a narrow diet).
 */
export class NoPlanPossible extends Error {
  declare message: typeof NUTRITION_PLAN_MESSAGES.noFoods | typeof NUTRITION_PLAN_MESSAGES.unreachable;
  constructor(readonly reason: 'too_few_foods' | 'targets_unreachable') {
    super(reason === 'too_few_foods' ? NUTRITION_PLAN_MESSAGES.noFoods : NUTRITION_PLAN_MESSAGES.unreachable);
  }
}

/** True when the diet leaves foods for every kind of meal the engine composes. */
export function canPlan(pools: FoodPools): boolean {
  return (pools.breakfast.length > 0 || pools.breakfastProtein.length > 0) && (pools.main.length > 0 || pools.proteinLever.length > 0) && pools.snack.length > 0;
}

export function generateNutritionPlan(brief: NutritionPlanBrief, opts: { seed: number; onProgress?: NutritionPlanProgressListener }): NutritionPlan {
  const { seed, onProgress } = opts;
  const totalDays = NUTRITION_PLAN_DAYS;
  onProgress?.({ stage: 'analysing_input', totalDays });
  const pools = foodPools(brief.rules);
  onProgress?.({ stage: 'choosing_foods', totalDays });
  if (!canPlan(pools)) throw new NoPlanPossible('too_few_foods');
  const uses = new Map<string, number>();
  const days: DayPicks[] = [];
  for (let d = 0; d < totalDays; d++) {
    onProgress?.({ stage: 'building_day', day: d + 1, totalDays });
    days.push(buildDay(brief, pools, uses, seededRandom(childSeed(seed, d + 1))));
  }
  onProgress?.({ stage: 'checking', totalDays });
  const plan = assemblePlan(days, brief, {
    title: defaultPlanTitle(brief.restrictions, brief.targets.calories, brief.locale),
    summary: defaultPlanSummary(brief.targets, brief.mealsPerDay, brief.locale),
    seed,
  });
  onProgress?.({ stage: 'done', totalDays });
  return plan;
}
