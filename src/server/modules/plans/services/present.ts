import type { Locale } from '#core/common/schemas';
import type { FitnessPlanOutline, FitnessPlanSummary, SavedFitnessPlan } from '#core/plans/api-schemas';
import { planAtDetail } from '#core/plans/detail';
import { generatePlan } from '#core/plans/engine';
import { exercisesOf } from '#core/plans/exercise-search';
import { libraryEntry, libraryPlan } from '#core/plans/library';
import type { FitnessPlan, PlanDetail, PlanDuration } from '#core/plans/schemas';
import { planTitle } from '#core/plans/text';
import { coachPlan, type PlanAdaptation, type PlanSwap } from '#core/coach';
import type { PlanRow, PlanSummaryRow } from '../plans.repo';

/**
 * How much of a saved plan its reader sees. Generated plans are kept whole and shown at the detail of the reader's
 * tier today (DESIGN decision 2); library copies are whole for every tier (ADR 013); a plan stored as a summary
 * stays one.
 */
function shownDetail(row: Pick<PlanSummaryRow, 'source' | 'detail'>, reader: PlanDetail): PlanDetail {
  return row.source === 'library' || row.detail === 'week1' ? row.detail : reader;
}

/**
 * The plan's name in the reader's language: the library's and the built-in planner's own names follow it; a name
 * the user gave (or an LLM wrote) stays as it is.
 */
function titleIn(row: PlanSummaryRow, locale: Locale): string {
  const entry = row.source === 'library' && row.libraryId ? libraryEntry(row.libraryId) : undefined;
  if (entry) return row.title === entry.title.en || row.title === entry.title.zh ? entry.title[locale] : row.title;
  if (row.source === 'builtin' && !row.input.planName) return planTitle(row.planType, row.fitnessLevel, row.durationWeeks)[locale];
  return row.title;
}

/** The document in the reader's language: a plan with a seed is rebuilt from it (the same exercises, ADR 010). */
function documentIn(row: PlanRow, locale: Locale): FitnessPlan {
  const seed = row.plan.seed;
  if (locale === row.locale || seed === null) return row.plan;
  const entry = row.source === 'library' && row.libraryId ? libraryEntry(row.libraryId) : undefined;
  const plan = entry ? libraryPlan(entry, { locale, detail: row.detail }) : generatePlan(row.input, { seed, locale, detail: row.detail });
  return { ...plan, title: titleIn(row, locale) };
}

/** `locale` is the reader's language; left out, the plan is shown in the one it was made in. */
export function toSummary(row: PlanSummaryRow, reader: PlanDetail, locale: Locale = row.locale): FitnessPlanSummary {
  return {
    id: row.id,
    planName: titleIn(row, locale),
    planType: row.planType,
    goals: [...row.input.goals],
    fitnessLevel: row.fitnessLevel,
    equipment: [...row.input.equipment],
    durationWeeks: row.durationWeeks as PlanDuration,
    trainingDaysPerWeek: row.trainingDaysPerWeek,
    split: row.split,
    detail: shownDetail(row, reader),
    locale,
    source: row.source,
    libraryId: row.libraryId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the coach changed in a plan (ADR 028); a plan just made has nothing. */
export interface Coaching {
  swaps: PlanSwap[];
  adaptations: PlanAdaptation[];
}
const NONE: Coaching = { swaps: [], adaptations: [] };

/** A saved plan as its reader sees it (the tier's detail, the coach's changes, the language), before its exercises. */
export type ShownPlan = Omit<SavedFitnessPlan, 'exercises'>;

export function toShownPlan(row: PlanRow, reader: PlanDetail, locale: Locale = row.locale, coaching: Coaching = NONE): ShownPlan {
  const shown = documentIn(row, locale);
  const coached = coachPlan(shown, coaching.swaps, coaching.adaptations);
  const plan = planAtDetail(coached.plan, shownDetail(row, reader));
  // A week the reader sees as a summary keeps its notes to itself.
  const adaptations = coached.adaptations.filter((a) => plan.weeks.find((w) => w.weekNumber === a.weekNumber)?.detailed);
  return { ...toSummary(row, reader, shown.locale), plan, swaps: coaching.swaps, adaptations };
}

export function toSavedPlan(row: PlanRow, reader: PlanDetail, locale: Locale = row.locale, coaching: Coaching = NONE): SavedFitnessPlan {
  return withExercises(toShownPlan(row, reader, locale, coaching));
}

/** The plan with every exercise it names, in its language. */
export function withExercises(shown: ShownPlan): SavedFitnessPlan {
  return { ...shown, exercises: exercisesOf(shown.plan.weeks, shown.plan.locale) };
}

/** What a plan page shows above the weeks, and each week's days without their exercises (ADR 038). */
export function toOutline({ plan, swaps, adaptations, ...summary }: ShownPlan): FitnessPlanOutline {
  return {
    ...summary,
    summary: plan.summary,
    safetyNotes: plan.safetyNotes,
    weeks: plan.weeks.map((w) => ({
      weekNumber: w.weekNumber,
      deload: w.deload,
      detailed: w.detailed,
      focus: w.focus,
      days: w.days.map((d) => ({ dayNumber: d.dayNumber, type: d.type, title: d.title, estimatedMinutes: d.estimatedMinutes })),
    })),
    swaps,
    adaptations,
  };
}
