import { FOODS, type Food } from '#core/nutrition/foods';
import {
  DAY_MEALS,
  MEAL_SHARE_BAND,
  NUTRITION_PLAN_DAYS,
  RESTRICTION_LABELS,
  assemblePlan,
  checkNutritionPlan,
  foodPools,
  generateNutritionPlan,
  mealEnergyShares,
  nutritionPlanContentSchema,
  nutritionPlanSchema,
  refitDay,
  type DayPicks,
  type FoodPools,
  type NutritionPlan,
  type NutritionPlanBrief,
  type NutritionPlanIssue,
} from '#core/nutrition/plans';
import { LlmFallback, chatModel, streamStructured, type LlmOptions } from '#server/lib/llm-stream';
import type { Logger } from '#server/lib/logger';
import type { NutritionPlanFallbackReason, NutritionPlanRequest, NutritionPlanner } from './port';

export interface LlmNutritionPlannerOptions extends LlmOptions {
  logger?: Logger;
}

class Fallback extends LlmFallback<NutritionPlanFallbackReason> {}

const totalDays = NUTRITION_PLAN_DAYS;

/**
 * Nutrition plans whose foods an LLM chooses through the AI SDK, as structured output under the content schema, then
 * checked against the food table and the user's diet. The model picks the foods; the weights are fitted here, since
 * models rarely land four daily totals within 5 %. Anything short of a plan that passes every check — an HTTP error,
 * a timeout, broken JSON, a schema failure, an invented or forbidden food, the wrong days or meals, a day the foods
 * cannot bring on target — gives the user the built-in engine's plan instead, and the result says why.
 */
export function createLlmNutritionPlanner(options: LlmNutritionPlannerOptions): NutritionPlanner {
  return {
    name: 'llm',
    async generate(request) {
      try {
        const plan = await askModel(request);
        return { plan, source: 'ai', model: options.model };
      } catch (error) {
        const fallback = LlmFallback.of<NutritionPlanFallbackReason>(error);
        options.logger?.warn('LLM nutrition plan rejected, using the built-in engine', {
          reason: fallback.reason,
          detail: fallback.message,
          model: options.model,
        });
        request.onProgress?.({ stage: 'falling_back', totalDays });
        // NoPlanPossible from the engine propagates: no generator can plan this diet.
        const plan = generateNutritionPlan(request.brief, { seed: request.seed, onProgress: request.onProgress });
        return { plan, source: 'builtin', fallbackReason: fallback.reason, fallbackDetail: fallback.message };
      }
    },
  };

  async function askModel(request: NutritionPlanRequest): Promise<NutritionPlan> {
    const { brief, onProgress } = request;
    onProgress?.({ stage: 'analysing_input', totalDays });
    const prompt = buildPrompt(brief);
    onProgress?.({ stage: 'choosing_foods', totalDays });

    let daysSeen = 0;
    const content = await streamStructured(await chatModel(options), {
      schema: nutritionPlanContentSchema,
      name: 'nutrition_plan',
      system: prompt.system,
      prompt: prompt.user,
      timeoutMs: options.timeoutMs,
      signal: request.signal,
      onPartial: (partial) => {
        // A day is complete once the model has started on the next one.
        const started = Math.min(partial.days?.length ?? 0, totalDays + 1);
        for (; daysSeen < started - 1; daysSeen++) onProgress?.({ stage: 'building_day', day: daysSeen + 1, totalDays });
      },
    });
    for (; daysSeen < content.days.length; daysSeen++) onProgress?.({ stage: 'building_day', day: daysSeen + 1, totalDays });

    onProgress?.({ stage: 'checking', totalDays });
    const chosen: DayPicks[] = content.days.map((day) => ({ meals: day.meals }));
    // The model's own weights are expected to miss; only its days, meals and foods are judged here.
    const structural = checkNutritionPlan(chosen, brief).filter((issue) => issue.code !== 'off_target' && issue.code !== 'meal_share');
    if (structural.length > 0) throw fallbackFor(structural);

    const fitted = chosen.map((day) => refitDay(day, brief));
    const remaining = checkNutritionPlan(fitted, brief);
    if (remaining.length > 0) throw fallbackFor(remaining);

    const parsed = nutritionPlanSchema.safeParse(assemblePlan(fitted, brief, { title: content.title, summary: content.summary, seed: null }));
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      throw new Fallback('schema_invalid', `${first.path.join('.')}: ${first.message}`);
    }
    onProgress?.({ stage: 'done', totalDays });
    return parsed.data;
  }
}

