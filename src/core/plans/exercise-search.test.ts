import { describe, expect, it } from 'vitest';
import { exerciseItemSchema } from './api-schemas';
import { exerciseItem, exercisesOf, searchExercises } from './exercise-search';
import { EXERCISES, isAvailableWith } from './exercises';
import { generatePlan } from './engine';

describe('searchExercises', () => {
  it('with no query gives the whole library in its own order', () => {
    expect(searchExercises({}).map((e) => e.id)).toEqual(EXERCISES.map((e) => e.id));
  });

  it('ranks a name equal to the query, then names starting with it, then names containing it', () => {
    const ids = searchExercises({ q: 'push-up' }).map((e) => e.id);
    expect(ids[0]).toBe('push-up');
    const names = searchExercises({ q: 'squat' }).map((e) => e.name.en.toLowerCase());
    const firstContaining = names.findIndex((n) => !n.startsWith('squat'));
    expect(names.slice(firstContaining).every((n) => !n.startsWith('squat'))).toBe(true);
  });

  it('lists names with a word starting with the query before names that only contain it', () => {
    const names = searchExercises({ q: 'run' }).map((e) => e.name.en);
    const runs = ['Steady Run', 'Tempo Run', 'Treadmill Run', 'Running in Place'].map((n) => names.indexOf(n));
    expect(runs.every((i) => i >= 0)).toBe(true);
    expect(names.indexOf('Crunch')).toBeGreaterThan(Math.max(...runs));
    const zh = searchExercises({ q: '深蹲' }).map((e) => e.name.zh);
    expect(zh.indexOf('深蹲跳')).toBeGreaterThanOrEqual(0);
    expect(zh.indexOf('徒手深蹲')).toBeGreaterThan(zh.indexOf('深蹲跳'));
  });

  it('ignores case, spaces and hyphens, and reads both languages', () => {
    expect(searchExercises({ q: 'PUSH UP' })[0].id).toBe('push-up');
    expect(searchExercises({ q: 'pushup' })[0].id).toBe('push-up');
    expect(searchExercises({ q: '俯卧撑' })[0].id).toBe('push-up');
    expect(searchExercises({ q: 'dumbbell row' }).every((e) => /dumbbell/i.test(e.name.en) && /row/i.test(e.name.en))).toBe(true);
  });

  it('keeps only what the owned equipment allows', () => {
    for (const e of searchExercises({ equipment: ['none', 'kettlebell'] })) expect(isAvailableWith(e, ['none', 'kettlebell'])).toBe(true);
    expect(searchExercises({ equipment: ['gym_access'] })).toHaveLength(EXERCISES.length);
  });

  it('filters by muscle, pattern, kind and level together', () => {
    const hits = searchExercises({ muscle: 'glutes', pattern: 'hinge', kind: 'strength', level: 'beginner' });
    expect(hits.length).toBeGreaterThan(0);
    for (const e of hits) {
      expect([...e.primaryMuscles, ...e.secondaryMuscles]).toContain('glutes');
      expect([e.pattern, e.kind, e.level]).toEqual(['hinge', 'strength', 'beginner']);
    }
  });
});

describe('exercise items', () => {
  it('fit the API schema in both languages', () => {
    for (const e of EXERCISES) {
      expect(exerciseItemSchema.safeParse(exerciseItem(e, 'en')).success, e.id).toBe(true);
      expect(exerciseItemSchema.safeParse(exerciseItem(e, 'zh')).success, e.id).toBe(true);
    }
  });

  it('cover every exercise a plan names', () => {
    const plan = generatePlan({ planType: 'strength', goals: ['increase_strength'], fitnessLevel: 'intermediate', equipment: ['gym_access'], duration: 8 }, { seed: 3 });
    const map = exercisesOf(plan.weeks, 'zh');
    const named = new Set(plan.weeks.flatMap((w) => w.days.flatMap((d) => [...d.warmUp, ...d.exercises, ...d.coolDown].map((p) => p.exerciseId))));
    expect(new Set(Object.keys(map))).toEqual(named);
  });
});
