import type { FitnessPlan, PlanDetail } from './schemas';

/**
 * A plan as a reader of the given detail sees it (DESIGN decision 2). Plans are kept in full and cut when read, so
 * the lock follows the reader's tier of the day: paying unlocks every week of every plan, a return to free locks
 * them again. `week1` keeps week 1 whole and, of later weeks, each day's type, title, focus and minutes.
 */
export function planAtDetail(plan: FitnessPlan, detail: PlanDetail): FitnessPlan {
  if (detail === 'full' || plan.detail === 'week1') return plan;
  return {
    ...plan,
    detail,
    // By number, not place: a plan read for one week has that week alone.
    weeks: plan.weeks.map((week) => (week.weekNumber === 1 ? week : { ...week, detailed: false, days: week.days.map((day) => ({ ...day, warmUp: [], exercises: [], coolDown: [] })) })),
  };
}
