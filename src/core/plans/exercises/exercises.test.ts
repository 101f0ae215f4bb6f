import { describe, expect, it } from 'vitest';
import { EXERCISES, exerciseById, isAvailableWith } from './index';
import type { Equipment, Exercise, ExerciseKind, Level, MovementPattern, Muscle } from './types';

const LEVELS: readonly Level[] = ['beginner', 'intermediate', 'advanced'];
const KINDS: readonly ExerciseKind[] = ['strength', 'cardio', 'mobility', 'plyometric'];
const SINGLE_CHOICES: readonly Equipment[] = ['none', 'dumbbells', 'barbell', 'resistance_bands', 'kettlebell', 'pull_up_bar', 'gym_access'];
const ITEMS: readonly Exclude<Equipment, 'none'>[] = ['dumbbells', 'barbell', 'resistance_bands', 'kettlebell', 'pull_up_bar', 'gym_access'];
const PATTERNS: readonly MovementPattern[] = [
  'squat',
  'hinge',
  'lunge',
  'horizontal_push',
  'vertical_push',
  'horizontal_pull',
  'vertical_pull',
  'core',
  'rotation',
  'carry',
  'locomotion',
  'jump',
  'mobility',
  'isolation_upper',
  'isolation_lower',
];
const MUSCLES: readonly Muscle[] = [
  'chest',
  'upper_back',
  'lats',
  'lower_back',
  'shoulders',
  'biceps',
  'triceps',
  'forearms',
  'abs',
  'obliques',
  'glutes',
  'quadriceps',
  'hamstrings',
  'calves',
  'hip_flexors',
  'adductors',
  'full_body',
  'cardiovascular',
];
const PLAN_PATTERNS: readonly MovementPattern[] = ['squat', 'hinge', 'lunge', 'horizontal_push', 'vertical_push', 'horizontal_pull', 'vertical_pull', 'core'];

const rank = (level: Level) => LEVELS.indexOf(level);

/** What the plan engine may pick for a user with this equipment at this level. */
function usable(equipment: Equipment, level: Level): Exercise[] {
  return EXERCISES.filter((e) => isAvailableWith(e, [equipment]) && rank(e.level) <= rank(level));
}

function byId(id: string): Exercise {
  const exercise = exerciseById(id);
  if (!exercise) throw new Error(`missing exercise ${id}`);
  return exercise;
}

function duplicates(values: readonly string[]): string[] {
  return values.filter((value, i) => values.indexOf(value) !== i);
}

