import { StatsPage } from '../../features/workouts/components/stats-page';

export default function WorkoutStatsRoute() {
  return <StatsPage />;
}
