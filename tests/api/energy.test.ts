import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXERCISES } from '#core/plans/exercises';
import { computeGoals, KCAL_PER_KG, SAFE_MINIMUM_KCAL } from '#core/nutrition';
import { ENERGY_MESSAGES } from '#core/nutrition/messages';
import { addDays, localDateOf } from '#core/workouts';
import { fields, nutritionUser, setTier, type NutritionClient } from '../support/nutrition';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_AUTH: '1000/15m', RATE_LIMIT_API: '10000/1m', RATE_LIMIT_PROFILE: '1000/5m', RATE_LIMIT_AI: '100/1h', RATE_LIMIT_AI_PAID: '100/1h' });
});
afterAll(() => t.close());

const YEAR = new Date().getUTCFullYear();
const BODY = { sex: 'male', birthYear: YEAR - 36, heightCm: 180, weightKg: 85, activityLevel: 'moderate' } as const;
const today = () => localDateOf(Date.now(), 'UTC');

/**
 * Four weeks of a person who eats about 2,100 kcal a day (two meals, logged) and loses 0.06 kg a day on the scale:
 * their expenditure is 2,100 + 0.06 × 7,700 = 2,562 kcal. One day logged only in part, and two not at all.
 */
async function seedFourWeeks(c: NutritionClient) {
  const end = today();
  for (let i = 28; i >= 0; i--) {
    const date = addDays(end, -i);
    await c.put(`/api/body/entries/${date}`, { weightKg: Math.round((86 - 0.06 * (28 - i)) * 100) / 100 });
    if (i === 0 || i === 5 || i === 17) continue;
    const lunch = i === 9 ? 300 : 1000 + (i % 3) * 50;
    await c.post('/api/nutrition/entries', { foodName: 'Lunch', calories: lunch, mealType: 'lunch', eatenAt: `${date}T12:00:00Z` });
    if (i === 9) continue; // this day only lunch was entered: not a complete day
    await c.post('/api/nutrition/entries', { foodName: 'Dinner', calories: 2100 - lunch, mealType: 'dinner', eatenAt: `${date}T19:00:00Z` });
  }
}

describe('GET /api/nutrition/energy', () => {
  it('starts from Mifflin–St Jeor × activity, saying so, while there is no log', async () => {
    const c = await nutritionUser(t, BODY);
    const res = await c.get('/api/nutrition/energy');
    expect(res.status).toBe(200);
    const formula = computeGoals(BODY, [], YEAR).tdee;
    expect(res.body).toMatchObject({
      estimatedExpenditureKcal: formula,
      formulaKcal: formula,
      basis: 'formula',
      basisReason: 'too_few_days',
      confidence: 'low',
      basedOnDays: 0,
      weighIns: 0,
      weightTrendKgPerWeek: null,
      averageIntakeKcal: null,
      missing: [],
      window: { startDate: addDays(today(), -28), endDate: addDays(today(), -1) },
      goal: { direction: 'maintain', rateKgPerWeek: 0 },
    });
    expect(res.body.suggestedTargets.calories).toBe(Math.round(formula / 10) * 10);
  });

  it('estimates the expenditure from four weeks of meals and weigh-ins, leaving out days not fully logged', async () => {
    const c = await nutritionUser(t, BODY);
    await seedFourWeeks(c);
    const res = await c.get('/api/nutrition/energy');
    expect(res.status).toBe(200);
    const e = res.body;
    const truth = 2100 + 0.06 * KCAL_PER_KG;
    expect(e).toMatchObject({ basis: 'energy_balance', basisReason: 'enough_data', loggedDays: 26, completeDays: 25, basedOnDays: 25, weighIns: 29, averageIntakeKcal: 2100 });
    expect(e.weightTrendKgPerWeek).toBeCloseTo(-0.42, 2);
    expect(e.balanceKcal).toBe(Math.round(truth));
    // Combined with the formula by their uncertainty: close to what the log says.
    expect(e.balanceShare).toBeGreaterThan(0.8);
    expect(Math.abs(e.estimatedExpenditureKcal - truth)).toBeLessThan(Math.abs(e.formulaKcal - truth));
    expect(Math.abs(e.estimatedExpenditureKcal - truth)).toBeLessThan(60);
    expect(e.confidence).toBe('high');
    expect(e.trendWeightKg).toBeGreaterThan(84.3);
    expect(e.trendWeightKg).toBeLessThan(85);
  });

  it("suggests targets for the chosen goal and rate, towards the profile's goal weight by default", async () => {
    const c = await nutritionUser(t, BODY);
    await seedFourWeeks(c);
    expect((await c.put('/api/me/fitness-goals', { targetWeightKg: 78 })).status).toBe(200);
    const byDefault = (await c.get('/api/nutrition/energy')).body;
    expect(byDefault.goal).toMatchObject({ direction: 'lose', rateKgPerWeek: 0.5, targetWeightKg: 78 });
    expect(byDefault.suggestedTargets.calories).toBe(Math.round((byDefault.estimatedExpenditureKcal - 550) / 10) * 10);
    expect(byDefault.goal.weeksToGoal).toBe(Math.ceil((byDefault.trendWeightKg - 78) / 0.5));
    // Protein on the goal weight, at least 1.6 g per kg while losing.
    expect(byDefault.proteinWeightKg).toBe(78);
    expect(byDefault.suggestedTargets.protein).toBeGreaterThanOrEqual(Math.round(1.6 * 78));

    const gain = (await c.get('/api/nutrition/energy?goal=gain&rateKgPerWeek=0.25')).body;
    expect(gain.goal).toMatchObject({ direction: 'gain', rateKgPerWeek: 0.25, weeksToGoal: null });
    expect(gain.suggestedTargets.calories).toBe(Math.round((gain.estimatedExpenditureKcal + 275) / 10) * 10);
    expect(gain.floors).toBeNull();
  });

  it('never suggests less than the safe minimum', async () => {
    const c = await nutritionUser(t, { sex: 'female', birthYear: YEAR - 60, heightCm: 152, weightKg: 52, activityLevel: 'sedentary' });
    const res = await c.get('/api/nutrition/energy?goal=lose&rateKgPerWeek=0.5');
    expect(res.body.suggestedTargets.calories).toBe(SAFE_MINIMUM_KCAL.female);
    expect(res.body.adjustments).toContain('calorie_floor');
    expect(res.body.floors).toEqual({ calories: 1200, proteinPerKg: 1.6 });
  });

  it('refuses a goal or rate it does not know', async () => {
    const c = await nutritionUser(t, BODY);
    expect(fields(await c.get('/api/nutrition/energy?goal=shrink'))).toEqual({ goal: ENERGY_MESSAGES.goal });
    expect(fields(await c.get('/api/nutrition/energy?rateKgPerWeek=2'))).toEqual({ rateKgPerWeek: ENERGY_MESSAGES.rate });
    expect(fields(await c.get('/api/nutrition/energy?rateKgPerWeek=fast'))).toEqual({ rateKgPerWeek: ENERGY_MESSAGES.rate });
    expect((await t.client().get('/api/nutrition/energy')).status).toBe(401);
  });
});

