import { HistoryPage } from '#web/features/nutrition/components/history-page';

export default function NutritionHistoryRoute() {
  return <HistoryPage />;
}
