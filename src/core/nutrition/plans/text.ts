import type { Locale } from '#core/common/schemas';
import type { DietaryRestriction } from './diets';

export const RESTRICTION_LABELS: Record<DietaryRestriction, { en: string; zh: string }> = {
  vegetarian: { en: 'Vegetarian', zh: '素食' },
  vegan: { en: 'Vegan', zh: '纯素' },
  pescatarian: { en: 'Pescatarian', zh: '鱼素' },
  gluten_free: { en: 'Gluten-free', zh: '无麸质' },
  dairy_free: { en: 'Dairy-free', zh: '无乳制品' },
  nut_free: { en: 'Nut-free', zh: '无坚果' },
  halal: { en: 'Halal', zh: '清真' },
  low_carb: { en: 'Low-carb', zh: '低碳水' },
};

/** The steps a user sees while a nutrition plan is made (streamed while an LLM works). */
export const NUTRITION_PLAN_STAGES = ['analysing_input', 'choosing_foods', 'building_day', 'checking', 'falling_back', 'done'] as const;
export type NutritionPlanStage = (typeof NUTRITION_PLAN_STAGES)[number];
export interface NutritionPlanProgress {
  stage: NutritionPlanStage;
  /** The day being built, for 'building_day'. */
  day?: number;
  totalDays: number;
}
export type NutritionPlanProgressListener = (progress: NutritionPlanProgress) => void;

const STAGE_LABELS: Record<NutritionPlanStage, { en: string; zh: string }> = {
  analysing_input: { en: 'Working out your targets', zh: '正在计算你的目标' },
  choosing_foods: { en: 'Choosing foods that fit your diet', zh: '正在挑选符合你饮食的食物' },
  building_day: { en: 'Balancing day {day} of {total}', zh: '正在配平第 {day} / {total} 天' },
  checking: { en: 'Checking every day against your targets', zh: '正在逐日核对目标' },
  falling_back: { en: 'Switching to the built-in planner', zh: '正在切换到内置计划引擎' },
  done: { en: 'Done', zh: '完成' },
};

export function nutritionProgressLabel(p: NutritionPlanProgress, locale: Locale): string {
  return STAGE_LABELS[p.stage][locale].replace('{day}', String(p.day ?? 1)).replace('{total}', String(p.totalDays));
}

const kcal = (n: number, locale: Locale) => n.toLocaleString(locale === 'zh' ? 'zh-CN' : 'en-US');

export function defaultPlanTitle(restrictions: readonly DietaryRestriction[], calories: number, locale: Locale): string {
  const diet = restrictions.map((r) => RESTRICTION_LABELS[r][locale]).join(locale === 'zh' ? '、' : ', ');
  if (locale === 'zh') return `7 天营养计划 · 每天 ${kcal(calories, locale)} 千卡${diet ? ` · ${diet}` : ''}`;
  return `7-day nutrition plan · ${kcal(calories, locale)} kcal a day${diet ? ` · ${diet}` : ''}`;
}

export function defaultPlanSummary(t: { calories: number; protein: number; carbs: number; fat: number }, mealsPerDay: number, locale: Locale): string {
  if (locale === 'zh') {
    return `每天 ${mealsPerDay} 餐，约 ${kcal(t.calories, locale)} 千卡：蛋白质 ${t.protein} 克、碳水 ${t.carbs} 克、脂肪 ${t.fat} 克，每天都在目标的 5% 以内。分量按生重或熟重（与食物库一致）给出；一周的采购清单在最后。`;
  }
  return `${mealsPerDay} meals a day at about ${kcal(t.calories, locale)} kcal: ${t.protein} g protein, ${t.carbs} g carbs and ${t.fat} g fat, every day within 5% of each target. Weights are as eaten (as in the food table); the week's shopping list is at the end.`;
}
