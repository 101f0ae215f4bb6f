import { describe, expect, it } from 'vitest';
import { workoutInputSchema } from '#core/workouts/schemas';
import {
  draftFromCustom,
  draftFromLibrary,
  emptySet,
  formatClock,
  formatPace,
  fromKg,
  fromMeters,
  incompleteExercises,
  isBodyweight,
  paceOf,
  parseClock,
  parseNumber,
  toExercisesInput,
  toKg,
  undoneSets,
  type DraftSet,
} from './draft';
import { EXERCISES } from '#core/plans/exercises';

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

  const set = (key: string, fields: Partial<DraftSet>): DraftSet => ({ key, reps: '', weight: '', seconds: '', distance: '', time: '', rpe: '', done: false, ...fields });

  it('sends the done sets only, and leaves out an exercise with none', () => {
    const squat = draftFromLibrary(EXERCISES.find((e) => e.kind === 'strength')!);
    squat.sets = [set('a', { reps: '5', weight: '100', done: true }), set('b', { reps: '5', weight: '100' })];
    const curl = draftFromCustom('Curl');
    curl.sets = [set('c', { reps: '10' })];
    expect(undoneSets([squat, curl])).toBe(2);
    const out = toExercisesInput([squat, curl], 'lb');
    expect(out).toEqual([{ exerciseId: squat.exerciseId, sets: [{ reps: 5, weightKg: 45.359, durationSeconds: null, distanceMeters: null, completed: true }] }]);
    const parsed = workoutInputSchema.safeParse({ performedAt: new Date(Date.now() - 3_600_000).toISOString(), durationMinutes: 30, exercises: out });
    expect(parsed.success).toBe(true);
  });

  it('sends a set’s RPE when one was chosen, and does not carry it to a new set', () => {
    const bench = draftFromCustom('Zercher squat');
    bench.sets = [set('a', { reps: '5', weight: '100', rpe: '9.5', done: true }), set('b', { reps: '5', weight: '100', done: true })];
    const [out] = toExercisesInput([bench], 'kg');
    expect(out!.sets.map((s) => s.rpe)).toEqual([9.5, undefined]);
    expect(workoutInputSchema.safeParse({ performedAt: new Date(Date.now() - 3_600_000).toISOString(), durationMinutes: 30, exercises: [out] }).success).toBe(true);
    expect(emptySet(bench.sets[0]).rpe).toBe('');
  });

  it('names exercises with a done set that says nothing', () => {
    const e = draftFromCustom('Plank');
    expect(incompleteExercises([e])).toEqual([]);
    e.sets = [set('a', { done: true })];
    expect(incompleteExercises([e])).toEqual([e.key]);
  });

  it('repeats the set above in a new set', () => {
    expect(emptySet(set('a', { reps: '8', weight: '60', distance: '5', time: '25:00', done: true }))).toMatchObject({ reps: '8', weight: '60', distance: '5', time: '25:00', done: false });
  });

  it('counts cardio in distance and time, in the units of the preference', () => {
    const run = draftFromLibrary(EXERCISES.find((e) => e.kind === 'cardio')!);
    expect(run.mode).toBe('cardio');
    run.sets = [set('a', { distance: '5', time: '25:30', done: true }), set('b', { distance: '3,1', done: true })];
    expect(toExercisesInput([run], 'kg')[0]!.sets).toEqual([
      { reps: null, weightKg: null, durationSeconds: 1530, distanceMeters: 5000, completed: true },
      { reps: null, weightKg: null, durationSeconds: null, distanceMeters: 3100, completed: true },
    ]);
    expect(toExercisesInput([run], 'lb')[0]!.sets[0]).toMatchObject({ distanceMeters: 8046.7 });
    expect(fromMeters(8046.7, 'mi')).toBe(5);
  });

  it('knows bodyweight exercises from the library', () => {
    expect(isBodyweight(draftFromLibrary(EXERCISES.find((e) => e.kind === 'strength' && e.requires.length === 0)!))).toBe(true);
    expect(isBodyweight(draftFromLibrary(EXERCISES.find((e) => e.requires.includes('barbell'))!))).toBe(false);
    expect(isBodyweight(draftFromCustom('Dips'))).toBe(false);
  });

  it('reads a time typed as min:sec, h:mm:ss or whole minutes', () => {
    expect(parseClock('25:30')).toBe(1530);
    expect(parseClock(' 5:05 ')).toBe(305);
    expect(parseClock('25')).toBe(1500);
    expect(parseClock('1:05:00')).toBe(3900);
    expect(parseClock('90:00')).toBe(5400);
    expect(parseClock('25：30')).toBe(1530);
    for (const bad of ['', ':30', '25:60', '1:60:00', '25:3a', '-5', '25.5']) expect(parseClock(bad), bad).toBeNull();
  });

  it('gives the pace per kilometre or mile', () => {
    expect(formatPace(paceOf(5000, 1530, 'km')!)).toBe('5:06');
    expect(formatPace(paceOf(1609.344, 480, 'mi')!)).toBe('8:00');
    expect(formatPace(paceOf(10_000, 3000, 'mi')!)).toBe('8:03');
    expect(formatPace(paceOf(42_195, 3 * 3600 + 30 * 60, 'km')!)).toBe('4:59');
    expect(paceOf(null, 1500, 'km')).toBeNull();
    expect(paceOf(5000, null, 'km')).toBeNull();
  });

  it('formats clocks', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(95)).toBe('1:35');
    expect(formatClock(3725)).toBe('1:02:05');
  });
});
