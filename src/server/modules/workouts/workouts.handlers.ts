import type { Db } from '#server/db/client';
import { createRouter, type Guards } from '#server/lib/router';
import { deleteWorkout } from './services/delete-workout';
import { getExerciseProgress } from './services/get-exercise-progress';
import { getStats } from './services/get-stats';
import { getStreak } from './services/get-streak';
import { getWorkout } from './services/get-workout';
import { listWorkouts } from './services/list-workouts';
import { logWorkout } from './services/log-workout';
import { StatsCache } from './services/stats-cache';
import { getTrainingSchedule, setTrainingSchedule } from './services/training-schedule';
import { updateWorkout } from './services/update-workout';
import {
  deleteScheduleContract,
  deleteWorkoutContract,
  exerciseProgressContract,
  getScheduleContract,
  getWorkoutContract,
  listWorkoutsContract,
  logWorkoutContract,
  putScheduleContract,
  statsContract,
  streakContract,
  updateWorkoutContract,
} from '#core/workouts/workouts.contract';

export function workoutsRouter(guards: Guards, deps: { db: Db }) {
  const { db } = deps;
  const cache = new StatsCache();
  const app = createRouter(guards);

  app.handle(logWorkoutContract, async (c) => c.json(await logWorkout(c.get('db'), c.get('user').id, c.req.valid('json')), 201));
  app.handle(listWorkoutsContract, async (c) => c.json(await listWorkouts(db, c.get('user').id, c.req.valid('query')), 200));
  app.handle(getWorkoutContract, async (c) => c.json(await getWorkout(db, c.get('user').id, c.req.valid('param').id), 200));
  app.handle(updateWorkoutContract, async (c) => c.json(await updateWorkout(db, c.get('user').id, c.req.valid('param').id, c.req.valid('json')), 200));
  app.handle(deleteWorkoutContract, async (c) => {
    await deleteWorkout(db, c.get('user').id, c.req.valid('param').id);
    return c.json({ success: true as const }, 200);
  });

  app.handle(exerciseProgressContract, async (c) => c.json(await getExerciseProgress(db, c.get('user').id, c.req.valid('param').id, c.req.valid('query')), 200));

  app.handle(statsContract, async (c) => c.json(await getStats(db, cache, c.get('user')), 200));
  app.handle(streakContract, async (c) => c.json(await getStreak(db, cache, c.get('user')), 200));

  app.handle(getScheduleContract, async (c) => c.json(await getTrainingSchedule(db, c.get('user').id), 200));
  app.handle(putScheduleContract, async (c) => c.json(await setTrainingSchedule(db, c.get('user').id, c.req.valid('json')), 200));
  app.handle(deleteScheduleContract, async (c) => c.json(await setTrainingSchedule(db, c.get('user').id, null), 200));
  return app;
}
