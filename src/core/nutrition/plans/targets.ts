import type { Energy, Goals, GoalTargets, PlanGoalSource } from '../schemas';
import type { DietaryRestriction } from './diets';

/**
 * The daily targets a nutrition plan is built to. They start from the user's goals (computed or their own) and are
 * kept within what a balanced plan of whole foods can meet: the acceptable macronutrient ranges of the US National
 * Academies (protein 10–35 %, fat 20–35 % of energy; we allow fat to 40 %) and a calorie floor below which no diet
 * should go without medical supervision. Low-carb moves energy from carbohydrate to fat. Each change is listed, so the
 * plan can say what it did and why.
 */

export const PLAN_CALORIES = { min: 1200, max: 4000 } as const;
/** Plant-based diets cap protein lower: meals without meat or fish rarely give more than 30 % of energy as protein, and
 * the plant and dairy foods low enough in carbohydrate for a low-carb day even less. */
export const PROTEIN_SHARE = { min: 0.1, max: 0.35, plantMax: 0.3, plantLowCarbMax: 0.25 } as const;
export const FAT_SHARE = { min: 0.2, max: 0.4, lowCarbMax: 0.65 } as const;
export const CARB_SHARE = { min: 0.25, max: 0.65, lowCarbMax: 0.2 } as const;
/** Low-carb diets keep carbohydrate at or under about 100 g a day (50–130 g in the usual definitions). */
export const LOW_CARB_MAX_GRAMS = 100;
/**
 * Macros whose energy (4/4/9 kcal a gram) is this close to the calories can be met together with them: half the 5 % a
 * day may miss by, the other half left for the food table's energy differing from the 4/4/9 rule.
 */
const MACRO_ENERGY_SLACK = 0.025;

export const TARGET_ADJUSTMENTS = ['calories_raised', 'calories_lowered', 'protein_raised', 'protein_lowered', 'fat_raised', 'fat_lowered', 'carbs_raised', 'carbs_lowered'] as const;
export type TargetAdjustment = (typeof TARGET_ADJUSTMENTS)[number];

export interface NutritionPlanTargets {
  calories: number;
  protein: number;
  carbs: number;
  fat: number;
  fibre: number;
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

export function planTargets(goals: GoalTargets, restrictions: readonly DietaryRestriction[]): { targets: NutritionPlanTargets; adjustments: TargetAdjustment[] } {
  const lowCarb = restrictions.includes('low_carb');
  const vegan = restrictions.includes('vegan');
  const calories = Math.round(clamp(goals.calories, PLAN_CALORIES.min, PLAN_CALORIES.max));

  // Shares of the goal's own macros; a goal whose macros add up to more or less energy than its calories keeps their
  // proportions.
  const macroKcal = goals.protein * 4 + goals.carbs * 4 + goals.fat * 9;
  const asked = { p: macroKcal > 0 ? (goals.protein * 4) / macroKcal : 0.2, f: macroKcal > 0 ? (goals.fat * 9) / macroKcal : 0.3 };
  let { p, f } = asked;
  const plantBased = vegan || restrictions.includes('vegetarian');
  const pMax = plantBased ? (lowCarb ? PROTEIN_SHARE.plantLowCarbMax : PROTEIN_SHARE.plantMax) : PROTEIN_SHARE.max;
  p = clamp(p, PROTEIN_SHARE.min, pMax);
  f = clamp(f, FAT_SHARE.min, lowCarb ? FAT_SHARE.lowCarbMax : FAT_SHARE.max);
  let c = 1 - p - f;
  if (lowCarb) {
    const cMax = Math.min(CARB_SHARE.lowCarbMax, (LOW_CARB_MAX_GRAMS * 4) / calories);
    if (c > cMax) {
      c = cMax;
      f = 1 - p - c;
      if (f > FAT_SHARE.lowCarbMax) {
        p += f - FAT_SHARE.lowCarbMax;
        f = FAT_SHARE.lowCarbMax;
      }
    }
  } else if (c < CARB_SHARE.min) {
    // Take the shortfall from fat first, then protein, down to their floors.
    let short = CARB_SHARE.min - c;
    const fromFat = Math.min(short, f - FAT_SHARE.min);
    f -= fromFat;
    short -= fromFat;
    p -= Math.min(short, p - PROTEIN_SHARE.min);
    c = 1 - p - f;
  } else if (c > CARB_SHARE.max) {
    f += c - CARB_SHARE.max;
    c = CARB_SHARE.max;
  }

  // Goals already within every range, whose macros add up to their calories (give or take what the 4/4/9 rule and
  // the food table's energy may differ by), are the plan's targets to the gram: 160/280/80 g stay 160/280/80 g.
  const lowCarbKept = !lowCarb || (goals.carbs <= LOW_CARB_MAX_GRAMS && goals.carbs * 4 <= CARB_SHARE.lowCarbMax * calories);
  const withinRanges = calories === goals.calories && p === asked.p && f === asked.f && lowCarbKept;
  const addsUp = macroKcal > 0 && Math.abs(macroKcal - calories) <= calories * MACRO_ENERGY_SLACK;
  let targets: NutritionPlanTargets;
  if (withinRanges && addsUp) {
    targets = { calories, protein: goals.protein, carbs: goals.carbs, fat: goals.fat, fibre: goals.fibre };
  } else {
    const protein = Math.round((p * calories) / 4);
    // Low-carb rounds carbohydrate down and gives fat the rest, so the cap holds to the gram.
    const carbs = lowCarb ? Math.floor((c * calories) / 4) : Math.round((c * calories) / 4);
    const fat = Math.max(0, Math.round((calories - protein * 4 - carbs * 4) / 9));
    targets = { calories, protein, carbs, fat, fibre: goals.fibre };
  }

  const adjustments: TargetAdjustment[] = [];
  const note = (name: 'calories' | 'protein' | 'fat' | 'carbs', slack: number) => {
    if (targets[name] > goals[name] + slack) adjustments.push(`${name}_raised`);
    else if (targets[name] < goals[name] - slack) adjustments.push(`${name}_lowered`);
  };
  note('calories', 10);
  note('protein', 3);
  note('carbs', 3);
  note('fat', 3);
  return { targets, adjustments };
}

/**
 * The goals a plan is built to: the user's own when they set them; else, once the log supports an estimate of their
 * expenditure (energy balance), the check-in's targets for their goal; else the computed ones.
 */
export function goalsForPlan(goals: Goals, energy: Energy | null): GoalTargets & { source: PlanGoalSource } {
  if (goals.source !== 'custom' && energy?.basis === 'energy_balance') return { ...energy.suggestedTargets, source: 'estimated' };
  const { calories, protein, carbs, fat, fibre, source } = goals;
  return { calories, protein, carbs, fat, fibre, source };
}