describe('exercise library: shape', () => {
  it('has at least 220 exercises', () => {
    expect(EXERCISES.length).toBeGreaterThanOrEqual(220);
  });

  it('has unique kebab-case ids', () => {
    const ids = EXERCISES.map((e) => e.id);
    expect(duplicates(ids)).toEqual([]);
    for (const id of ids) expect(id, id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('has unique English and Chinese names', () => {
    expect(duplicates(EXERCISES.map((e) => e.name.en.toLowerCase()))).toEqual([]);
    expect(duplicates(EXERCISES.map((e) => e.name.zh))).toEqual([]);
  });

  it('has no empty or padded strings anywhere', () => {
    for (const e of EXERCISES) {
      const strings = [e.id, e.name.en, e.name.zh, ...e.instructions.en, ...e.instructions.zh];
      for (const s of strings) {
        expect(s.trim(), e.id).not.toBe('');
        expect(s, e.id).toBe(s.trim());
      }
    }
  });

  it('writes Chinese text in Chinese', () => {
    const han = /\p{Script=Han}/u;
    for (const e of EXERCISES) {
      expect(e.name.zh, e.id).toMatch(han);
      for (const step of e.instructions.zh) expect(step, e.id).toMatch(han);
    }
  });

  it('has 2 to 5 steps, the same number in both languages', () => {
    for (const e of EXERCISES) {
      expect(e.instructions.en.length, e.id).toBeGreaterThanOrEqual(2);
      expect(e.instructions.en.length, e.id).toBeLessThanOrEqual(5);
      expect(e.instructions.zh.length, e.id).toBe(e.instructions.en.length);
    }
  });

  it('writes each step as one sentence', () => {
    for (const e of EXERCISES) {
      for (const step of e.instructions.en) {
        expect(step, e.id).toMatch(/^[A-Z0-9].*[.!]$/);
        expect(step, e.id).not.toMatch(/[.!?;]\s+\S/);
      }
      for (const step of e.instructions.zh) {
        expect(step, e.id).toMatch(/。$/);
        expect(step.slice(0, -1), e.id).not.toMatch(/[。！？；]/);
      }
    }
  });

  it('uses only known muscles, patterns, levels, kinds and equipment, without repeats', () => {
    for (const e of EXERCISES) {
      expect(e.primaryMuscles.length, e.id).toBeGreaterThanOrEqual(1);
      const muscles = [...e.primaryMuscles, ...e.secondaryMuscles];
      for (const m of muscles) expect(MUSCLES, e.id).toContain(m);
      expect(duplicates(muscles), e.id).toEqual([]);
      expect(PATTERNS, e.id).toContain(e.pattern);
      expect(LEVELS, e.id).toContain(e.level);
      expect(KINDS, e.id).toContain(e.kind);
      for (const item of e.requires) expect(ITEMS, e.id).toContain(item);
      expect(duplicates(e.requires), e.id).toEqual([]);
      if (e.unilateral !== undefined) expect(typeof e.unilateral, e.id).toBe('boolean');
    }
  });

  it('has MET values between 1.5 and 15', () => {
    for (const e of EXERCISES) {
      expect(Number.isFinite(e.met), e.id).toBe(true);
      expect(e.met, e.id).toBeGreaterThanOrEqual(1.5);
      expect(e.met, e.id).toBeLessThanOrEqual(15);
    }
  });

  it('gives cardio a locomotion or jump pattern and mobility the mobility pattern', () => {
    for (const e of EXERCISES) {
      if (e.kind === 'cardio') expect(['locomotion', 'jump'], e.id).toContain(e.pattern);
      if (e.kind === 'mobility') expect(e.pattern, e.id).toBe('mobility');
      if (e.pattern === 'mobility') expect(e.kind, e.id).toBe('mobility');
    }
  });

  it('lists every equipment item somewhere', () => {
    for (const item of ITEMS) {
      expect(
        EXERCISES.some((e) => e.requires.includes(item)),
        item,
      ).toBe(true);
    }
  });
});

describe('exercise library: coverage the plan engine relies on', () => {
  for (const equipment of SINGLE_CHOICES) {
    for (const level of LEVELS) {
      describe(`${equipment}, ${level}`, () => {
        const pool = usable(equipment, level);

        for (const pattern of PLAN_PATTERNS) {
          it(`has at least 2 strength exercises for ${pattern}`, () => {
            const found = pool.filter((e) => e.kind === 'strength' && e.pattern === pattern);
            expect(found.length).toBeGreaterThanOrEqual(2);
          });
        }

        it('has at least 3 cardio exercises', () => {
          expect(pool.filter((e) => e.kind === 'cardio').length).toBeGreaterThanOrEqual(3);
        });

        it('has at least 3 mobility exercises', () => {
          expect(pool.filter((e) => e.kind === 'mobility').length).toBeGreaterThanOrEqual(3);
        });

        if (level !== 'beginner') {
          it('has at least 2 plyometric exercises', () => {
            expect(pool.filter((e) => e.kind === 'plyometric').length).toBeGreaterThanOrEqual(2);
          });
        }
      });
    }
  }

  it('offers every piece of home equipment its own exercises in the main patterns', () => {
    // Bodyweight fills any gap, but owning equipment should change the plan.
    const own = (item: Exclude<Equipment, 'none'>) => EXERCISES.filter((e) => e.kind === 'strength' && e.requires.length === 1 && e.requires[0] === item);
    for (const item of ['dumbbells', 'kettlebell', 'resistance_bands'] as const) {
      for (const pattern of ['squat', 'hinge', 'lunge', 'horizontal_push', 'vertical_push', 'horizontal_pull', 'vertical_pull'] as const) {
        expect(
          own(item).some((e) => e.pattern === pattern),
          `${item} ${pattern}`,
        ).toBe(true);
      }
    }
    expect(own('pull_up_bar').filter((e) => e.pattern === 'vertical_pull').length).toBeGreaterThanOrEqual(5);
    for (const pattern of ['squat', 'hinge', 'lunge', 'horizontal_push', 'vertical_push', 'horizontal_pull'] as const) {
      expect(
        own('barbell').some((e) => e.pattern === pattern),
        `barbell ${pattern}`,
      ).toBe(true);
    }
  });
});

describe('exerciseById', () => {
  it('finds an exercise by id', () => {
    expect(exerciseById('goblet-squat')?.name).toEqual({ en: 'Goblet Squat', zh: '高脚杯深蹲' });
    expect(exerciseById('barbell-romanian-deadlift')?.name.zh).toBe('杠铃罗马尼亚硬拉');
    expect(exerciseById('pull-up')?.name.zh).toBe('引体向上');
  });

  it('returns undefined for an unknown id', () => {
    expect(exerciseById('no-such-exercise')).toBeUndefined();
    expect(exerciseById('')).toBeUndefined();
  });

  it('finds every exercise in the list', () => {
    for (const e of EXERCISES) expect(exerciseById(e.id)).toBe(e);
  });
});

describe('isAvailableWith', () => {
  const backSquat = byId('barbell-back-squat');
  const pushUp = byId('push-up');
  const benchPress = byId('barbell-bench-press');
  const dumbbellBench = byId('dumbbell-bench-press');
  const bandAssistedPullUp = byId('band-assisted-pull-up');
  const legPress = byId('leg-press');

  it('keeps a barbell back squat from users without a barbell', () => {
    expect(isAvailableWith(backSquat, ['none'])).toBe(false);
    expect(isAvailableWith(backSquat, ['dumbbells'])).toBe(false);
    expect(isAvailableWith(backSquat, ['dumbbells', 'kettlebell', 'resistance_bands', 'pull_up_bar'])).toBe(false);
    expect(isAvailableWith(backSquat, [])).toBe(false);
  });

  it('offers a barbell back squat with a barbell or a gym', () => {
    expect(isAvailableWith(backSquat, ['barbell'])).toBe(true);
    expect(isAvailableWith(backSquat, ['gym_access'])).toBe(true);
    expect(isAvailableWith(backSquat, ['dumbbells', 'barbell'])).toBe(true);
  });

  it('always offers bodyweight exercises', () => {
    for (const choice of [[], ['none'], ['dumbbells'], ['gym_access'], ['barbell', 'pull_up_bar']] as Equipment[][]) {
      expect(isAvailableWith(pushUp, choice)).toBe(true);
    }
  });

  it('needs every item an exercise requires', () => {
    expect(isAvailableWith(bandAssistedPullUp, ['pull_up_bar'])).toBe(false);
    expect(isAvailableWith(bandAssistedPullUp, ['resistance_bands'])).toBe(false);
    expect(isAvailableWith(bandAssistedPullUp, ['pull_up_bar', 'resistance_bands'])).toBe(true);
    expect(isAvailableWith(benchPress, ['barbell'])).toBe(false);
    expect(isAvailableWith(dumbbellBench, ['dumbbells'])).toBe(false);
  });

  it('treats gym access as every item at once', () => {
    for (const e of EXERCISES) expect(isAvailableWith(e, ['gym_access']), e.id).toBe(true);
    expect(isAvailableWith(benchPress, ['gym_access'])).toBe(true);
    expect(isAvailableWith(bandAssistedPullUp, ['gym_access'])).toBe(true);
    expect(isAvailableWith(legPress, ['none', 'gym_access'])).toBe(true);
  });

  it('keeps gym-only exercises from home users however much they own', () => {
    expect(isAvailableWith(legPress, ['none'])).toBe(false);
    expect(isAvailableWith(legPress, ['dumbbells', 'barbell', 'resistance_bands', 'kettlebell', 'pull_up_bar'])).toBe(false);
  });

  it('offers only bodyweight exercises with no equipment', () => {
    const available = EXERCISES.filter((e) => isAvailableWith(e, ['none']));
    expect(available.length).toBeGreaterThan(0);
    for (const e of available) expect(e.requires, e.id).toEqual([]);
  });
});
