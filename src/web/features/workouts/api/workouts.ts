import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER } from '#core/common/idempotency';
import type { TrainingScheduleInput, Workout, WorkoutInput, WorkoutPage, WorkoutPatch } from '#core/workouts/schemas';
import {
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
import { createCustomExerciseContract, deleteCustomExerciseContract, listCustomExercisesContract, renameCustomExerciseContract } from '#core/data/data.contract';
import { call } from '#web/lib/api-client';
import { logThroughOutbox, type OutboxChannel, type OutboxItem } from '#web/lib/outbox';

export const HISTORY_PAGE_SIZE = 10;

export const workoutKeys = {
  all: ['workouts'] as const,
  list: (page: number) => ['workouts', 'list', page] as const,
  one: (id: string) => ['workouts', 'one', id] as const,
  stats: ['workouts', 'stats'] as const,
  streak: ['workouts', 'streak'] as const,
  progress: (exerciseId: string, plan?: ProgressPlanRef | null) => ['workouts', 'progress', exerciseId, plan?.planId ?? null, plan?.weekNumber ?? null, plan?.dayNumber ?? null] as const,
  schedule: ['workouts', 'schedule'] as const,
};

export function useWorkouts(page: number) {
  return useQuery({
    queryKey: workoutKeys.list(page),
    queryFn: ({ signal }) => call(listWorkoutsContract, { query: { page, limit: HISTORY_PAGE_SIZE } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useWorkout(id: string) {
  return useQuery({ queryKey: workoutKeys.one(id), queryFn: ({ signal }) => call(getWorkoutContract, { params: { id } }, { signal }) });
}

export function useStats() {
  return useQuery({ queryKey: workoutKeys.stats, queryFn: ({ signal }) => call(statsContract, {}, { signal }) });
}

export function useStreak() {
  return useQuery({ queryKey: workoutKeys.streak, queryFn: ({ signal }) => call(streakContract, {}, { signal }) });
}

/** The plan day being logged, which the suggestion follows. */
export interface ProgressPlanRef {
  planId: string;
  weekNumber: number;
  dayNumber: number;
}

/** The user's last session with a library exercise and the next session's suggestion, shown while logging. */
export function useExerciseProgress(exerciseId: string | null, plan?: ProgressPlanRef | null) {
  return useQuery({
    queryKey: workoutKeys.progress(exerciseId ?? '', plan),
    queryFn: ({ signal }) =>
      call(exerciseProgressContract, { params: { id: exerciseId! }, query: plan ? { planId: plan.planId, week: plan.weekNumber, day: plan.dayNumber } : {} }, { signal }),
    enabled: exerciseId !== null,
  });
}

export function useTrainingSchedule() {
  return useQuery({ queryKey: workoutKeys.schedule, queryFn: ({ signal }) => call(getScheduleContract, {}, { signal }) });
}

// Every list, the streak and the stats change with any write: drop them all rather than patch each.
const refresh = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: workoutKeys.all });

/** A workout the server has: shown at once (its page, the first page of the history), then everything refreshed. */
function showLogged(queryClient: QueryClient, workout: Workout) {
  queryClient.setQueryData(workoutKeys.one(workout.id), workout);
  queryClient.setQueryData<WorkoutPage>(workoutKeys.list(1), (page) =>
    page && !page.items.some((w) => w.id === workout.id) ? { ...page, items: [workout, ...page.items].slice(0, page.limit), total: page.total + 1 } : page,
  );
  return refresh(queryClient);
}

const sendWorkout = (item: OutboxItem<WorkoutInput>) => call(logWorkoutContract, { body: item.body }, { headers: { [IDEMPOTENCY_KEY_HEADER]: item.key } });

/** How a workout logged offline reaches the server (web/lib/outbox.ts). */
export function workoutOutbox(queryClient: QueryClient): OutboxChannel<WorkoutInput, Workout> {
  return { kind: 'workout', send: sendWorkout, onSent: (workout) => showLogged(queryClient, workout) };
}

/** Logs a workout; offline it waits on the device and is sent when the connection returns. */
export function useLogWorkout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (record: { userId: string; body: WorkoutInput; label: string; date: string }) => logThroughOutbox(workoutOutbox(queryClient), record),
  });
}

export function useUpdateWorkout(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WorkoutPatch) => call(updateWorkoutContract, { params: { id }, body }),
    onSuccess: (workout) => {
      queryClient.setQueryData(workoutKeys.one(id), workout);
      return refresh(queryClient);
    },
  });
}

export function useDeleteWorkout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(deleteWorkoutContract, { params: { id } }),
    onSuccess: () => refresh(queryClient),
  });
}

/** Follows a plan (or chosen days) from today on: what the dashboard's "today" reads, and what spares rest days. */
export function useSetTrainingSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TrainingScheduleInput) => call(putScheduleContract, { body }),
    onSuccess: () => refresh(queryClient),
  });
}

const customKey = ['custom-exercises'] as const;

/** The user's own exercises (an import's, or added from the picker), offered in the picker beside the library. */
export function useCustomExercises(enabled: boolean) {
  return useQuery({ queryKey: customKey, queryFn: ({ signal }) => call(listCustomExercisesContract, {}, { signal }), enabled, staleTime: 60_000 });
}

export function useCreateCustomExercise() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => call(createCustomExerciseContract, { body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customKey }),
  });
}

/** Renames one: the workouts that logged it follow on the server, so the history and stats are fetched again too. */
export function useRenameCustomExercise() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => call(renameCustomExerciseContract, { params: { id }, body: { name } }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: customKey }), refresh(queryClient)]),
  });
}

/** Removes one from the list; the workouts that logged it keep it by name. */
export function useDeleteCustomExercise() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(deleteCustomExerciseContract, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customKey }),
  });
}
