import { useParams } from 'react-router';
import { NutritionPlanPage } from '#web/features/nutrition/components/nutrition-plan-page';
import { NutritionPlansPage } from '#web/features/nutrition/components/nutrition-plans-page';

export function NutritionPlansRoute() {
  return <NutritionPlansPage />;
}

// Keyed by id: moving from one plan to another starts the page afresh (day 1, dialogs closed).
export function NutritionPlanRoute() {
  const { nutritionPlanId = '' } = useParams();
  return <NutritionPlanPage key={nutritionPlanId} planId={nutritionPlanId} />;
}
