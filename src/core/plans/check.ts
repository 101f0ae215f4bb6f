import { exerciseById, isAvailableWith } from './exercises';
import type { FitnessPlan, FitnessPlanInput } from './schemas';
import { VOLUME_BOUNDS, dayMinutes, weeklySetsPerMuscle } from './volume';

export type PlanIssueCode = 'unknown_exercise' | 'equipment_not_allowed' | 'level_too_high' | 'wrong_input' | 'wrong_duration' | 'volume_above_bounds' | 'session_length_out_of_bounds';

export interface PlanIssue {
  code: PlanIssueCode;
  message: string;
  week?: number;
  day?: number;
  exerciseId?: string;
}

const RANK = { beginner: 0, intermediate: 1, advanced: 2 } as const;

/**
 * The rules a schema cannot state: every exercise exists in the library, needs only equipment the user owns and suits
 * their level; the plan answers the input it was asked for; and every detailed week keeps within the level's volume
 * bounds. An empty list means the plan may be shown to the user.
 */
export function checkPlan(plan: FitnessPlan, input: FitnessPlanInput): PlanIssue[] {
  const issues: PlanIssue[] = [];
  if (plan.planType !== input.planType || plan.fitnessLevel !== input.fitnessLevel || !sameSet(plan.goals, input.goals) || !sameSet(plan.equipment, input.equipment)) {
    issues.push({ code: 'wrong_input', message: 'The plan does not answer the input it was asked for' });
  }
  if (plan.durationWeeks !== input.duration || plan.weeks.length !== input.duration) {
    issues.push({ code: 'wrong_duration', message: `Expected ${input.duration} weeks, got ${plan.weeks.length}` });
  }
  const bounds = VOLUME_BOUNDS[input.fitnessLevel];
  for (const week of plan.weeks) {
    for (const day of week.days) {
      for (const p of [...day.warmUp, ...day.exercises, ...day.coolDown]) {
        const where = { week: week.weekNumber, day: day.dayNumber, exerciseId: p.exerciseId };
        const exercise = exerciseById(p.exerciseId);
        if (!exercise) {
          issues.push({ code: 'unknown_exercise', message: `Unknown exercise ${p.exerciseId}`, ...where });
        } else if (!isAvailableWith(exercise, input.equipment)) {
          issues.push({ code: 'equipment_not_allowed', message: `${p.exerciseId} needs ${exercise.requires.join(', ')}`, ...where });
        } else if (RANK[exercise.level] > RANK[input.fitnessLevel]) {
          issues.push({ code: 'level_too_high', message: `${p.exerciseId} is ${exercise.level}`, ...where });
        }
      }
      if (!week.detailed || day.type === 'rest') continue;
      const minutes = dayMinutes(day);
      const range = day.type === 'active_recovery' ? bounds.activeRecoveryMinutes : bounds.sessionMinutes;
      if (minutes < range.min || minutes > range.max) {
        issues.push({
          code: 'session_length_out_of_bounds',
          message: `Week ${week.weekNumber} day ${day.dayNumber} takes about ${minutes} minutes, outside ${range.min}–${range.max}`,
          week: week.weekNumber,
          day: day.dayNumber,
        });
      }
    }
    if (!week.detailed) continue;
    for (const [muscle, sets] of weeklySetsPerMuscle(week)) {
      if (sets > bounds.maxWeeklySetsPerMuscle) {
        issues.push({
          code: 'volume_above_bounds',
          message: `Week ${week.weekNumber} has ${sets} sets for ${muscle}, above ${bounds.maxWeeklySetsPerMuscle}`,
          week: week.weekNumber,
        });
      }
    }
  }
  return issues;
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}
