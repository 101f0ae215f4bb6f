import type { Exercise } from '#core/plans/exercises';

export type WeightUnit = 'kg' | 'lb';
/** How a load is made heavier: plates on a bar, the next dumbbell or kettlebell, the next pin of a stack, or reps. */
export type LoadKind = 'barbell' | 'dumbbell' | 'kettlebell' | 'machine' | 'bodyweight';

export const LB_PER_KG = 2.204_622_62;

/**
 * The smallest increase a lifter can make, in each unit (ADR 028): a pair of 1.25 kg or 2.5 lb plates on a bar; the
 * next dumbbell (2 kg or 5 lb per hand) or kettlebell (4 kg or 5 lb); the next pin of a machine or cable stack (5 kg
 * or 10 lb). Bodyweight work (bands and a pull-up bar included) progresses by reps; an added weight (a belt, a vest)
 * moves by 2.5 kg or 5 lb.
 */
export const PLATE_STEPS: Record<LoadKind, Record<WeightUnit, number>> = {
  barbell: { kg: 2.5, lb: 5 },
  dumbbell: { kg: 2, lb: 5 },
  kettlebell: { kg: 4, lb: 5 },
  machine: { kg: 5, lb: 10 },
  bodyweight: { kg: 2.5, lb: 5 },
};

export function loadKindOf(exercise: Pick<Exercise, 'requires'>): LoadKind {
  const needs = exercise.requires;
  if (needs.includes('barbell')) return 'barbell';
  if (needs.includes('dumbbells')) return 'dumbbell';
  if (needs.includes('kettlebell')) return 'kettlebell';
  if (needs.includes('gym_access')) return 'machine';
  return 'bodyweight';
}

const toUnit = (kg: number, unit: WeightUnit) => (unit === 'kg' ? kg : kg * LB_PER_KG);
/** Kilograms to three decimals, as the logger stores what a user types in pounds. */
const fromUnit = (value: number, unit: WeightUnit) => (unit === 'kg' ? Math.round(value * 1000) / 1000 : Math.round((value / LB_PER_KG) * 1000) / 1000);
/**
 * A stored weight is rounded to a gram (61.235 kg is 135 lb): within this much of a unit either way it names the same
 * plates, and counts as that weight.
 */
export const LOAD_SLACK = 0.005;
const SLACK = LOAD_SLACK;

/** The step in the user's unit. */
export const plateStep = (kind: LoadKind, unit: WeightUnit): number => PLATE_STEPS[kind][unit];

/** The heaviest loadable weight not above `kg` (never below 0). */
export function floorLoadable(kg: number, kind: LoadKind, unit: WeightUnit): number {
  const step = plateStep(kind, unit);
  return fromUnit(Math.max(0, Math.floor(toUnit(kg, unit) / step + SLACK / step)) * step, unit);
}

/** The loadable weight nearest `kg`. */
export function nearestLoadable(kg: number, kind: LoadKind, unit: WeightUnit): number {
  const step = plateStep(kind, unit);
  return fromUnit(Math.max(0, Math.round(toUnit(kg, unit) / step)) * step, unit);
}

/** `kg` plus one step, from the loadable weight at or below it. */
export function oneStepUp(kg: number, kind: LoadKind, unit: WeightUnit): number {
  const step = plateStep(kind, unit);
  return fromUnit(Math.max(0, Math.floor(toUnit(kg, unit) / step + SLACK / step) + 1) * step, unit);
}

/** Whether the plates (or dumbbells, or pins) the user has make this weight. */
export function isLoadable(kg: number, kind: LoadKind, unit: WeightUnit): boolean {
  const n = toUnit(kg, unit) / plateStep(kind, unit);
  return kg >= 0 && Math.abs(n - Math.round(n)) * plateStep(kind, unit) <= SLACK;
}

/** A weight in the user's unit, as a reason names it: 62.5, 140. */
export function shownWeight(kg: number, unit: WeightUnit): number {
  return Math.round(toUnit(kg, unit) * 10) / 10;
}
