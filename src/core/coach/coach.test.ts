import { describe, expect, it } from 'vitest';
import { generatePlan } from '#core/plans/engine';
import { exerciseById, isAvailableWith } from '#core/plans/exercises';
import { fitnessPlanSchema } from '#core/plans/schemas';
import { alternativesFor, canReplace } from './alternatives';
import { coachPlan, findPrescription, originalOf, storedNote } from './apply';
import { floorLoadable, isLoadable, LB_PER_KG, loadKindOf, nearestLoadable, oneStepUp } from './loading';
import { setsPerMuscle } from './muscles';
import { message } from './progression';

const lib = (id: string) => exerciseById(id)!;

describe('loadable weights', () => {
  it('names the load by what the exercise needs', () => {
    expect(loadKindOf(lib('barbell-bench-press'))).toBe('barbell');
    expect(loadKindOf(lib('dumbbell-floor-press'))).toBe('dumbbell');
    expect(loadKindOf(lib('kettlebell-floor-press'))).toBe('kettlebell');
    expect(loadKindOf(lib('machine-chest-press'))).toBe('machine');
    expect(loadKindOf(lib('push-up'))).toBe('bodyweight');
    expect(loadKindOf(lib('band-chest-press'))).toBe('bodyweight');
  });

  it('rounds to the plates: down, to the nearest, and one step up', () => {
    expect(floorLoadable(61.9, 'barbell', 'kg')).toBe(60);
    expect(nearestLoadable(61.9, 'barbell', 'kg')).toBe(62.5);
    expect(oneStepUp(60, 'barbell', 'kg')).toBe(62.5);
    expect(oneStepUp(21, 'dumbbell', 'kg')).toBe(22);
    expect(oneStepUp(61.235, 'barbell', 'lb') * LB_PER_KG).toBeCloseTo(140, 1);
    expect(isLoadable(63.503, 'barbell', 'lb')).toBe(true);
    expect(isLoadable(61, 'barbell', 'kg')).toBe(false);
  });
});

describe('alternatives', () => {
  it('same movement and main muscles, with the equipment given, best match first', () => {
    const bench = lib('barbell-bench-press');
    const list = alternativesFor(bench, ['dumbbells']);
    expect(list.length).toBeGreaterThan(0);
    for (const e of list) {
      expect(e.pattern).toBe('horizontal_push');
      expect(e.primaryMuscles.some((m) => bench.primaryMuscles.includes(m))).toBe(true);
      expect(isAvailableWith(e, ['dumbbells'])).toBe(true);
      expect(e.id).not.toBe(bench.id);
    }
    expect(list.map((e) => e.id)).toContain('dumbbell-floor-press');
  });

  it('a gym allows everything of the movement; nothing but the body allows bodyweight work', () => {
    expect(alternativesFor(lib('barbell-bench-press'), ['none']).every((e) => e.requires.length === 0)).toBe(true);
    expect(alternativesFor(lib('barbell-bench-press'), ['gym_access']).length).toBeGreaterThan(alternativesFor(lib('barbell-bench-press'), ['none']).length);
  });

  it('a replacement must move the same way', () => {
    expect(canReplace(lib('barbell-bench-press'), lib('push-up'))).toBe(true);
    expect(canReplace(lib('barbell-bench-press'), lib('barbell-overhead-press'))).toBe(false);
    expect(canReplace(lib('push-up'), lib('push-up'))).toBe(false);
  });
});

describe('a plan as its reader follows it', () => {
  const plan = generatePlan({ planType: 'strength', goals: ['increase_strength'], fitnessLevel: 'intermediate', equipment: ['gym_access'], duration: 4 }, { seed: 7 });
  const first = plan.weeks[0].days.flatMap((d) => d.exercises).find((p) => p.reps !== null && p.sets > 1)!;
  const replacement = alternativesFor(lib(first.exerciseId), ['gym_access'])[0];

  it('shows a swapped exercise in every week, keeps the dose, and stays a valid plan', () => {
    const { plan: coached } = coachPlan(plan, [{ exerciseId: first.exerciseId, replacementId: replacement.id }], []);
    const all = coached.weeks.flatMap((w) => w.days.flatMap((d) => d.exercises));
    expect(all.some((p) => p.exerciseId === first.exerciseId)).toBe(false);
    const swapped = coached.weeks[0].days.flatMap((d) => d.exercises).find((p) => p.exerciseId === replacement.id)!;
    expect(swapped).toMatchObject({ sets: first.sets, reps: first.reps, name: replacement.name.en });
    expect(fitnessPlanSchema.safeParse(coached).success).toBe(true);
    expect(originalOf(replacement.id, [{ exerciseId: first.exerciseId, replacementId: replacement.id }])).toBe(first.exerciseId);
  });

  it('takes a set off the adapted week only, and names the adaptation by the exercise shown', () => {
    const note = message('adaptFewerSetsRpe');
    const { plan: coached, adaptations } = coachPlan(
      plan,
      [{ exerciseId: first.exerciseId, replacementId: replacement.id }],
      [{ weekNumber: 2, exerciseId: first.exerciseId, kind: 'fewer_sets', note }],
    );
    const inWeek = (w: number) => coached.weeks[w - 1].days.flatMap((d) => d.exercises).find((p) => p.exerciseId === replacement.id)!;
    const original = (w: number) => plan.weeks[w - 1].days.flatMap((d) => d.exercises).find((p) => p.exerciseId === first.exerciseId)!;
    expect(inWeek(2).sets).toBe(original(2).sets - 1);
    expect(inWeek(3).sets).toBe(original(3).sets);
    expect(adaptations).toEqual([{ weekNumber: 2, exerciseId: replacement.id, kind: 'fewer_sets', note }]);
  });

  it('finds a prescription on the day, else in the week, else anywhere', () => {
    const found = findPrescription(plan, first.exerciseId, { weekNumber: 3, dayNumber: 7 });
    expect(found?.weekNumber).toBe(3);
    expect(findPrescription(plan, 'no-such-exercise', null)).toBeNull();
  });

  it('a stored note reads back with its English', () => {
    expect(storedNote('coach.adaptLighter', { percent: 10, min: 8 }).message).toBe('10% lighter this week: your last two sessions stayed below 8 reps.');
  });
});

describe('sets per muscle', () => {
  it('counts a set in full for the main muscles, half for the helping ones, and leaves cardio out', () => {
    const sets = setsPerMuscle([{ exerciseId: 'barbell-bench-press' }, { exerciseId: 'barbell-bench-press' }, { exerciseId: 'treadmill-run' }, { exerciseId: null }]);
    const bench = lib('barbell-bench-press');
    for (const m of bench.primaryMuscles) expect(sets.find((s) => s.muscle === m)?.sets).toBe(2);
    for (const m of bench.secondaryMuscles.filter((m) => !bench.primaryMuscles.includes(m))) expect(sets.find((s) => s.muscle === m)?.sets).toBe(1);
    expect(sets.some((s) => s.muscle === 'cardiovascular')).toBe(false);
  });
});
