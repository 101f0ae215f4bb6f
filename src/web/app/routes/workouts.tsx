import { useParams } from 'react-router';
import { HistoryPage } from '#web/features/workouts/components/history-page';
import { EditWorkoutPage, NewWorkoutPage } from '#web/features/workouts/components/logger-page';
import { ExercisesPage } from '#web/features/workouts/components/exercises-page';

export function WorkoutsRoute() {
  return <HistoryPage />;
}

// Keyed by the query: opening another plan day from the same page starts a fresh session.
export function NewWorkoutRoute() {
  return <NewWorkoutPage key={window.location.search} />;
}

export function WorkoutExercisesRoute() {
  return <ExercisesPage />;
}

export function EditWorkoutRoute() {
  const { workoutId = '' } = useParams();
  return <EditWorkoutPage key={workoutId} workoutId={workoutId} />;
}
