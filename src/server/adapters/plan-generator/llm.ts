import { checkPlan, type PlanIssueCode } from '#core/plans/check';
import { exerciseById } from '#core/plans/exercises';
import { TRAINING_DAYS, exercisePool } from '#core/plans/engine';
import { fitnessPlanContentSchema, fitnessPlanSchema, type FitnessPlan, type FitnessPlanContent } from '#core/plans/schemas';
import { EQUIPMENT_LABELS, GOAL_LABELS, LEVEL_LABELS, PLAN_TYPE_LABELS } from '#core/plans/text';
import { VOLUME_BOUNDS, dayMinutes } from '#core/plans/volume';
import { LlmFallback, chatModel, streamStructured, type LlmOptions } from '#server/lib/llm-stream';
import type { Logger } from '#server/lib/logger';
import { builtinPlan } from './builtin';
import type { FallbackReason, PlanGenerationRequest, PlanGenerator } from './port';

export interface LlmPlanGeneratorOptions extends LlmOptions {
  logger?: Logger;
}

class Fallback extends LlmFallback<FallbackReason> {}

/**
 * Plans written by an LLM through the AI SDK, as structured output under the same zod schema the engine's plans
 * satisfy, then checked against the exercise library and the user's equipment and level. Anything short of a plan
 * that passes every check — an HTTP error, a timeout, broken JSON, a schema failure, an invented or unavailable
 * exercise — gives the user the built-in engine's plan instead, and the result says why.
 */
export function createLlmPlanGenerator(options: LlmPlanGeneratorOptions): PlanGenerator {
  return {
    name: 'llm',
    async generate(request) {
      try {
        const plan = await askModel(request);
        return { plan, source: 'ai', model: options.model };
      } catch (error) {
        const fallback = LlmFallback.of<FallbackReason>(error);
        options.logger?.warn('LLM plan rejected, using the built-in engine', { reason: fallback.reason, detail: fallback.message, model: options.model });
        request.onProgress?.({ stage: 'falling_back', totalWeeks: request.input.duration });
        return { plan: builtinPlan(request), source: 'builtin', fallbackReason: fallback.reason, fallbackDetail: fallback.message };
      }
    },
  };

  async function askModel(request: PlanGenerationRequest): Promise<FitnessPlan> {
    const { input, onProgress } = request;
    const totalWeeks = input.duration;
    onProgress?.({ stage: 'analysing_input', totalWeeks });
    const prompt = buildPrompt(request);
    onProgress?.({ stage: 'choosing_exercises', totalWeeks });

    let weeksSeen = 0;
    const content: FitnessPlanContent = await streamStructured(await chatModel(options), {
      schema: fitnessPlanContentSchema,
      name: 'fitness_plan',
      system: prompt.system,
      prompt: prompt.user,
      timeoutMs: options.timeoutMs,
      signal: request.signal,
      onPartial: (partial) => {
        // A week is complete once the model has started on the next one.
        const started = partial.weeks?.length ?? 0;
        for (; weeksSeen < started - 1; weeksSeen++) onProgress?.({ stage: 'building_week', week: weeksSeen + 1, totalWeeks });
      },
    });
    for (; weeksSeen < content.weeks.length; weeksSeen++) onProgress?.({ stage: 'building_week', week: weeksSeen + 1, totalWeeks });

    onProgress?.({ stage: 'checking', totalWeeks });
    const parsed = fitnessPlanSchema.safeParse(assemble(content, request));
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      throw new Fallback('schema_invalid', `${first.path.join('.')}: ${first.message}`);
    }
    const issues = checkPlan(parsed.data, input);
    if (issues.length > 0) throw new Fallback(reasonFor(issues[0].code), issues[0].message);
    onProgress?.({ stage: 'done', totalWeeks });
    return parsed.data;
  }
}

function reasonFor(code: PlanIssueCode): FallbackReason {
  if (code === 'unknown_exercise' || code === 'equipment_not_allowed' || code === 'level_too_high') return code;
  return 'plan_rules_broken';
}

