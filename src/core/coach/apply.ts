import type { Message } from '#core/messages/format';
import { exerciseById } from '#core/plans/exercises';
import type { FitnessPlan } from '#core/plans/schemas';
import type { AdaptationKind } from './progression';

/** An exercise of a plan replaced by another for the rest of the plan. */
export interface PlanSwap {
  exerciseId: string;
  replacementId: string;
}

/** A week of a plan changed for one exercise after it stalled (stored with the plan's own exercise id). */
export interface PlanAdaptation {
  weekNumber: number;
  exerciseId: string;
  kind: AdaptationKind;
  note: Message;
}

/**
 * The plan as its reader follows it (ADR 028): each swapped exercise replaced in the main work of every week (its
 * dose kept), and each adapted week with one set fewer where that is the adaptation (a lighter week changes the
 * suggested load, not the document). The adaptations come back under the exercise id the reader sees.
 */
export function coachPlan(plan: FitnessPlan, swaps: readonly PlanSwap[], adaptations: readonly PlanAdaptation[]): { plan: FitnessPlan; adaptations: PlanAdaptation[] } {
  const swapOf = new Map(swaps.map((s) => [s.exerciseId, s.replacementId]));
  const shown = (id: string) => swapOf.get(id) ?? id;
  const weeks = plan.weeks.map((week) => {
    const here = adaptations.filter((a) => a.weekNumber === week.weekNumber);
    return {
      ...week,
      days: week.days.map((day) => ({
        ...day,
        exercises: day.exercises.map((p) => {
          const fewer = here.some((a) => a.exerciseId === p.exerciseId && a.kind === 'fewer_sets');
          const replacement = swapOf.has(p.exerciseId) ? exerciseById(swapOf.get(p.exerciseId)!) : undefined;
          return {
            ...p,
            ...(replacement ? { exerciseId: replacement.id, name: replacement.name[plan.locale] } : {}),
            ...(fewer ? { sets: Math.max(1, p.sets - 1) } : {}),
          };
        }),
      })),
    };
  });
  return { plan: { ...plan, weeks }, adaptations: adaptations.map((a) => ({ ...a, exerciseId: shown(a.exerciseId) })) };
}

/** The plan's own id of an exercise the reader sees (the original of a swap). */
export function originalOf(exerciseId: string, swaps: readonly PlanSwap[]): string {
  return swaps.find((s) => s.replacementId === exerciseId)?.exerciseId ?? exerciseId;
}
