import { describe, expect, it } from 'vitest';
import { foodById } from '../foods';
import { computeGoals } from '../goals';
import { assemblePlan, portionHint, shoppingList } from './assemble';
import { nutritionPlanBrief } from './brief';
import { checkNutritionPlan } from './check';
import { generateNutritionPlan } from './engine';
import { breaksLowCarb, dietRules, parseAllergies, ruleBroken, splitAllergies } from './restrictions';
import { nutritionPlanInputSchema } from './schemas';
import { solveBoxedLeastSquares } from './solver';
import { planTargets } from './targets';

const food = (id: string) => foodById(id)!;

describe('dietary restrictions over the food table', () => {
  it('rules out what each diet forbids, by tag', () => {
    expect(ruleBroken(food('kung-pao-chicken'), dietRules(['vegetarian']))).toBe('poultry');
    expect(ruleBroken(food('egg'), dietRules(['vegetarian']))).toBeNull();
    expect(ruleBroken(food('egg'), dietRules(['vegan']))).toBe('egg');
    expect(ruleBroken(food('smoked-salmon'), dietRules(['pescatarian']))).toBeNull();
    expect(ruleBroken(food('bacon'), dietRules(['halal']))).toBe('pork');
    expect(ruleBroken(food('white-bread'), dietRules(['gluten_free']))).toBe('gluten');
    expect(ruleBroken(food('peanut-butter'), dietRules(['nut_free']))).toBe('peanut');
  });

  it('low-carb rules out starchy and sugary foods and keeps vegetables, berries, dairy, nuts and meat', () => {
    for (const id of ['white-rice', 'white-bread', 'banana', 'pasta', 'potato']) expect(breaksLowCarb(food(id)), id).toBe(true);
    for (const id of ['broccoli', 'strawberries', 'whole-milk', 'almonds', 'chicken-breast', 'tofu-firm', 'egg']) expect(breaksLowCarb(food(id)), id).toBe(false);
  });

  it('reads allergies in English and Chinese, through allergen tags and food names', () => {
    expect(splitAllergies('peanuts, shrimp、芒果; Peanuts\nkiwi and celery')).toEqual(['peanuts', 'shrimp', '芒果', 'kiwi', 'celery']);
    const [peanuts, shrimp, mango, tomatoes] = parseAllergies('peanuts, 虾, 芒果, tomatoes');
    expect(peanuts.tags).toEqual(['peanut']);
    expect(peanuts.foodIds).toContain('kung-pao-chicken');
    expect(shrimp.tags).toEqual(['shellfish']);
    expect(shrimp.foodIds.every((id) => food(id).tags.includes('shellfish') || food(id).name.zh.includes('虾'))).toBe(true);
    expect(mango.foodIds).toContain('mango');
    expect(tomatoes.foodIds).toContain('tomato');
    // A milk allergy does not rule out soy milk; a peanut allergy does rule out peanut oil.
    const [milk] = parseAllergies('milk');
    expect(milk.foodIds).not.toContain('soy-milk');
    expect(milk.foodIds).toContain('whole-milk');
    expect(peanuts.foodIds).toContain('peanut-oil');
    expect(parseAllergies('zz')).toEqual([{ text: 'zz', tags: [], foodIds: [] }]);
  });
});

describe('plan targets', () => {
  const computed = computeGoals({ sex: 'female', birthYear: 1990, heightCm: 168, weightKg: 64, activityLevel: 'moderate' }, ['general_health'], 2026);

  it('keeps computed goals as they are, to the gram', () => {
    const { targets, adjustments } = planTargets(computed, []);
    expect(adjustments).toEqual([]);
    expect(targets).toEqual({ calories: computed.calories, protein: computed.protein, carbs: computed.carbs, fat: computed.fat, fibre: computed.fibre });
  });

  it('keeps a user’s own goals to the gram when they are within the ranges and add up to their calories', () => {
    // 160 g protein, 280 g carbohydrate and 80 g fat are 2,480 kcal by 4/4/9: close enough to 2,500 to meet both.
    const own = { calories: 2500, protein: 160, carbs: 280, fat: 80, fibre: 35 };
    expect(planTargets(own, [])).toEqual({ targets: own, adjustments: [] });
    expect(planTargets(own, ['vegetarian', 'gluten_free']).targets).toEqual(own);
    // Macros that add up to far less energy than the calories keep their proportions at the calories asked for.
    const { targets } = planTargets({ ...own, calories: 3000 }, []);
    expect(targets.calories).toBe(3000);
    expect(targets.protein).toBe(Math.round((160 * 3000) / 2480));
  });

  it('holds a plan between 1200 and 4000 kcal and protein within its range, and says so', () => {
    expect(planTargets({ calories: 900, protein: 60, carbs: 90, fat: 33, fibre: 13 }, [])).toMatchObject({
      targets: { calories: 1200 },
      adjustments: expect.arrayContaining(['calories_raised']),
    });
    expect(planTargets({ calories: 6000, protein: 300, carbs: 700, fat: 200, fibre: 80 }, []).targets.calories).toBe(4000);
    const highProtein = planTargets({ calories: 2000, protein: 250, carbs: 100, fat: 44, fibre: 28 }, ['vegan']);
    expect((highProtein.targets.protein * 4) / 2000).toBeLessThanOrEqual(0.3 + 0.005);
    expect(highProtein.adjustments).toContain('protein_lowered');
  });

  it('moves energy from carbohydrate to fat on low-carb, to at most 100 g', () => {
    const { targets, adjustments } = planTargets(computed, ['low_carb']);
    expect(targets.carbs).toBeLessThanOrEqual(100);
    expect(targets.fat).toBeGreaterThan(computed.fat);
    expect(adjustments).toEqual(expect.arrayContaining(['carbs_lowered', 'fat_raised']));
    expect(Math.abs(targets.protein * 4 + targets.carbs * 4 + targets.fat * 9 - targets.calories)).toBeLessThan(10);
  });
});

