import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ExerciseProgress, Stats, StreakSummary, TrainingSchedule, TrainingScheduleInput, Workout, WorkoutInput, WorkoutPage, WorkoutPatch } from '../../../../core/workouts/schemas';
import { api } from '../../../lib/api-client';

export const HISTORY_PAGE_SIZE = 10;

export const workoutKeys = {
  all: ['workouts'] as const,
  list: (page: number) => ['workouts', 'list', page] as const,
  one: (id: string) => ['workouts', 'one', id] as const,
  stats: ['workouts', 'stats'] as const,
  streak: ['workouts', 'streak'] as const,
  progress: (exerciseId: string) => ['workouts', 'progress', exerciseId] as const,
  schedule: ['workouts', 'schedule'] as const,
};

const path = (id: string) => `/api/workouts/${encodeURIComponent(id)}`;

export function useWorkouts(page: number) {
  return useQuery({
    queryKey: workoutKeys.list(page),
    queryFn: ({ signal }) => api.get<WorkoutPage>(`/api/workouts?page=${page}&limit=${HISTORY_PAGE_SIZE}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useWorkout(id: string) {
  return useQuery({ queryKey: workoutKeys.one(id), queryFn: ({ signal }) => api.get<Workout>(path(id), { signal }) });
}

export function useStats() {
  return useQuery({ queryKey: workoutKeys.stats, queryFn: ({ signal }) => api.get<Stats>('/api/stats', { signal }) });
}

export function useStreak() {
  return useQuery({ queryKey: workoutKeys.streak, queryFn: ({ signal }) => api.get<StreakSummary>('/api/stats/streak', { signal }) });
}

/** The user's last session with a library exercise, shown beside the sets while logging. */
export function useExerciseProgress(exerciseId: string | null) {
  return useQuery({
    queryKey: workoutKeys.progress(exerciseId ?? ''),
    queryFn: ({ signal }) => api.get<ExerciseProgress>(`/api/exercises/${encodeURIComponent(exerciseId!)}/progress`, { signal }),
    enabled: exerciseId !== null,
  });
}

export function useTrainingSchedule() {
  return useQuery({ queryKey: workoutKeys.schedule, queryFn: ({ signal }) => api.get<TrainingSchedule>('/api/training-schedule', { signal }) });
}

// Every list, the streak and the stats change with any write: drop them all rather than patch each.
const refresh = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: workoutKeys.all });

export function useLogWorkout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WorkoutInput) => api.post<Workout>('/api/workouts', body),
    onSuccess: () => refresh(queryClient),
  });
}

export function useUpdateWorkout(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WorkoutPatch) => api.patch<Workout>(path(id), body),
    onSuccess: (workout) => {
      queryClient.setQueryData(workoutKeys.one(id), workout);
      return refresh(queryClient);
    },
  });
}

export function useDeleteWorkout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ success: true }>(path(id)),
    onSuccess: () => refresh(queryClient),
  });
}

/** Follows a plan (or chosen days) from today on: what the dashboard's "today" reads, and what spares rest days. */
export function useSetTrainingSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TrainingScheduleInput) => api.put<TrainingSchedule>('/api/training-schedule', body),
    onSuccess: () => refresh(queryClient),
  });
}
