import { HistoryPage } from '../../features/nutrition/components/history-page';

export default function NutritionHistoryRoute() {
  return <HistoryPage />;
}
