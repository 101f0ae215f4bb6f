import { useParams } from 'react-router';
import { GeneratorPage } from '#web/features/plans/components/generator-page';
import { LibraryPage } from '#web/features/plans/components/library-page';
import { LibraryPlanPage } from '#web/features/plans/components/library-plan-page';
import { PlanPage } from '#web/features/plans/components/plan-page';
import { PlansPage } from '#web/features/plans/components/plans-page';

export function PlansRoute() {
  return <PlansPage />;
}

export function NewPlanRoute() {
  return <GeneratorPage />;
}

// Keyed by id: moving from one plan to another starts the page afresh (week 1, dialogs closed).
export function PlanRoute() {
  const { planId = '' } = useParams();
  return <PlanPage key={planId} planId={planId} />;
}

export function LibraryRoute() {
  return <LibraryPage />;
}

export function LibraryPlanRoute() {
  const { libraryId = '' } = useParams();
  return <LibraryPlanPage key={libraryId} libraryId={libraryId} />;
}
