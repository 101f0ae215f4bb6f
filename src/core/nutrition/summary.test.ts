import { describe, expect, it } from 'vitest';
import { addUp, averageOfLoggedDays, daySummary, type NutrientRow } from './summary';

const goals = { calories: 2000, protein: 150, carbs: 200, fat: 67, fibre: 28 };

describe('daySummary', () => {
  it('adds up the day, per meal, against the targets', () => {
    const rows: NutrientRow[] = [
      { mealType: 'breakfast', calories: 350, protein: 20.1, carbs: 40.2, fat: 10.3, fibre: 5 },
      { mealType: 'breakfast', calories: 100, protein: null, carbs: null, fat: null, fibre: null },
      { mealType: 'lunch', calories: 700, protein: 45.5, carbs: 60, fat: 25, fibre: 8.1 },
      { mealType: 'dinner', calories: 1000, protein: 90, carbs: 110, fat: 40, fibre: 10 },
    ];
    const s = daySummary({ date: '2026-03-01', timezone: 'Asia/Shanghai', rows, goals, goalSource: 'custom' });
    expect(s.totals).toEqual({ calories: 2150, protein: 155.6, carbs: 210.2, fat: 75.3, fibre: 23.1 });
    expect(s.entries).toBe(4);
    expect(s.remaining).toEqual({ calories: -150, protein: -5.6, carbs: -10.2, fat: -8.3, fibre: 4.9 });
    expect(s.progress.calories).toBe(1.075);
    expect(s.progress.fibre).toBe(0.825);
    expect(s.meals.breakfast).toEqual({ calories: 450, protein: 20.1, carbs: 40.2, fat: 10.3, fibre: 5, entries: 2 });
    expect(s.meals.snack).toEqual({ calories: 0, protein: 0, carbs: 0, fat: 0, fibre: 0, entries: 0 });
    expect(s).toMatchObject({ date: '2026-03-01', timezone: 'Asia/Shanghai', goals, goalSource: 'custom' });
  });

  it('gives an empty day zero totals and the whole target left', () => {
    const s = daySummary({ date: '2026-03-01', timezone: 'UTC', rows: [], goals, goalSource: 'computed' });
    expect(s.totals).toEqual({ calories: 0, protein: 0, carbs: 0, fat: 0, fibre: 0 });
    expect(s.remaining).toEqual(goals);
    expect(s.progress).toEqual({ calories: 0, protein: 0, carbs: 0, fat: 0, fibre: 0 });
  });

  it('reports no progress against a zero target rather than dividing by it', () => {
    const s = daySummary({
      date: '2026-03-01',
      timezone: 'UTC',
      rows: [{ mealType: 'snack', calories: 50, protein: 0, carbs: 10, fat: 1, fibre: 0 }],
      goals: { ...goals, carbs: 0 },
      goalSource: 'custom',
    });
    expect(s.progress.carbs).toBe(0);
  });

  it('does not pile up floating-point error over many entries', () => {
    const rows: NutrientRow[] = Array.from({ length: 30 }, () => ({ mealType: 'snack', calories: 10, protein: 0.1, carbs: 0.2, fat: 0.3, fibre: 0.1 }));
    expect(addUp(rows)).toMatchObject({ protein: 3, carbs: 6, fat: 9, fibre: 3, entries: 30 });
  });
});

describe('averageOfLoggedDays', () => {
  it('averages only the days with entries', () => {
    const day = (calories: number, entries: number) => ({ calories, protein: calories / 20, carbs: calories / 10, fat: calories / 40, fibre: 1, entries });
    expect(averageOfLoggedDays([day(2000, 3), day(0, 0), day(1000, 2)])).toEqual({ calories: 1500, protein: 75, carbs: 150, fat: 37.5, fibre: 1 });
    expect(averageOfLoggedDays([day(0, 0)])).toBeNull();
  });
});
