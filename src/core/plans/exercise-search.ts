import type { Locale } from '#core/common/schemas';
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

const SEPARATORS = /[\s\-_·]+/;
/** Lower case, no spaces or hyphens: "pull up", "Pull-Up" and "pullup" meet, and Chinese is unaffected. */
const fold = (s: string) => s.toLowerCase().split(SEPARATORS).join('');

interface Indexed {
  exercise: Exercise;
  names: string[];
  /** Each name folded from each of its words on ("treadmillrun", "run"): where a later word starts. */
  wordStarts: string[];
}

// Built once: a search compares folded strings only.
let index: Indexed[] | undefined;
function searchIndex(): Indexed[] {
  index ??= EXERCISES.map((exercise) => {
    const raw = [exercise.name.en, exercise.name.zh, exercise.id];
    const wordStarts = raw.flatMap((name) => {
      const words = name.toLowerCase().split(SEPARATORS).filter(Boolean);
      return words.slice(1).map((_, i) => words.slice(i + 1).join(''));
    });
    return { exercise, names: raw.map(fold), wordStarts };
  });
  return index;
}

/**
 * 0 = a name is the query, 1 = a name starts with it, 2 = a later word of a name starts with it ("run" in "Tempo
 * Run"), 3 = a name contains it ("run" in "Crunch"), 4 = every word of it appears; -1 = no match.
 */
function rank({ names, wordStarts }: Indexed, q: string, words: string[]): number {
  if (names.some((n) => n === q)) return 0;
  if (names.some((n) => n.startsWith(q))) return 1;
  if (wordStarts.some((n) => n.startsWith(q))) return 2;
  if (names.some((n) => n.includes(q))) return 3;
  if (words.length > 1 && words.every((w) => names.some((n) => n.includes(w)))) return 4;
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
  searchIndex().forEach((indexed, order) => {
    const e = indexed.exercise;
    if (query.equipment && !isAvailableWith(e, query.equipment)) return;
    if (query.muscle && !e.primaryMuscles.includes(query.muscle) && !e.secondaryMuscles.includes(query.muscle)) return;
    if (query.pattern && e.pattern !== query.pattern) return;
    if (query.kind && e.kind !== query.kind) return;
    if (query.level && e.level !== query.level) return;
    const r = q ? rank(indexed, q, words) : 0;
    if (r >= 0) hits.push({ exercise: e, rank: r, order });
  });
  hits.sort((a, b) => a.rank - b.rank || a.order - b.order);
  return hits.map((h) => h.exercise);
}

/** Every exercise a plan names, by id, in one language: what a plan page needs for its instructions. */
export function exercisesOf(
  weeks: readonly { days: readonly { warmUp: { exerciseId: string }[]; exercises: { exerciseId: string }[]; coolDown: { exerciseId: string }[] }[] }[],
  locale: Locale,
): Record<string, ExerciseItem> {
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
