import { isTimed } from '#core/plans/engine/prescribe';
import { EXERCISES, isAvailableWith, type Equipment, type Exercise } from '#core/plans/exercises';

const LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export const MAX_ALTERNATIVES = 12;

const shared = <T>(a: readonly T[], b: readonly T[]) => a.filter((x) => b.includes(x)).length;

/**
 * Exercises that can stand in for another (ADR 028): the same movement pattern and kind, counted the same way (reps or
 * time), at least one main muscle in
 * common, and nothing the given equipment lacks. Best match first: more main muscles in common, fewer main muscles
 * the original does not train, more secondary muscles in common, the nearer level; the library's order breaks ties.
 */
export function alternativesFor(exercise: Exercise, equipment: readonly Equipment[], limit = MAX_ALTERNATIVES): Exercise[] {
  const level = LEVELS.indexOf(exercise.level);
  const scored = EXERCISES.flatMap((candidate, order) => {
    if (candidate.id === exercise.id || candidate.pattern !== exercise.pattern || candidate.kind !== exercise.kind || isTimed(candidate) !== isTimed(exercise)) return [];
    const main = shared(candidate.primaryMuscles, exercise.primaryMuscles);
    if (main === 0 || !isAvailableWith(candidate, equipment)) return [];
    return [
      {
        candidate,
        key: [-main, candidate.primaryMuscles.length - main, -shared(candidate.secondaryMuscles, exercise.secondaryMuscles), Math.abs(LEVELS.indexOf(candidate.level) - level), order],
      },
    ];
  });
  scored.sort((a, b) => {
    for (let i = 0; i < a.key.length; i++) if (a.key[i] !== b.key[i]) return a.key[i] - b.key[i];
    return 0;
  });
  return scored.slice(0, limit).map((s) => s.candidate);
}

/** Whether `replacement` may stand in for `exercise` in a plan: the rule above, whatever the equipment. */
export function canReplace(exercise: Exercise, replacement: Exercise): boolean {
  return (
    replacement.id !== exercise.id &&
    replacement.pattern === exercise.pattern &&
    replacement.kind === exercise.kind &&
    isTimed(replacement) === isTimed(exercise) &&
    shared(replacement.primaryMuscles, exercise.primaryMuscles) > 0
  );
}
