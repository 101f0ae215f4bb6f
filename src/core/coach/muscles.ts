import { exerciseById, type Muscle } from '#core/plans/exercises';

/** A secondary muscle does part of the work of a set: counted as half a set, as the stats count volume. */
export const SECONDARY_SHARE = 0.5;
/** Not drawn on a body: whole-body and heart work are not one muscle group. */
const NOT_A_GROUP: ReadonlySet<Muscle> = new Set(['full_body', 'cardiovascular']);

export interface MuscleSets {
  muscle: Muscle;
  sets: number;
}

/**
 * Sets per muscle group of done sets (ADR 028: the body map): 1 a set for each main muscle, 0.5 for each secondary
 * one, of library exercises of the strength and plyometric kinds. Most sets first.
 */
export function setsPerMuscle(sets: Iterable<{ exerciseId: string | null }>): MuscleSets[] {
  const byMuscle = new Map<Muscle, number>();
  for (const s of sets) {
    const exercise = s.exerciseId ? exerciseById(s.exerciseId) : undefined;
    if (!exercise || (exercise.kind !== 'strength' && exercise.kind !== 'plyometric')) continue;
    for (const m of exercise.primaryMuscles) if (!NOT_A_GROUP.has(m)) byMuscle.set(m, (byMuscle.get(m) ?? 0) + 1);
    for (const m of exercise.secondaryMuscles) {
      if (!NOT_A_GROUP.has(m) && !exercise.primaryMuscles.includes(m)) byMuscle.set(m, (byMuscle.get(m) ?? 0) + SECONDARY_SHARE);
    }
  }
  return [...byMuscle.entries()].map(([muscle, n]) => ({ muscle, sets: Math.round(n * 10) / 10 })).sort((a, b) => b.sets - a.sets || (a.muscle < b.muscle ? -1 : 1));
}
