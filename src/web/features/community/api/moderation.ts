import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  liftSuspensionContract,
  moderationActionsContract,
  reportDetailContract,
  reportQueueContract,
  resolveReportsContract,
  suspendMemberContract,
  suspensionsContract,
} from '#core/community/moderation/moderation.contract';
import type { QueueStatus, ResolveInput, SuspendInput } from '#core/community/moderation/schemas';
import { call } from '#web/lib/api-client';
import { communityKeys } from './community';

export const moderationKeys = {
  all: ['moderation'] as const,
  queue: (status: QueueStatus, page: number) => ['moderation', 'queue', { status, page }] as const,
  report: (targetId: string) => ['moderation', 'report', targetId] as const,
  suspensions: (page: number) => ['moderation', 'suspensions', { page }] as const,
  actions: (page: number) => ['moderation', 'actions', { page }] as const,
};

export function useReportQueue(status: QueueStatus, page: number) {
  return useQuery({
    queryKey: moderationKeys.queue(status, page),
    queryFn: ({ signal }) => call(reportQueueContract, { query: { status, page } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useReportDetail(targetId: string) {
  return useQuery({
    queryKey: moderationKeys.report(targetId),
    queryFn: ({ signal }) => call(reportDetailContract, { params: { targetId } }, { signal }),
  });
}

export function useSuspensions(page: number) {
  return useQuery({
    queryKey: moderationKeys.suspensions(page),
    queryFn: ({ signal }) => call(suspensionsContract, { query: { page } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useModerationActions(page: number) {
  return useQuery({
    queryKey: moderationKeys.actions(page),
    queryFn: ({ signal }) => call(moderationActionsContract, { query: { page } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A decision changes the queue, the history and what the forum shows: all of them are read again when next shown. */
function refresh(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: moderationKeys.all });
  void queryClient.invalidateQueries({ queryKey: communityKeys.all });
}

export function useResolveReports(targetId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResolveInput) => call(resolveReportsContract, { params: { targetId }, body }),
    onSuccess: (detail) => {
      queryClient.setQueryData(moderationKeys.report(targetId), detail);
      refresh(queryClient);
    },
  });
}

export function useSuspendMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: SuspendInput & { id: string }) => call(suspendMemberContract, { params: { id }, body }),
    onSuccess: () => refresh(queryClient),
  });
}

export function useLiftSuspension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(liftSuspensionContract, { params: { id } }),
    onSuccess: () => refresh(queryClient),
  });
}
