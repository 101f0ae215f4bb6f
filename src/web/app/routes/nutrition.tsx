import { DayLogPage } from '#web/features/nutrition/components/day-log-page';
import { GoalsPage } from '#web/features/nutrition/components/goals-page';
import { ScanPage } from '#web/features/nutrition/components/scan-page';

export function NutritionRoute() {
  return <DayLogPage />;
}

export function NutritionGoalsRoute() {
  return <GoalsPage />;
}

export function NutritionScanRoute() {
  return <ScanPage />;
}
