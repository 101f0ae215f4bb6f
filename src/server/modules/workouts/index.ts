export { workoutsRouter } from './workouts.handlers';
