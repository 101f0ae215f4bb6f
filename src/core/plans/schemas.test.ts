import { describe, expect, it } from 'vitest';
import { generatePlan } from './engine';
import { fitnessPlanInputSchema, fitnessPlanSchema } from './schemas';
import { PLAN_INPUT_MESSAGES } from './messages';

const valid = {
  planType: 'strength',
  goals: ['increase_strength'],
  fitnessLevel: 'beginner',
  equipment: ['none'],
  duration: 4,
};

function messages(body: unknown): Record<string, string[]> {
  const result = fitnessPlanInputSchema.safeParse(body);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

describe('plan generation input', () => {
  it('accepts every field of spec section 5', () => {
    const parsed = fitnessPlanInputSchema.parse({ ...valid, planName: '  My plan  ', locale: 'zh', duration: 12, goals: ['lose_weight', 'build_muscle', 'general_health'] });
    expect(parsed.planName).toBe('My plan');
    expect(parsed.locale).toBe('zh');
    expect(fitnessPlanInputSchema.parse(valid).locale).toBeUndefined();
  });

  it('takes every plan type, level and piece of equipment', () => {
    for (const planType of ['strength', 'cardio', 'weight_loss', 'muscle_gain', 'general_fitness', 'sports_performance']) {
      expect(fitnessPlanInputSchema.safeParse({ ...valid, planType }).success, planType).toBe(true);
    }
    for (const fitnessLevel of ['beginner', 'intermediate', 'advanced']) {
      expect(fitnessPlanInputSchema.safeParse({ ...valid, fitnessLevel }).success).toBe(true);
    }
    const all = ['none', 'dumbbells', 'barbell', 'resistance_bands', 'kettlebell', 'pull_up_bar', 'gym_access'];
    expect(fitnessPlanInputSchema.safeParse({ ...valid, equipment: all }).success).toBe(true);
  });

  it('rejects an unknown plan type, goal, level or equipment with its message', () => {
    expect(messages({ ...valid, planType: 'yoga' })).toEqual({ planType: [PLAN_INPUT_MESSAGES.planType] });
    expect(messages({ ...valid, goals: ['get_rich'] })).toEqual({ 'goals.0': [PLAN_INPUT_MESSAGES.goal] });
    expect(messages({ ...valid, fitnessLevel: 'expert' })).toEqual({ fitnessLevel: [PLAN_INPUT_MESSAGES.fitnessLevel] });
    expect(messages({ ...valid, equipment: ['rowing_machine'] })).toEqual({ 'equipment.0': [PLAN_INPUT_MESSAGES.equipmentItem] });
    expect(messages({ ...valid, locale: 'fr' })).toEqual({ locale: ['Locale must be en or zh'] });
  });

  it('needs 1 to 3 distinct goals', () => {
    expect(messages({ ...valid, goals: [] })).toEqual({ goals: ['Choose 1 to 3 goals'] });
    expect(messages({ ...valid, goals: ['lose_weight', 'build_muscle', 'general_health', 'improve_endurance'] })).toEqual({ goals: ['Choose 1 to 3 goals'] });
    expect(messages({ ...valid, goals: ['lose_weight', 'lose_weight'] })).toEqual({ goals: ['Each goal may be chosen once'] });
    expect(messages({ ...valid, goals: 'lose_weight' })).toEqual({ goals: ['Choose 1 to 3 goals'] });
  });

  it('needs at least one distinct piece of equipment', () => {
    expect(messages({ ...valid, equipment: [] })).toEqual({ equipment: ['Choose at least one equipment option'] });
    expect(messages({ ...valid, equipment: ['none', 'none'] })).toEqual({ equipment: ['Each piece of equipment may be chosen once'] });
  });

  it('allows only 4, 8 or 12 weeks', () => {
    for (const duration of [4, 8, 12]) expect(fitnessPlanInputSchema.safeParse({ ...valid, duration }).success).toBe(true);
    for (const duration of [0, 6, 16, '8', 8.5]) expect(messages({ ...valid, duration })).toEqual({ duration: ['Duration must be 4, 8 or 12 weeks'] });
  });

  it('limits the plan name to 1 to 100 characters', () => {
    expect(messages({ ...valid, planName: '' })).toEqual({ planName: ['Plan name must be 1 to 100 characters'] });
    expect(messages({ ...valid, planName: '   ' })).toEqual({ planName: ['Plan name must be 1 to 100 characters'] });
    expect(messages({ ...valid, planName: 'x'.repeat(101) })).toEqual({ planName: ['Plan name must be 1 to 100 characters'] });
    expect(fitnessPlanInputSchema.safeParse({ ...valid, planName: 'x'.repeat(100) }).success).toBe(true);
  });

  it('reports every missing field at once', () => {
    expect(Object.keys(messages({})).sort()).toEqual(['duration', 'equipment', 'fitnessLevel', 'goals', 'planType']);
  });
});

describe('plan schema', () => {
  const plan = generatePlan(fitnessPlanInputSchema.parse(valid), { seed: 9 });

  it('accepts an engine plan', () => {
    expect(fitnessPlanSchema.safeParse(plan).success).toBe(true);
  });

  it('rejects a week count that does not match the duration', () => {
    const issues = fitnessPlanSchema.safeParse({ ...plan, weeks: plan.weeks.slice(0, 3) }).error?.issues ?? [];
    expect(issues.map((i) => i.message)).toContain('The plan must have 4 weeks');
  });

  it('rejects a line with both reps and a duration, or neither', () => {
    const day = plan.weeks[0].days[0];
    const broken = (p: object) => ({
      ...plan,
      weeks: [{ ...plan.weeks[0], days: [{ ...day, exercises: [{ ...day.exercises[0], ...p }] }, ...plan.weeks[0].days.slice(1)] }, ...plan.weeks.slice(1)],
    });
    expect(fitnessPlanSchema.safeParse(broken({ reps: { min: 8, max: 10 }, durationSeconds: 30 })).success).toBe(false);
    expect(fitnessPlanSchema.safeParse(broken({ reps: null, durationSeconds: null })).success).toBe(false);
    expect(fitnessPlanSchema.safeParse(broken({ reps: { min: 10, max: 8 }, durationSeconds: null })).success).toBe(false);
  });

  it('rejects a week without seven days or without a rest day', () => {
    const week = plan.weeks[0];
    const withDays = (days: typeof week.days) => ({ ...plan, weeks: [{ ...week, days }, ...plan.weeks.slice(1)] });
    expect(fitnessPlanSchema.safeParse(withDays(week.days.slice(0, 6))).success).toBe(false);
    const noRest = week.days.map((d) => (d.type === 'rest' ? { ...week.days[1], dayNumber: d.dayNumber } : d));
    expect(fitnessPlanSchema.safeParse(withDays(noRest)).success).toBe(false);
  });

  it('rejects exercises in a summary week', () => {
    const summary = generatePlan(fitnessPlanInputSchema.parse(valid), { seed: 9, detail: 'week1' });
    expect(fitnessPlanSchema.safeParse(summary).success).toBe(true);
    const stuffed = { ...summary, weeks: summary.weeks.map((w, i) => (i === 1 ? plan.weeks[1] : w)) };
    expect(fitnessPlanSchema.safeParse(stuffed).success).toBe(false);
  });
});