/**
 * Turns the model's content into a stored plan: the request's own metadata, the library's exercise names (a model
 * may mislabel an id), minutes computed the same way as the engine's. Every week is kept in full; the reader's tier
 * decides how much of it is shown.
 */
function assemble(content: FitnessPlanContent, { input, locale }: PlanGenerationRequest): FitnessPlan {
  const rename = <T extends { exerciseId: string; name: string }>(p: T): T => ({ ...p, name: exerciseById(p.exerciseId)?.name[locale] ?? p.name });
  const weeks = content.weeks.map((week) => ({
    ...week,
    detailed: true,
    days: week.days.map((day) => {
      const named = { ...day, warmUp: day.warmUp.map(rename), exercises: day.exercises.map(rename), coolDown: day.coolDown.map(rename) };
      return { ...named, estimatedMinutes: day.type === 'rest' ? 0 : dayMinutes(named) };
    }),
  }));
  return {
    ...content,
    title: input.planName ?? content.title,
    weeks,
    schemaVersion: 1,
    locale,
    planType: input.planType,
    goals: [...input.goals],
    fitnessLevel: input.fitnessLevel,
    equipment: [...input.equipment],
    durationWeeks: input.duration,
    detail: 'full',
    seed: null,
  };
}

function buildPrompt({ input, locale }: PlanGenerationRequest): { system: string; user: string } {
  const level = input.fitnessLevel;
  const bounds = VOLUME_BOUNDS[level];
  const catalogue = exercisePool(input.equipment, level)
    .map((e) => `${e.id} | ${e.name[locale]} | ${e.kind} | ${e.pattern} | ${e.primaryMuscles.join(', ')}${e.unilateral ? ' | per side' : ''}`)
    .join('\n');
  const language = locale === 'zh' ? 'Simplified Chinese' : 'English';
  const system = [
    'You are a certified strength and conditioning coach who writes safe, periodised training plans as JSON.',
    `Write every text field (title, summary, focus, notes, names, safety notes) in ${language}.`,
    'Use only exercise ids from the catalogue the user gives, exactly as written; never invent one.',
    'Each week has exactly 7 days numbered 1 to 7, with types strength, cardio, active_recovery or rest, and at least one rest day.',
    'Rest days have empty warmUp, exercises and coolDown lists and estimatedMinutes 0.',
    'Every other day has a warm-up (easy cardio and mobility), its exercises, and a cool-down of mobility work.',
    'Each exercise line gives either reps {min, max} or durationSeconds, never both; the other is null.',
    'Make every 4th week (4, 8, 12) a deload week (deload: true) with fewer sets and lower effort; progress load or reps in the weeks between.',
    `Keep each muscle group under ${bounds.maxWeeklySetsPerMuscle} hard sets a week, and each training day between ${bounds.sessionMinutes.min} and ${bounds.sessionMinutes.max} minutes including rest between sets.`,
    'trainingDaysPerWeek counts the strength and cardio days of each week and is the same every week.',
    level === 'beginner' ? 'The user is a beginner: include safety notes on form, gradual progress and seeing a doctor when in doubt.' : '',
  ]
    .filter(Boolean)
    .join('\n');
  const user = [
    `Plan type: ${PLAN_TYPE_LABELS[input.planType].en}`,
    `Goals: ${input.goals.map((g) => GOAL_LABELS[g].en).join(', ')}`,
    `Level: ${LEVEL_LABELS[level].en} (about ${TRAINING_DAYS[level]} training days a week)`,
    `Equipment: ${input.equipment.map((e) => EQUIPMENT_LABELS[e].en).join(', ')}`,
    `Duration: ${input.duration} weeks`,
    `Give all ${input.duration} weeks in full.`,
    '',
    'Exercise catalogue (id | name | kind | pattern | primary muscles):',
    catalogue,
  ].join('\n');
  return { system, user };
}
