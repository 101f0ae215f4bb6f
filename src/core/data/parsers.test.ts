import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseImport } from './index';
import { EXPORT_FORMAT } from './schemas';

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, '../../../tests/fixtures/import', name), 'utf8');
const NOW = Date.parse('2025-01-01T00:00:00Z');
const utc = { timeZone: 'UTC', weightUnit: 'kg' as const, now: NOW };
const sets = (r: ReturnType<typeof parseImport>) => r.workouts.flatMap((w) => w.exercises.flatMap((e) => e.sets));
const lines = (r: ReturnType<typeof parseImport>) => r.errors.map((e) => [e.line, e.messageKey]);

describe('Strong, comma-separated', () => {
  it('reads workouts, exercises in order, sets, notes with commas and line breaks; rest timers are no sets', () => {
    const r = parseImport('strong', fixture('strong.csv'), utc);
    expect(r.errors).toEqual([]);
    expect(r.workouts.map((w) => [w.name, new Date(w.performedAt).toISOString(), w.durationMinutes, w.notes])).toEqual([
      ['Push Day', '2024-03-04T07:30:00.000Z', 65, 'Felt good, strong'],
      ['Run', '2024-03-06T18:00:00.000Z', 32, 'Line one\nline two'],
      ['Legs', '2024-03-08T08:00:00.000Z', 45, null],
    ]);
    const push = r.workouts[0].exercises;
    expect(push.map((e) => e.name)).toEqual(['Bench Press (Barbell)', 'Overhead Press (Barbell)', 'Cable Fly Crossover Thing']);
    expect(push[0]).toMatchObject({
      notes: 'Paused, 1s',
      sets: [
        { reps: 8, weightKg: 60 },
        { reps: 6, weightKg: 62.5 },
      ],
    });
    expect(r.workouts[1].exercises[0].sets).toEqual([{ reps: null, weightKg: null, durationSeconds: 1800, distanceMeters: 5200, completed: true }]);
    expect(sets(r)).toHaveLength(8);
  });

  it('reads dates in the user’s time zone', () => {
    const r = parseImport('strong', fixture('strong.csv'), { ...utc, timeZone: 'Asia/Shanghai' });
    expect(new Date(r.workouts[0].performedAt).toISOString()).toBe('2024-03-03T23:30:00.000Z');
  });

  it('converts pounds (and miles) when the user says the file is in pounds', () => {
    const r = parseImport('strong', fixture('strong.csv'), { ...utc, weightUnit: 'lb' });
    expect(r.workouts[0].exercises[0].sets[0].weightKg).toBe(27.22);
    expect(r.workouts[1].exercises[0].sets[0].distanceMeters).toBe(8368.6);
  });

  it('gives each malformed row its line and message, and reads the rest', () => {
    const r = parseImport('strong', fixture('strong-broken.csv'), utc);
    expect(lines(r)).toEqual([
      [3, 'data.date'],
      [4, 'data.number'],
      [5, 'data.range'],
      [6, 'data.unterminated'],
    ]);
    expect(r.errors[1]).toMatchObject({ message: 'Not a number in column weight: "sixty"', params: { column: 'weight', value: 'sixty' } });
    expect(r.workouts).toHaveLength(1);
  });

  it('names the missing columns of a file that is not Strong’s', () => {
    const r = parseImport('strong', 'a,b\n1,2', utc);
    expect(r.errors).toEqual([
      expect.objectContaining({ line: 1, messageKey: 'data.columns', params: { columns: 'date, workout name, exercise name, set order, weight, reps', source: 'Strong' } }),
    ]);
  });

  it('refuses dates in the future and before 2000', () => {
    const head = 'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n';
    const r = parseImport('strong', `${head}2030-01-01 10:00:00,A,1h,Plank,1,0,0,0,60,,,\n1999-01-01 10:00:00,A,1h,Plank,1,0,0,0,60,,,\n`, utc);
    expect(lines(r)).toEqual([
      [2, 'data.future'],
      [3, 'data.tooOld'],
    ]);
  });
});

describe('Strong, the older semicolon export', () => {
  it('reads each row’s weight and distance unit, decimal commas and the workout duration', () => {
    const r = parseImport('strong', fixture('strong-semicolon.csv'), { ...utc, weightUnit: 'kg' });
    expect(r.errors).toEqual([]);
    expect(r.workouts.map((w) => [w.name, w.durationMinutes])).toEqual([
      ['Evening', 63],
      ['Morning', 40],
    ]);
    expect(r.workouts[0].exercises[0].sets.map((s) => s.weightKg)).toEqual([102.06, 102.5]);
    expect(r.workouts[0].exercises[1].sets[0]).toMatchObject({ reps: 10, weightKg: null });
    expect(r.workouts[1].exercises[0].sets[0]).toMatchObject({ distanceMeters: 16093.4, durationSeconds: 1800 });
  });
});

