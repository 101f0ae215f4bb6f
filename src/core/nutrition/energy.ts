import { linearTrend } from '#core/body/trend';
import type { TrendPoint } from '#core/body/schemas';
import type { FITNESS_GOALS } from '#core/profile/schemas';
import { addDays, type LocalDate } from '#core/workouts/dates';
import { computeGoals, goalDirection, lossFloor, roundTo, splitMacros, type BodyProfile } from './goals';
import { type Energy, type EnergyAdjustment, type EnergyConfidence, type GoalDirection, NUTRITION_LIMITS } from './schemas';

/**
 * What a person spends in a day, from what they ate and what their weight did (energy balance), with Mifflin–St Jeor ×
 * activity as the prior it starts from; and the targets that move them towards their goal. docs/decisions/023 has the
 * reasoning and the references.
 */

/** Days of log the estimate looks at: the four weeks before today (today's log is not finished). */
export const ENERGY_WINDOW_DAYS = 28;
/** kcal stored or released per kg of body weight gained or lost (Hall 2008: about 7,700 kcal/kg, 3,500 kcal/lb). */
export const KCAL_PER_KG = 7700;
/** A logged day counts as complete when it reaches this share of the median logged day of the window. */
export const COMPLETE_DAY_SHARE = 0.5;
/** Below these the log is too thin for energy balance: two weeks of weigh-ins and ten complete days. */
export const MIN_COMPLETE_DAYS = 10;
export const MIN_WEIGH_INS = 5;
export const MIN_WEIGH_IN_SPAN_DAYS = 13;
/** The formula's error for one person: ±10 % on resting energy (Frankenfield 2005) and as much again on the activity factor. */
export const FORMULA_RELATIVE_SD = 0.15;
/** Day-to-day water swing assumed at least, so a handful of weigh-ins on a straight line does not look certain. */
export const MIN_WEIGHT_NOISE_KG = 0.25;
/** Day-to-day spread of intake assumed at least. */
export const MIN_INTAKE_SD_KCAL = 150;
/** Standard deviation of the estimate (kcal) up to which its confidence is high, then medium; beyond, low. */
export const CONFIDENCE_SD_KCAL = { high: 150, medium: 250 } as const;
/** An energy balance outside this many times resting energy says the log is missing food (or weigh-ins are off). */
export const PLAUSIBLE_BMR_MULTIPLE = { min: 1, max: 4 } as const;

/** Default rates of change, kg a week, and the most the check-in offers. */
export const DEFAULT_RATE_KG_PER_WEEK: Record<GoalDirection, number> = { lose: 0.5, maintain: 0, gain: 0.25 };
/** Losing more than 1 % of body weight a week costs muscle; gaining more than 0.5 kg a week is mostly fat. */
export const MAX_LOSS_SHARE_PER_WEEK = 0.01;
export const MAX_GAIN_KG_PER_WEEK = 0.5;
/** Protein never below this while losing (ISSN: 1.6–2.2 g/kg keeps muscle in a deficit). */
export const MIN_PROTEIN_PER_KG_LOSING = 1.6;
/** Within this of the goal weight, the goal is to keep it. */
export const GOAL_REACHED_KG = 0.5;

export interface IntakeDay {
  date: LocalDate;
  calories: number;
  entries: number;
}

export interface EnergyInput {
  /** The user's today. */
  today: LocalDate;
  year: number;
  /** Per-day totals of the logged days in the intake window (days with no entry may be left out). */
  intake: readonly IntakeDay[];
  /** Weigh-ins from the window's first day to today. */
  weighIns: readonly TrendPoint[];
  /** The trend weight today (body/trend.ts), null without weigh-ins. */
  trendWeightKg: number | null;
  body: BodyProfile;
  fitnessGoals: readonly (typeof FITNESS_GOALS)[number][];
  targetWeightKg: number | null;
  /** The check-in's choice; the profile's goals decide when left out. */
  goal?: { direction?: GoalDirection; rateKgPerWeek?: number };
}

