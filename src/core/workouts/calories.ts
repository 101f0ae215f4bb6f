/**
 * Energy burned, from the Compendium of Physical Activities: kcal = MET × body weight (kg) × hours. MET values are
 * gross (they include the resting metabolism), which is how the Compendium lists them and how fitness apps report.
 */

/** The reference adult of the Compendium, used when the user has not told us their weight. */
export const DEFAULT_BODY_WEIGHT_KG = 70;

/**
 * For a session with no library exercise to go by (a custom exercise, or only a duration): "calisthenics, moderate
 * effort" / "circuit training, moderate" sit at 3.8–4.3 in the Compendium.
 */
export const DEFAULT_MET = 4;

/** A strength set logged without a duration counts this long when weighing one exercise against another. */
const NOMINAL_SET_SECONDS = 45;

export interface CalorieSet {
  durationSeconds?: number | null;
  completed?: boolean;
}

export interface CalorieExercise {
  exerciseId?: string | null;
  sets: readonly CalorieSet[];
}

export interface CalorieInput {
  durationMinutes: number;
  bodyWeightKg: number | null | undefined;
  exercises: readonly CalorieExercise[];
}

/**
 * The session's MET is the average of its exercises' MET, weighted by the time each took (set durations where
 * logged, a nominal time per set otherwise), because the session's duration includes rests and changeovers that no
 * set records. Rounded to whole kilocalories.
 */
export function caloriesBurned(input: CalorieInput, metOf: (exerciseId: string) => number | undefined): number {
  const weight = input.bodyWeightKg && input.bodyWeightKg > 0 ? input.bodyWeightKg : DEFAULT_BODY_WEIGHT_KG;
  return Math.round(sessionMet(input.exercises, metOf) * weight * (input.durationMinutes / 60));
}

export function sessionMet(exercises: readonly CalorieExercise[], metOf: (exerciseId: string) => number | undefined): number {
  const weigh = (onlyCompleted: boolean) => {
    let weighted = 0;
    let total = 0;
    for (const exercise of exercises) {
      const met = (exercise.exerciseId ? metOf(exercise.exerciseId) : undefined) ?? DEFAULT_MET;
      for (const set of exercise.sets) {
        if (onlyCompleted && set.completed === false) continue;
        const seconds = set.durationSeconds && set.durationSeconds > 0 ? set.durationSeconds : NOMINAL_SET_SECONDS;
        weighted += met * seconds;
        total += seconds;
      }
    }
    return total > 0 ? weighted / total : undefined;
  };
  // Skipped sets took no time; but a session logged with nothing ticked off still happened, as planned.
  return weigh(true) ?? weigh(false) ?? DEFAULT_MET;
}
