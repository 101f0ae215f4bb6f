import { CARDIO } from './data/cardio';
import { CORE } from './data/core';
import { LOWER } from './data/lower';
import { MOBILITY } from './data/mobility';
import { PLYOMETRIC } from './data/plyometric';
import { PULL } from './data/pull';
import { PUSH } from './data/push';
import type { Equipment, Exercise } from './types';

export type { Equipment, Exercise, ExerciseKind, Level, MovementPattern, Muscle } from './types';

/** The whole library, in a stable order. */
export const EXERCISES: readonly Exercise[] = [...LOWER, ...PUSH, ...PULL, ...CORE, ...CARDIO, ...MOBILITY, ...PLYOMETRIC];

const byId = new Map(EXERCISES.map((exercise) => [exercise.id, exercise]));

export function exerciseById(id: string): Exercise | undefined {
  return byId.get(id);
}

/**
 * True when the user owns everything the exercise needs. A gym has every item (dumbbells, barbell, kettlebells,
 * bands, a pull-up bar, machines, cables and benches), so `gym_access` satisfies any requirement.
 */
export function isAvailableWith(exercise: Exercise, equipment: readonly Equipment[]): boolean {
  if (equipment.includes('gym_access')) return true;
  return exercise.requires.every((item) => equipment.includes(item));
}
