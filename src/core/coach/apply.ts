import type { Message, MessageParams } from '#core/messages/format';
import { exerciseById } from '#core/plans/exercises';
import type { FitnessPlan, Prescription } from '#core/plans/schemas';
import { COACH_MESSAGES, type CoachMessage } from './messages';
import { message, type AdaptationKind } from './progression';

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

/** A stored note (its key and params) as a message again, with its English. */
export function storedNote(key: string, params: MessageParams): Message {
  const name = key.replace(/^coach\./, '');
  return Object.hasOwn(COACH_MESSAGES, name) ? message(name as CoachMessage, Object.keys(params).length ? params : undefined) : { message: key, messageKey: key, params };
}

/** Where a plan prescribes an exercise (its own id): on the day given, else that week, else the first week that has it. */
export function findPrescription(
  plan: FitnessPlan,
  exerciseId: string,
  at: { weekNumber: number; dayNumber: number } | null,
): { prescription: Prescription; weekNumber: number; dayNumber: number } | null {
  const all = plan.weeks.flatMap((w) => w.days.flatMap((d) => d.exercises.map((prescription) => ({ prescription, weekNumber: w.weekNumber, dayNumber: d.dayNumber }))));
  const mine = all.filter((x) => x.prescription.exerciseId === exerciseId);
  if (at) {
    const exact = mine.find((x) => x.weekNumber === at.weekNumber && x.dayNumber === at.dayNumber);
    if (exact) return exact;
    const week = mine.find((x) => x.weekNumber === at.weekNumber);
    if (week) return week;
  }
  return mine[0] ?? null;
}
