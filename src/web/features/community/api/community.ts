import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  createCommentContract,
  createPostContract,
  deleteCommentContract,
  deletePostContract,
  getPostContract,
  likePostContract,
  listCommentsContract,
  listPostsContract,
  reportCommentContract,
  reportPostContract,
  unlikePostContract,
  updateCommentContract,
  updatePostContract,
} from '#core/community/community.contract';
import type { CreatePostInput, Post, PostCategory, ReportInput, UpdatePostInput } from '#core/community/schemas';
import { call } from '#web/lib/api-client';

export const COMMENTS_PAGE_SIZE = 20;

export const communityKeys = {
  all: ['community'] as const,
  lists: ['community', 'posts'] as const,
  list: (category: PostCategory | null, page: number) => ['community', 'posts', { category, page }] as const,
  post: (id: string) => ['community', 'post', id] as const,
  comments: (postId: string) => ['community', 'comments', postId] as const,
};

export function usePosts(category: PostCategory | null, page: number) {
  return useQuery({
    queryKey: communityKeys.list(category, page),
    queryFn: ({ signal }) => call(listPostsContract, { query: { page, category: category ?? undefined } }, { signal }),
    // The page being left stays on screen until the next one arrives: no flash of skeletons between pages.
    placeholderData: keepPreviousData,
  });
}

export function usePost(id: string) {
  return useQuery({
    queryKey: communityKeys.post(id),
    queryFn: ({ signal }) => call(getPostContract, { params: { id } }, { signal }),
  });
}

export function useComments(postId: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: communityKeys.comments(postId),
    queryFn: ({ pageParam, signal }) => call(listCommentsContract, { params: { id: postId }, query: { page: pageParam, limit: COMMENTS_PAGE_SIZE } }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
    enabled,
  });
}

/** Lists show counts and excerpts: after any change they are fetched again when next shown. */
const refreshLists = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: communityKeys.lists });

function patchPost(queryClient: QueryClient, id: string, patch: (post: Post) => Post) {
  queryClient.setQueryData<Post>(communityKeys.post(id), (post) => (post ? patch(post) : post));
}

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePostInput) => call(createPostContract, { body }),
    onSuccess: (post) => {
      queryClient.setQueryData(communityKeys.post(post.id), post);
      void refreshLists(queryClient);
    },
  });
}

export function useUpdatePost(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePostInput) => call(updatePostContract, { params: { id }, body }),
    onSuccess: (post) => {
      queryClient.setQueryData(communityKeys.post(id), post);
      void refreshLists(queryClient);
    },
  });
}

export function useDeletePost(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(deletePostContract, { params: { id } }),
    // The post's own queries are left to expire: removing them while its page is still mounted would fetch the
    // deleted post again (a 404) before the page navigates away.
    onSuccess: () => void refreshLists(queryClient),
  });
}

export function useLikePost(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (liked: boolean) => call(liked ? likePostContract : unlikePostContract, { params: { id } }),
    // The heart answers the tap at once; the server's count replaces the guess when it arrives.
    onMutate: async (liked) => {
      await queryClient.cancelQueries({ queryKey: communityKeys.post(id) });
      const before = queryClient.getQueryData<Post>(communityKeys.post(id));
      patchPost(queryClient, id, (p) => (p.likedByMe === liked ? p : { ...p, likedByMe: liked, likeCount: p.likeCount + (liked ? 1 : -1) }));
      return { before };
    },
    onError: (_error, _liked, context) => {
      if (context?.before) queryClient.setQueryData(communityKeys.post(id), context.before);
    },
    onSuccess: (state) => {
      patchPost(queryClient, id, (p) => ({ ...p, likedByMe: state.liked, likeCount: state.likeCount }));
      void refreshLists(queryClient);
    },
  });
}

/** What a member reports: a post, or a comment on the post `postId`. */
export type ReportTarget = { kind: 'post'; id: string } | { kind: 'comment'; id: string; postId: string };

export function useReport(target: ReportTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportInput) =>
      target.kind === 'post' ? call(reportPostContract, { params: { id: target.id }, body }) : call(reportCommentContract, { params: { id: target.id }, body }),
    // The report may have hidden it (enough members reported it): what the reporter sees is read again.
    onSuccess: () => {
      if (target.kind === 'post') patchPost(queryClient, target.id, (p) => ({ ...p, reportedByMe: true }));
      void queryClient.invalidateQueries({ queryKey: target.kind === 'post' ? communityKeys.post(target.id) : communityKeys.comments(target.postId) });
    },
  });
}

function useCommentMutation<TVars>(postId: string, send: (vars: TVars) => Promise<unknown>, countChange: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => {
      if (countChange) patchPost(queryClient, postId, (p) => ({ ...p, commentCount: Math.max(0, p.commentCount + countChange) }));
      void queryClient.invalidateQueries({ queryKey: communityKeys.comments(postId) });
      if (countChange) void refreshLists(queryClient);
    },
  });
}

export function useCreateComment(postId: string) {
  return useCommentMutation(postId, (content: string) => call(createCommentContract, { params: { id: postId }, body: { content } }), 1);
}

export function useUpdateComment(postId: string) {
  return useCommentMutation(postId, ({ id, content }: { id: string; content: string }) => call(updateCommentContract, { params: { id }, body: { content } }), 0);
}

export function useDeleteComment(postId: string) {
  return useCommentMutation(postId, (id: string) => call(deleteCommentContract, { params: { id } }), -1);
}
