import type { ACTIVITY_LEVELS, FITNESS_GOALS, SEXES } from '#core/profile/schemas';
import type { BodyField, GoalDirection, GoalSource, GoalTargets } from './schemas';

/**
 * Daily nutrition targets from what the user told us about themselves.
 *
 * Energy: Mifflin–St Jeor resting energy (the equation the Academy of Nutrition and Dietetics found most accurate for
 * adults) × an activity factor, then a change for the goal. Macros: protein by body weight for the goal, fat as a
 * share of energy, carbohydrate the rest; fibre 14 g per 1000 kcal (Dietary Guidelines for Americans).
 */

type Sex = (typeof SEXES)[number];
type ActivityLevel = (typeof ACTIVITY_LEVELS)[number];
type FitnessGoal = (typeof FITNESS_GOALS)[number];

export interface BodyProfile {
  sex: Sex | null;
  birthYear: number | null;
  heightCm: number | null;
  weightKg: number | null;
  activityLevel: ActivityLevel | null;
}

/** The usual physical-activity-level factors for Mifflin–St Jeor. */
export const ACTIVITY_FACTORS: Record<ActivityLevel, number> = {
  sedentary: 1.2,
  light: 1.375,
  moderate: 1.55,
  active: 1.725,
  very_active: 1.9,
};

/**
 * Stand-ins for what the user has not told us: an adult of 30, lightly active, of middling height and weight for the
 * sex given (both sexes averaged when not given). Good enough to start from; the response says which were used.
 */
export const REFERENCE_BODY = {
  age: 30,
  activityLevel: 'light' as ActivityLevel,
  heightCm: { female: 163, male: 177, unknown: 170 },
  weightKg: { female: 65, male: 80, unknown: 70 },
};

/** Below these a weight-loss target is not lowered further without medical supervision (NIH / NHS guidance). */
export const SAFE_MINIMUM_KCAL = { female: 1200, male: 1500, unknown: 1350 } as const;

export const LOSE_WEIGHT_DEFICIT = 500;
/** A lean-gain surplus: 250–300 kcal/day; strength alone needs the lower end. */
export const BUILD_MUSCLE_SURPLUS = 300;
export const STRENGTH_SURPLUS = 250;

/** g of protein per kg of body weight: highest in a deficit, to keep muscle (ISSN position stand ranges). */
export const PROTEIN_PER_KG: Record<GoalDirection, number> = { lose: 2.0, maintain: 1.4, gain: 1.8 };
/** Share of energy from fat. */
export const FAT_SHARE: Record<GoalDirection, number> = { lose: 0.3, maintain: 0.3, gain: 0.25 };
/** Protein never takes more than this share of energy (a very heavy body at 2 g/kg would otherwise crowd out carbs). */
export const MAX_PROTEIN_SHARE = 0.35;
export const FIBRE_PER_1000_KCAL = 14;

/** Mifflin–St Jeor: 10 × kg + 6.25 × cm − 5 × years + 5 (men) or − 161 (women); the midpoint −78 when not known. */
export function mifflinStJeor(input: { sex: Sex | null; age: number; heightCm: number; weightKg: number }): number {
  const s = input.sex === 'male' ? 5 : input.sex === 'female' ? -161 : -78;
  return 10 * input.weightKg + 6.25 * input.heightCm - 5 * input.age + s;
}

/** What the calories aim at: losing weight wins over building muscle (a recomposition in a deficit). */
export function goalDirection(goals: readonly FitnessGoal[]): { direction: GoalDirection; adjustment: number } {
  if (goals.includes('lose_weight')) return { direction: 'lose', adjustment: -LOSE_WEIGHT_DEFICIT };
  if (goals.includes('build_muscle')) return { direction: 'gain', adjustment: BUILD_MUSCLE_SURPLUS };
  if (goals.includes('increase_strength')) return { direction: 'gain', adjustment: STRENGTH_SURPLUS };
  return { direction: 'maintain', adjustment: 0 };
}

