import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Locale } from '#core/common/schemas';
import { getFitnessPlanOutlineContract, getFitnessPlanWeekContract } from '#core/plans/fitness-plans.contract';
import { PLAN_DURATIONS } from '#core/plans/schemas';
import { localDateOf, planDayOn } from '#core/workouts';
import { call } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';
import { useMe } from '#web/app/me';
import { useTrainingSchedule } from '#web/features/workouts/api/workouts';

/**
 * A saved plan is read in two parts (ADR 038): its outline (what its page shows above the weeks, each week's days by
 * title) and one week at a time with its exercises. Without a locale, in the language the plan was made in. The plan
 * page, the dashboard and the workout logger share these cache entries, and offline the copies they left (ADR 023).
 */
export const fetchFitnessPlanOutline = (id: string, locale?: Locale, signal?: AbortSignal) => call(getFitnessPlanOutlineContract, { params: { id }, query: { locale } }, { signal });

export function useFitnessPlanOutline(id: string | null, locale?: Locale) {
  return useQuery({
    queryKey: queryKeys.fitnessPlanOutline(id ?? '', locale),
    queryFn: ({ signal }) => fetchFitnessPlanOutline(id!, locale, signal),
    enabled: id !== null,
  });
}

/** One week of a saved plan with the exercises it names: what the plan page prefetches and prints from too. */
export const fitnessPlanWeekQuery = (id: string, week: number, locale?: Locale) =>
  queryOptions({
    queryKey: queryKeys.fitnessPlanWeek(id, week, locale),
    queryFn: ({ signal }) => call(getFitnessPlanWeekContract, { params: { id, week }, query: { locale } }, { signal }),
  });

export function useFitnessPlanWeek(id: string | null, week: number | null, locale?: Locale) {
  return useQuery({ ...fitnessPlanWeekQuery(id ?? '', week ?? 1, locale), enabled: id !== null && week !== null });
}

/**
 * The week of the plan the user is on today when they follow it (the dashboard's week), else week 1; a plan followed
 * past its end shows its last week, one not started yet its first. Null while it cannot be told: the schedule or the
 * profile being read, or a week past the shortest plan's before the plan's length is known. A week every plan has is
 * known without the plan, so it is read alongside the plan's outline rather than after it.
 */
export function useCurrentPlanWeek(planId: string, durationWeeks: number | undefined): number | null {
  const schedule = useTrainingSchedule();
  const me = useMe();
  if (schedule.isError || me.isError) return 1;
  if (!schedule.data || !me.data) return null;
  if (schedule.data.planId !== planId) return 1;
  const today = localDateOf(Date.now(), me.data.preferences.timezone);
  const week = Math.max(1, planDayOn(schedule.data.effectiveFrom ?? today, today).weekNumber);
  if (week <= PLAN_DURATIONS[0]) return week;
  return durationWeeks === undefined ? null : Math.min(week, durationWeeks);
}