/** The days the intake is read from and the weigh-ins: the 28 days before today, and those days plus today. */
export function energyWindow(today: LocalDate): { startDate: LocalDate; endDate: LocalDate } {
  return { startDate: addDays(today, -ENERGY_WINDOW_DAYS), endDate: addDays(today, -1) };
}

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** Logged days that reach half the median logged day: a day with only breakfast entered is not a day of eating. */
export function completeDays(days: readonly IntakeDay[]): IntakeDay[] {
  const logged = days.filter((d) => d.entries > 0 && d.calories > 0);
  if (logged.length === 0) return [];
  const threshold = COMPLETE_DAY_SHARE * median(logged.map((d) => d.calories));
  return logged.filter((d) => d.calories >= threshold);
}

interface Estimate {
  kcal: number;
  sd: number;
}

/** Combines two independent estimates by the inverse of their variances: the surer one weighs more. */
function combine(a: Estimate, b: Estimate): Estimate & { shareOfB: number } {
  const va = a.sd ** 2;
  const vb = b.sd ** 2;
  const shareOfB = va / (va + vb);
  return { kcal: a.kcal + shareOfB * (b.kcal - a.kcal), sd: Math.sqrt((va * vb) / (va + vb)), shareOfB };
}

function confidenceOf(sd: number): EnergyConfidence {
  return sd <= CONFIDENCE_SD_KCAL.high ? 'high' : sd <= CONFIDENCE_SD_KCAL.medium ? 'medium' : 'low';
}

/** The direction the profile asks for: its goal weight when it has one, else its fitness goals. */
export function defaultDirection(trendWeightKg: number | null, targetWeightKg: number | null, fitnessGoals: EnergyInput['fitnessGoals']): GoalDirection {
  if (targetWeightKg != null && trendWeightKg != null) {
    const gap = targetWeightKg - trendWeightKg;
    return Math.abs(gap) <= GOAL_REACHED_KG ? 'maintain' : gap < 0 ? 'lose' : 'gain';
  }
  return goalDirection(fitnessGoals).direction;
}

export function estimateEnergy(input: EnergyInput): Energy {
  const window = energyWindow(input.today);
  const weightKg = input.trendWeightKg ?? input.body.weightKg;
  const formula = computeGoals({ ...input.body, weightKg }, [], input.year);
  const prior: Estimate = { kcal: formula.tdee, sd: FORMULA_RELATIVE_SD * formula.tdee };

  const days = completeDays(input.intake.filter((d) => d.date >= window.startDate && d.date <= window.endDate));
  const weighIns = input.weighIns.filter((p) => p.date >= window.startDate && p.date <= input.today);
  const line = linearTrend(weighIns);
  const averageIntake = days.length > 0 ? days.reduce((a, d) => a + d.calories, 0) / days.length : null;

  let basisReason: Energy['basisReason'] = 'enough_data';
  if (days.length < MIN_COMPLETE_DAYS) basisReason = 'too_few_days';
  else if (!line || line.count < MIN_WEIGH_INS || line.spanDays < MIN_WEIGH_IN_SPAN_DAYS) basisReason = 'too_few_weigh_ins';

  let balance: Estimate | null = null;
  if (basisReason === 'enough_data' && line && averageIntake !== null) {
    const intakeSd = Math.max(MIN_INTAKE_SD_KCAL, Math.sqrt(days.reduce((a, d) => a + (d.calories - averageIntake) ** 2, 0) / (days.length - 1)));
    const slopeSe = Math.max(MIN_WEIGHT_NOISE_KG, line.residualSd ?? 0) / Math.sqrt(line.sxx);
    balance = { kcal: averageIntake - line.slope * KCAL_PER_KG, sd: Math.hypot(KCAL_PER_KG * slopeSe, intakeSd / Math.sqrt(days.length)) };
    if (balance.kcal < PLAUSIBLE_BMR_MULTIPLE.min * formula.bmr || balance.kcal > PLAUSIBLE_BMR_MULTIPLE.max * formula.bmr) basisReason = 'implausible_balance';
  }

  const used = basisReason === 'enough_data' && balance ? combine(prior, balance) : null;
  const expenditure = Math.round(used ? used.kcal : prior.kcal);
  const goal = targetsFor({ input, expenditure, weightKg: formula.weightKg });

  return {
    estimatedExpenditureKcal: expenditure,
    basis: used ? 'energy_balance' : 'formula',
    basisReason,
    confidence: used ? confidenceOf(used.sd) : 'low',
    basedOnDays: used ? days.length : 0,
    completeDays: days.length,
    loggedDays: input.intake.filter((d) => d.date >= window.startDate && d.date <= window.endDate && d.entries > 0).length,
    weighIns: weighIns.length,
    weightTrendKgPerWeek: line ? Math.round(line.slope * 7 * 100) / 100 : null,
    averageIntakeKcal: averageIntake === null ? null : Math.round(averageIntake),
    balanceKcal: balance ? Math.round(balance.kcal) : null,
    balanceShare: used ? Math.round(used.shareOfB * 100) / 100 : 0,
    formulaKcal: formula.tdee,
    missing: formula.missing,
    trendWeightKg: input.trendWeightKg,
    window: { startDate: window.startDate, endDate: window.endDate },
    ...goal,
  };
}