describe('Hevy', () => {
  it('reads workouts with their length from start and end, every set type, notes once', () => {
    const r = parseImport('hevy', fixture('hevy.csv'), utc);
    expect(r.errors).toEqual([]);
    expect(r.workouts.map((w) => [w.name, new Date(w.performedAt).toISOString(), w.durationMinutes, w.notes])).toEqual([
      ['Upper A', '2023-06-26T18:14:00.000Z', 66, 'Good session'],
      ['Cardio', '2023-06-27T07:00:00.000Z', 31, null],
    ]);
    const [bench, pulldown, plank] = r.workouts[0].exercises;
    expect(bench).toMatchObject({
      name: 'Bench Press (Barbell)',
      notes: 'Elbows in',
      sets: [
        { reps: 10, weightKg: 40 },
        { reps: 5, weightKg: 80 },
      ],
    });
    expect(pulldown.sets).toEqual([{ reps: 10, weightKg: 55, durationSeconds: null, distanceMeters: null, completed: true }]);
    expect(plank.sets[0]).toMatchObject({ durationSeconds: 60, reps: null });
    expect(r.workouts[1].exercises.map((e) => e.name)).toEqual(['Rowing (Machine)', '引体向上']);
    expect(sets(r)).toHaveLength(6);
  });
});

describe('MyFitnessPal', () => {
  it('makes a meal of each row at the meal’s hour, and a problem of each bad row', () => {
    const r = parseImport('myfitnesspal', fixture('myfitnesspal.csv'), utc);
    expect(r.meals.map((m) => [m.foodName, m.mealType, new Date(m.eatenAt).toISOString(), m.calories, m.protein, m.carbs, m.fat, m.fibre])).toEqual([
      ['Breakfast (MyFitnessPal)', 'breakfast', '2024-01-15T08:00:00.000Z', 420, 22.1, 55.2, 12.5, 6],
      ['Lunch (MyFitnessPal)', 'lunch', '2024-01-15T12:30:00.000Z', 650, 45, 70, 20, 8],
      ['Dinner (MyFitnessPal)', 'dinner', '2024-01-15T19:00:00.000Z', 700, 50, 60, 25, 9],
      ['Snacks (MyFitnessPal)', 'snack', '2024-01-15T15:30:00.000Z', 180, 5, 20, 8, 3],
    ]);
    expect(lines(r)).toEqual([
      [6, 'data.number'],
      [7, 'data.range'],
      [8, 'data.date'],
    ]);
  });
});

describe('FitForge', () => {
  const doc = {
    format: EXPORT_FORMAT,
    version: 1,
    customExercises: [{ name: 'Sled push' }],
    workouts: [
      {
        name: 'A',
        performedAt: '2024-05-01T10:00:00.000Z',
        durationMinutes: 50,
        notes: null,
        exercises: [
          { exerciseId: 'barbell-bench-press', customName: null, notes: null, sets: [{ reps: 5, weightKg: 80, durationSeconds: null, distanceMeters: null, completed: true }] },
          { exerciseId: null, customName: 'Sled push', notes: 'heavy', sets: [{ reps: null, weightKg: 100, durationSeconds: 30, distanceMeters: 20, completed: false }] },
        ],
      },
      { name: 'bad', performedAt: 'yesterday', durationMinutes: 50, exercises: [] },
    ],
    meals: [{ foodName: 'Oats', calories: 300, protein: 10, carbs: 50, fat: 5, fibre: 8, grams: 80, servingSize: null, mealType: 'breakfast', eatenAt: '2024-05-01T07:00:00.000Z' }],
    bodyEntries: [{ date: '2024-05-01', weightKg: 80.5, note: 'morning' }],
  };

  it('reads its own export back', () => {
    const r = parseImport('fitforge', JSON.stringify(doc), utc);
    expect(r.customExercises).toEqual(['Sled push']);
    expect(r.workouts).toHaveLength(1);
    expect(r.workouts[0].exercises.map((e) => [e.exerciseId, e.name])).toEqual([
      ['barbell-bench-press', 'barbell-bench-press'],
      [null, 'Sled push'],
    ]);
    expect(r.workouts[0].exercises[1].sets[0].completed).toBe(false);
    expect(r.meals[0]).toMatchObject({ foodName: 'Oats', grams: 80, mealType: 'breakfast' });
    expect(r.bodyEntries[0]).toMatchObject({ date: '2024-05-01', weightKg: 80.5, waistCm: null, note: 'morning' });
    expect(r.errors).toEqual([expect.objectContaining({ line: 2, messageKey: 'data.item', params: { kind: 'workouts', index: 2, field: 'performedAt' } })]);
  });

  it('tidies text as the forms do: no NUL, no lone surrogate, names on one line', () => {
    const tricky = JSON.stringify({
      ...doc,
      workouts: [{ ...doc.workouts[0], name: 'A\u0000B\nC', notes: 'x\ud800y', exercises: [{ customName: 'Sled\u0000 push', sets: [{ reps: 1 }] }] }],
      meals: [{ ...doc.meals[0], foodName: 'Oats\u0007' }],
      bodyEntries: [{ date: '2024-05-01', note: 'a\u0000b' }],
    });
    const r = parseImport('fitforge', tricky, utc);
    expect(r.workouts[0]).toMatchObject({ name: 'A B C', notes: 'x\ufffdy', exercises: [{ name: 'Sled push' }] });
    expect(r.meals[0].foodName).toBe('Oats');
    expect(r.bodyEntries[0].note).toBe('ab');
  });

  it('refuses what is not its export, and a newer version', () => {
    expect(lines(parseImport('fitforge', 'not json', utc))).toEqual([[1, 'data.json']]);
    expect(lines(parseImport('fitforge', '{"format":"other","version":1}', utc))).toEqual([[1, 'data.json']]);
    expect(lines(parseImport('fitforge', JSON.stringify({ ...doc, version: 99 }), utc))).toEqual([[1, 'data.version']]);
  });
});