describe('training beside intake', () => {
  it("puts the day's workouts (MET × body weight × time) beside what was eaten", async () => {
    const c = await nutritionUser(t, BODY);
    const strength = EXERCISES.find((e) => e.kind === 'strength' && e.requires.length === 0)!;
    const logged = await c.post('/api/workouts', {
      performedAt: new Date(Date.now() - 60_000 * 90).toISOString(),
      durationMinutes: 45,
      exercises: [{ exerciseId: strength.id, sets: [{ reps: 10 }, { reps: 10 }] }],
    });
    expect(logged.status).toBe(201);
    const date = localDateOf(new Date(logged.body.performedAt), 'UTC');
    const summary = (await c.get(`/api/nutrition/summary?date=${date}`)).body;
    expect(summary.exercise).toEqual({ calories: logged.body.caloriesBurned, workouts: 1, minutes: 45 });
    expect(summary.exercise.calories).toBeGreaterThan(0);
    // Shown beside the intake, not added to the target.
    expect(summary.remaining.calories).toBe(summary.goals.calories);
    const other = (await c.get(`/api/nutrition/summary?date=${addDays(date, -1)}`)).body;
    expect(other.exercise).toEqual({ calories: 0, workouts: 0, minutes: 0 });
  });
});

describe('Pro nutrition plans', () => {
  it('build from the estimated expenditure once the log supports one, and from the user’s own goals when set', async () => {
    const c = await nutritionUser(t, BODY);
    await setTier(t, c, 'pro');
    await seedFourWeeks(c);
    const energy = (await c.get('/api/nutrition/energy')).body;
    const plan = await c.post('/api/nutrition/plans', { dietaryRestrictions: [], mealsPerDay: 3 });
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);
    expect(plan.body.plan.goalSource).toBe('estimated');
    expect(plan.body.plan.goals).toEqual(energy.suggestedTargets);

    expect((await c.put('/api/nutrition/goals', { calories: 2300, protein: 150, carbs: 250, fat: 75 })).status).toBe(200);
    const own = await c.post('/api/nutrition/plans', { dietaryRestrictions: [], mealsPerDay: 3 });
    expect(own.body.plan.goalSource).toBe('custom');
    expect(own.body.plan.goals.calories).toBe(2300);
  });

  it('build from the computed goals while the log is thin', async () => {
    const c = await nutritionUser(t, BODY);
    await setTier(t, c, 'pro');
    const plan = await c.post('/api/nutrition/plans', { dietaryRestrictions: [], mealsPerDay: 3 });
    expect(plan.body.plan.goalSource).toBe('computed');
    expect(plan.body.plan.goals.calories).toBe(computeGoals(BODY, ['general_health'], YEAR).calories);
  });
});
