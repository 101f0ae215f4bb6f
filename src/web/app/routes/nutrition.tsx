import { DayLogPage } from '../../features/nutrition/components/day-log-page';
import { GoalsPage } from '../../features/nutrition/components/goals-page';
import { ScanPage } from '../../features/nutrition/components/scan-page';

export function NutritionRoute() {
  return <DayLogPage />;
}

export function NutritionGoalsRoute() {
  return <GoalsPage />;
}

export function NutritionScanRoute() {
  return <ScanPage />;
}
