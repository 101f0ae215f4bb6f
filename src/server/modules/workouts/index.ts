export { workoutsRouter } from './workouts.handlers';
export { lockSummary as lockWorkoutSummary } from './workouts.repo';
export { refreshSummary as refreshWorkoutSummary } from './services/summary';