/** The check-in's targets: the expenditure moved by the chosen rate, held to the floors, and the macros for it. */
function targetsFor({
  input,
  expenditure,
  weightKg,
}: {
  input: EnergyInput;
  expenditure: number;
  weightKg: number;
}): Pick<Energy, 'goal' | 'suggestedTargets' | 'floors' | 'proteinWeightKg' | 'adjustments'> {
  const adjustments: EnergyAdjustment[] = [];
  const direction = input.goal?.direction ?? defaultDirection(input.trendWeightKg, input.targetWeightKg, input.fitnessGoals);
  const asked = direction === 'maintain' ? 0 : (input.goal?.rateKgPerWeek ?? DEFAULT_RATE_KG_PER_WEEK[direction]);
  const cap = direction === 'lose' ? MAX_LOSS_SHARE_PER_WEEK * weightKg : MAX_GAIN_KG_PER_WEEK;
  const rate = Math.round(Math.min(asked, cap) * 100) / 100;
  if (rate < asked) adjustments.push('rate_capped');
  const change = ((direction === 'lose' ? -1 : 1) * rate * KCAL_PER_KG) / 7;

  const floor = lossFloor(input.body.sex, expenditure);
  let target = expenditure + change;
  if (direction === 'lose' && target < floor) {
    target = floor;
    adjustments.push('calorie_floor');
  }
  // Within what the goals accept (PUT /api/nutrition/goals), so a suggestion can always be applied.
  const calories = Math.min(NUTRITION_LIMITS.goalCaloriesMax, Math.max(NUTRITION_LIMITS.goalCaloriesMin, roundTo(target, 10)));
  if (calories > roundTo(target, 10) && !adjustments.includes('calorie_floor')) adjustments.push('calorie_floor');

  // Protein by the goal weight when it is lower: grams per kg of a body one is leaving behind overshoot.
  const proteinWeightKg = input.targetWeightKg != null && input.targetWeightKg < weightKg ? input.targetWeightKg : weightKg;
  const minProteinPerKg = direction === 'lose' ? MIN_PROTEIN_PER_KG_LOSING : 0;
  const split = splitMacros(calories, direction, proteinWeightKg, minProteinPerKg);
  // Each within what the goals accept: a very heavy body's protein floor can pass the goals' 500 g.
  const macros = {
    ...split,
    protein: Math.min(split.protein, NUTRITION_LIMITS.goalProtein),
    carbs: Math.min(split.carbs, NUTRITION_LIMITS.goalCarbs),
    fat: Math.min(split.fat, NUTRITION_LIMITS.goalFat),
  };
  if (macros.protein > splitMacros(calories, direction, proteinWeightKg).protein) adjustments.push('protein_floor');

  const gap = input.targetWeightKg != null && input.trendWeightKg != null ? input.targetWeightKg - input.trendWeightKg : null;
  const towardsGoal = gap !== null && rate > 0 && ((direction === 'lose' && gap < 0) || (direction === 'gain' && gap > 0));
  return {
    goal: {
      direction,
      rateKgPerWeek: rate,
      adjustmentKcal: Math.round(calories - expenditure),
      targetWeightKg: input.targetWeightKg,
      weeksToGoal: towardsGoal ? Math.ceil(Math.abs(gap) / rate) : null,
    },
    suggestedTargets: { calories, ...macros },
    floors: direction === 'lose' ? { calories: Math.round(floor), proteinPerKg: MIN_PROTEIN_PER_KG_LOSING } : null,
    proteinWeightKg: Math.round(proteinWeightKg * 10) / 10,
    adjustments,
  };
}