/** The first issue names the reason; the detail lists a few, for the logs. */
function fallbackFor(issues: readonly NutritionPlanIssue[]): Fallback {
  const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : '';
  return new Fallback(
    issues[0].code,
    issues
      .slice(0, 3)
      .map((i) => i.message)
      .join('; ') + more,
  );
}

/** What each engine pool says about a food, as the catalogue shows it: how a meal may use the food. */
const POOL_ROLES: ReadonlyArray<[keyof Omit<FoodPools, 'oil'>, string]> = [
  ['breakfast', 'breakfast'],
  ['breakfastProtein', 'breakfast protein'],
  ['fruit', 'fruit'],
  ['main', 'main'],
  ['starch', 'starch'],
  ['vegetable', 'vegetable'],
  ['snack', 'snack'],
  ['proteinLever', 'protein'],
  ['fatLever', 'fat'],
];

/**
 * The foods the model may choose from: those the engine's pools hold for this diet (allowed, and fit to prescribe),
 * each with what it is good for. One line per food keeps the prompt small enough for local models.
 */
function catalogue(brief: NutritionPlanBrief): string[] {
  const pools = foodPools(brief.rules);
  const roles = new Map<Food, string[]>();
  for (const [pool, role] of POOL_ROLES) for (const food of pools[pool]) roles.set(food, [...(roles.get(food) ?? []), role]);
  if (pools.oil) roles.set(pools.oil, ['cooking oil']);
  const num = (x: number) => String(Math.round(x * 10) / 10);
  // In the table's order, so that foods of a kind stand together.
  return FOODS.flatMap((f) => {
    const r = roles.get(f);
    if (!r) return [];
    const { kcal, protein, carbs, fat } = f.per100g;
    return [`${f.id} | ${f.name.en} | ${num(kcal)}/${num(protein)}/${num(carbs)}/${num(fat)} | ${r.join(', ')}`];
  });
}

function buildPrompt(brief: NutritionPlanBrief): { system: string; user: string } {
  const { targets } = brief;
  const meals = DAY_MEALS[brief.mealsPerDay];
  const shares = mealEnergyShares(meals);
  const { main, snack } = MEAL_SHARE_BAND;
  const percent = (band: { min: number; max: number }) => `${Math.round(band.min * 100)} to ${Math.round(band.max * 100)} %`;
  const language = brief.locale === 'zh' ? 'Simplified Chinese' : 'English';
  const system = [
    'You are a registered dietitian who writes 7-day meal plans as JSON.',
    `Write the title and the summary in ${language}; keep the summary to a few sentences on how the week is built.`,
    'Use only food ids from the catalogue the user gives, exactly as written; never invent one and never use a food that is not listed.',
    `Give exactly ${NUTRITION_PLAN_DAYS} days numbered 1 to ${NUTRITION_PLAN_DAYS}, each with the meals the user asks for, in that order.`,
    'Give each meal 1 to 6 foods that go together on a plate, with grams as eaten (cooked weight for foods that are cooked).',
    'Main meals pair a protein food or a dish with a starch and a vegetable; a cooking oil goes with foods cooked from raw ingredients, 5 to 20 g.',
    'Vary the foods across the week: do not repeat the same meal on consecutive days.',
    "Aim each day's totals at the targets for energy, protein, carbohydrate and fat; work them out from the catalogue's values per 100 g.",
    `Give each main meal ${percent(main)} of the day's energy and each snack ${percent(snack)}: meals a person would eat.`,
  ].join('\n');
  const diet = brief.restrictions.map((r) => RESTRICTION_LABELS[r].en);
  const allergies = brief.allergies.map((a) => a.text);
  const user = [
    `Daily targets: ${targets.calories} kcal, protein ${targets.protein} g, carbohydrate ${targets.carbs} g, fat ${targets.fat} g (fibre about ${targets.fibre} g).`,
    `Meals each day, in this order, with their rough share of the day's energy: ${meals.map((m, i) => `${m} (${Math.round(shares[i] * 100)} %)`).join(', ')}.`,
    `Diet: ${diet.length > 0 ? diet.join(', ') : 'no restrictions'}.`,
    `Allergies: ${allergies.length > 0 ? `${allergies.join(', ')} — never use these or any food that contains them` : 'none'}.`,
    'The catalogue holds only foods this diet allows.',
    '',
    'Food catalogue (id | name | kcal/protein g/carbohydrate g/fat g per 100 g as eaten | use as):',
    ...catalogue(brief),
  ].join('\n');
  return { system, user };
}
