import { describe, expect, it } from 'vitest';
import { workoutInputSchema } from '../../../../core/workouts/schemas';
import { draftFromCustom, draftFromLibrary, formatClock, fromKg, incompleteExercises, parseNumber, toExercisesInput, toKg } from './draft';
import { EXERCISES } from '../../../../core/plans/exercises';

describe('logger draft', () => {
  it('reads numbers typed on either keyboard', () => {
    expect(parseNumber('12')).toBe(12);
    expect(parseNumber('12,5')).toBe(12.5);
    expect(parseNumber('')).toBeNull();
    expect(parseNumber('-3')).toBeNull();
    expect(parseNumber('abc')).toBeNull();
  });

  it('keeps pounds typed in pounds after a round trip through kilograms', () => {
    for (const lb of [5, 45, 100, 135, 225, 315.5]) expect(fromKg(toKg(lb, 'lb'), 'lb')).toBe(lb);
    expect(toKg(60, 'kg')).toBe(60);
  });

  it('sends only filled sets, every one done when none was ticked', () => {
    const squat = draftFromLibrary(EXERCISES.find((e) => e.kind === 'strength')!);
    squat.sets = [
      { key: 'a', reps: '5', weight: '100', seconds: '', done: false },
      { key: 'b', reps: '', weight: '', seconds: '', done: false },
    ];
    const out = toExercisesInput([squat], 'lb');
    expect(out[0]!.sets).toEqual([{ reps: 5, weightKg: 45.359, durationSeconds: null, completed: true }]);
    const parsed = workoutInputSchema.safeParse({ performedAt: new Date(Date.now() - 3_600_000).toISOString(), durationMinutes: 30, exercises: out });
    expect(parsed.success).toBe(true);
  });

  it('marks unticked sets as skipped once any set is ticked', () => {
    const custom = draftFromCustom('Sled push');
    custom.sets = [
      { key: 'a', reps: '10', weight: '', seconds: '', done: true },
      { key: 'b', reps: '10', weight: '', seconds: '', done: false },
    ];
    expect(toExercisesInput([custom], 'kg')[0]).toEqual({
      customName: 'Sled push',
      sets: [
        { reps: 10, weightKg: null, durationSeconds: null, completed: true },
        { reps: 10, weightKg: null, durationSeconds: null, completed: false },
      ],
    });
  });

  it('names exercises without a filled set', () => {
    const e = draftFromCustom('Plank');
    expect(incompleteExercises([e])).toEqual([e.key]);
  });

  it('formats clocks', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(95)).toBe('1:35');
    expect(formatClock(3725)).toBe('1:02:05');
  });
});
