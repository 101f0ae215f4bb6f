import type { Locale } from '../common/schemas';
import type { ExerciseItem, ExerciseQuery } from './api-schemas';
import { EXERCISES, exerciseById, isAvailableWith, type Exercise } from './exercises';

export function exerciseItem(e: Exercise, locale: Locale): ExerciseItem {
  return {
    id: e.id,
    name: e.name[locale],
    instructions: e.instructions[locale],
    primaryMuscles: e.primaryMuscles,
    secondaryMuscles: e.secondaryMuscles,
    pattern: e.pattern,
    equipment: e.requires,
    level: e.level,
    kind: e.kind,
    met: e.met,
    unilateral: e.unilateral ?? false,
  };
}

/** Lower case, no spaces or hyphens: "pull up", "Pull-Up" and "pullup" meet, and Chinese is unaffected. */
const fold = (s: string) => s.toLowerCase().replace(/[\s\-_·]+/g, '');

interface Indexed {
  exercise: Exercise;
  names: string[];
}

// Built once: a search compares folded strings only.
let index: Indexed[] | undefined;
function searchIndex(): Indexed[] {
  index ??= EXERCISES.map((exercise) => ({ exercise, names: [fold(exercise.name.en), fold(exercise.name.zh), fold(exercise.id)] }));
  return index;
}

/** 0 = a name is the query, 1 = a name starts with it, 2 = contains it, 3 = every word of it appears; -1 = no match. */
function rank(names: string[], q: string, words: string[]): number {
  if (names.some((n) => n === q)) return 0;
  if (names.some((n) => n.startsWith(q))) return 1;
  if (names.some((n) => n.includes(q))) return 2;
  if (words.length > 1 && words.every((w) => names.some((n) => n.includes(w)))) return 3;
  return -1;
}

/**
 * The exercise library filtered and searched in process (about 200 rows: a scan beats any index). The search looks
 * at both languages' names whatever the locale, so a Chinese speaker may type "深蹲" or "squat". Results: best match
 * first, then the library's order.
 */
export function searchExercises(query: Omit<ExerciseQuery, 'page' | 'limit' | 'locale'>): Exercise[] {
  const q = query.q ? fold(query.q) : '';
  const words = query.q ? query.q.split(/\s+/).map(fold).filter(Boolean) : [];
  const hits: { exercise: Exercise; rank: number; order: number }[] = [];
  searchIndex().forEach(({ exercise: e, names }, order) => {
    if (query.equipment && !isAvailableWith(e, query.equipment)) return;
    if (query.muscle && !e.primaryMuscles.includes(query.muscle) && !e.secondaryMuscles.includes(query.muscle)) return;
    if (query.pattern && e.pattern !== query.pattern) return;
    if (query.kind && e.kind !== query.kind) return;
    if (query.level && e.level !== query.level) return;
    const r = q ? rank(names, q, words) : 0;
    if (r >= 0) hits.push({ exercise: e, rank: r, order });
  });
  hits.sort((a, b) => a.rank - b.rank || a.order - b.order);
  return hits.map((h) => h.exercise);
}

/** Every exercise a plan names, by id, in one language: what a plan page needs for its instructions. */
export function exercisesOf(weeks: readonly { days: readonly { warmUp: { exerciseId: string }[]; exercises: { exerciseId: string }[]; coolDown: { exerciseId: string }[] }[] }[], locale: Locale): Record<string, ExerciseItem> {
  const out: Record<string, ExerciseItem> = {};
  for (const week of weeks) {
    for (const day of week.days) {
      for (const p of [...day.warmUp, ...day.exercises, ...day.coolDown]) {
        if (out[p.exerciseId]) continue;
        const e = exerciseById(p.exerciseId);
        if (e) out[p.exerciseId] = exerciseItem(e, locale);
      }
    }
  }
  return out;
}