describe('solver, portions, shopping list and check', () => {
  it('solves a boxed least-squares problem', () => {
    // x + y = 3 and x − y = 1 → (2, 1); with y ≤ 0.5 the best is x = 2, y = 0.5.
    const rows = [
      { coefficients: [1, 1], target: 3, weight: 1 },
      { coefficients: [1, -1], target: 1, weight: 1 },
    ];
    expect(solveBoxedLeastSquares(rows, [0, 0], [10, 10], [0, 0]).map((v) => Math.round(v * 1000) / 1000)).toEqual([2, 1]);
    expect(solveBoxedLeastSquares(rows, [0, 0], [10, 0.5], [0, 0]).map((v) => Math.round(v * 1000) / 1000)).toEqual([2, 0.5]);
  });

  it('names a household measure near a weight', () => {
    expect(portionHint(food('banana'), 236, 'en')).toEqual({ label: '1 medium', quantity: 2 });
    expect(portionHint(food('banana'), 118, 'zh')).toEqual({ label: '1 根（中）', quantity: 1 });
  });

  it('adds up the week by food and aisle', () => {
    const days = [
      {
        meals: [
          {
            type: 'breakfast' as const,
            items: [
              { foodId: 'banana', grams: 118 },
              { foodId: 'oatmeal', grams: 234 },
            ],
          },
        ],
      },
      { meals: [{ type: 'breakfast' as const, items: [{ foodId: 'banana', grams: 100 }] }] },
    ];
    expect(shoppingList(days, 'en')).toEqual([
      { foodId: 'banana', name: 'Banana', grams: 220, aisle: 'produce', portion: { label: '1 medium', quantity: 2 } },
      { foodId: 'oatmeal', name: food('oatmeal').name.en, grams: 240, aisle: 'grains', portion: expect.anything() },
    ]);
  });

  it('the check finds every kind of broken rule, and a plan is the same for the same seed', () => {
    const brief = nutritionPlanBrief(
      nutritionPlanInputSchema.parse({ dietaryRestrictions: ['vegetarian'], mealsPerDay: 3 }),
      { ...computeGoals({ sex: 'male', birthYear: 1990, heightCm: 180, weightKg: 80, activityLevel: 'light' }, ['general_health'], 2026) },
      'en',
    );
    const plan = generateNutritionPlan(brief, { seed: 7 });
    expect(generateNutritionPlan(brief, { seed: 7 })).toEqual(plan);
    const days = plan.days.map((d) => ({ meals: d.meals.map((m) => ({ type: m.type, items: m.items.map(({ foodId, grams }) => ({ foodId, grams })) })) }));
    expect(checkNutritionPlan(days, brief)).toEqual([]);
    const broken = structuredClone(days);
    broken[0].meals[0].items.push({ foodId: 'kung-pao-chicken', grams: 300 });
    broken[1].meals[0].items.push({ foodId: 'unicorn-steak', grams: 100 });
    broken[2].meals.reverse();
    // A bite of breakfast and most of the day at dinner: the totals may add up, the meals are not what people eat.
    broken[3].meals[0].items = [{ foodId: 'banana', grams: 50 }];
    broken[3].meals[2].items = broken[3].meals[2].items.map((i) => ({ ...i, grams: i.grams * 3 }));
    const issues = checkNutritionPlan(broken.slice(0, 6), brief);
    expect(issues.map((i) => i.code)).toEqual(expect.arrayContaining(['wrong_days', 'restricted_food', 'unknown_food', 'wrong_meals', 'meal_share', 'off_target']));
    expect(issues.filter((i) => i.code === 'meal_share' && i.day === 4).map((i) => i.message)).toEqual([
      expect.stringMatching(/^Day 4: breakfast \(meal 1\) has \d% of the day's energy, outside 15–45%$/),
      expect.stringMatching(/^Day 4: dinner \(meal 3\) has \d\d% of the day's energy, outside 15–45%$/),
    ]);
    // Assembling takes names and nutrients from the table, whatever a generator claims.
    expect(assemblePlan(days, brief, { title: 't', summary: 's', seed: null }).days).toEqual(plan.days);
  });
});
