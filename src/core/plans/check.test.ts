import { describe, expect, it } from 'vitest';
import { checkPlan } from './check';
import { generatePlan } from './engine';
import type { FitnessPlan, FitnessPlanInput, Prescription } from './schemas';

const input: FitnessPlanInput = { planType: 'strength', goals: ['increase_strength'], fitnessLevel: 'beginner', equipment: ['none'], duration: 4 };
const plan = generatePlan(input, { seed: 5 });

/** The plan with its first lifting day's first exercise replaced. */
function withFirstExercise(change: Partial<Prescription>, from: FitnessPlan = plan): FitnessPlan {
  const copy = structuredClone(from);
  const day = copy.weeks[0].days.find((d) => d.type === 'strength')!;
  day.exercises[0] = { ...day.exercises[0], ...change };
  return copy;
}

describe('checkPlan', () => {
  it('passes an engine plan', () => {
    expect(checkPlan(plan, input)).toEqual([]);
  });

  it('finds an exercise the library does not have', () => {
    const issues = checkPlan(withFirstExercise({ exerciseId: 'moon-squat' }), input);
    expect(issues.map((i) => [i.code, i.exerciseId])).toEqual([['unknown_exercise', 'moon-squat']]);
  });

  it('finds a barbell squat given to a user with no equipment', () => {
    const issues = checkPlan(withFirstExercise({ exerciseId: 'barbell-back-squat' }), input);
    expect(issues.map((i) => i.code)).toEqual(['equipment_not_allowed']);
    expect(issues[0].message).toContain('barbell');
  });

  it('finds an exercise above the user level', () => {
    expect(checkPlan(withFirstExercise({ exerciseId: 'pistol-squat' }), input).map((i) => i.code)).toEqual(['level_too_high']);
  });

  it('finds a plan for another input or duration', () => {
    expect(checkPlan(plan, { ...input, planType: 'cardio' }).map((i) => i.code)).toContain('wrong_input');
    expect(checkPlan(plan, { ...input, equipment: ['none', 'dumbbells'] }).map((i) => i.code)).toContain('wrong_input');
    expect(checkPlan(plan, { ...input, duration: 8 }).map((i) => i.code)).toContain('wrong_duration');
  });

  it('finds too many weekly sets for a muscle', () => {
    const issues = checkPlan(withFirstExercise({ sets: 30 }), input);
    expect(issues.map((i) => i.code)).toContain('volume_above_bounds');
  });

  it('finds a session that is too long or too short', () => {
    expect(checkPlan(withFirstExercise({ sets: 12, restSeconds: 600 }), input).map((i) => i.code)).toContain('session_length_out_of_bounds');
    const short = structuredClone(plan);
    const day = short.weeks[0].days.find((d) => d.type === 'strength')!;
    day.warmUp = [];
    day.coolDown = [];
    day.exercises = [{ ...day.exercises[0], sets: 1 }];
    expect(checkPlan(short, input).map((i) => i.code)).toContain('session_length_out_of_bounds');
  });

  it('checks the exercises of summary weeks but not their length', () => {
    const summary = generatePlan(input, { seed: 5, detail: 'week1' });
    expect(checkPlan(summary, input)).toEqual([]);
  });
});
