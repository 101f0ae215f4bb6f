import { StatsPage } from '#web/features/workouts/components/stats-page';

export default function WorkoutStatsRoute() {
  return <StatsPage />;
}