export interface ComputedGoals extends GoalTargets {
  source: Exclude<GoalSource, 'custom'>;
  bmr: number;
  tdee: number;
  direction: GoalDirection;
  /** The change actually applied (a loss target stops at the safe minimum). */
  adjustment: number;
  proteinPerKg: number;
  weightKg: number;
  missing: BodyField[];
}

export const roundTo = (x: number, step: number) => Math.round(x / step) * step;

/** Fibre that goes with a calorie target. */
export function fibreFor(calories: number): number {
  return Math.round((calories / 1000) * FIBRE_PER_1000_KCAL);
}

/**
 * Targets from the body profile and fitness goals. `year` is the current year (age = year − birth year).
 * `source` is 'default' when any of the profile had to be replaced by reference values.
 */
export function computeGoals(body: BodyProfile, goals: readonly FitnessGoal[], year: number): ComputedGoals {
  const sexKey = body.sex ?? 'unknown';
  const missing = (['sex', 'birthYear', 'heightCm', 'weightKg', 'activityLevel'] as const).filter((k) => body[k] == null);
  const age = body.birthYear != null ? Math.max(0, year - body.birthYear) : REFERENCE_BODY.age;
  const heightCm = body.heightCm ?? REFERENCE_BODY.heightCm[sexKey];
  const weightKg = body.weightKg ?? REFERENCE_BODY.weightKg[sexKey];
  const activity = body.activityLevel ?? REFERENCE_BODY.activityLevel;

  const bmr = mifflinStJeor({ sex: body.sex, age, heightCm, weightKg });
  const tdee = bmr * ACTIVITY_FACTORS[activity];
  const { direction, adjustment } = goalDirection(goals);
  let target = tdee + adjustment;
  if (direction === 'lose') target = Math.max(target, lossFloor(body.sex, tdee));
  const calories = roundTo(target, 10);

  return {
    source: missing.length === 0 ? 'computed' : 'default',
    calories,
    ...splitMacros(calories, direction, weightKg),
    bmr: Math.round(bmr),
    tdee: Math.round(tdee),
    direction,
    adjustment: Math.round(target - tdee),
    proteinPerKg: PROTEIN_PER_KG[direction],
    weightKg,
    missing,
  };
}

/** The lowest a loss target goes: the safe minimum for the sex, or maintenance when that is lower still. */
export function lossFloor(sex: Sex | null, maintenanceKcal: number): number {
  return Math.min(SAFE_MINIMUM_KCAL[sex ?? 'unknown'], maintenanceKcal);
}

/**
 * Macros for a calorie target: protein by body weight for the direction (within `MAX_PROTEIN_SHARE` of the energy,
 * but never under `minProteinPerKg` g/kg when one is given), fat as a share of the energy, carbohydrate the rest, and
 * fibre following the calories.
 */
export function splitMacros(calories: number, direction: GoalDirection, weightKg: number, minProteinPerKg = 0): { protein: number; carbs: number; fat: number; fibre: number } {
  const protein = Math.round(Math.max(Math.min(weightKg * PROTEIN_PER_KG[direction], (calories * MAX_PROTEIN_SHARE) / 4), weightKg * minProteinPerKg));
  const fat = Math.round((calories * FAT_SHARE[direction]) / 9);
  const carbs = Math.max(0, Math.round((calories - protein * 4 - fat * 9) / 4));
  return { protein, carbs, fat, fibre: fibreFor(calories) };
}

/** The user's own targets, with fibre following the calories when they did not set it. */
export function customTargets(custom: { calories: number; protein: number; carbs: number; fat: number; fibre: number | null }): GoalTargets {
  return { calories: custom.calories, protein: custom.protein, carbs: custom.carbs, fat: custom.fat, fibre: custom.fibre ?? fibreFor(custom.calories) };
}

/** kcal the macros of a target add up to (4/4/9), to show next to the calorie goal. */
export function macroCalories(t: { protein: number; carbs: number; fat: number }): number {
  return Math.round(t.protein * 4 + t.carbs * 4 + t.fat * 9);
}
