import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Post } from '#core/community/schemas';
import { Button, ButtonLink } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { ConfirmDialog } from '#web/components/ui/dialog';
import { ErrorState } from '#web/components/ui/error-state';
import { ArrowLeftIcon, FlagIcon, PencilIcon, TrashIcon } from '#web/components/ui/icons';
import { Skeleton } from '#web/components/ui/spinner';
import { useToast } from '#web/components/ui/toast';
import { isApiError } from '#web/lib/api-client';
import { useErrorText } from '#web/lib/errors';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useLocalePath } from '#web/lib/use-locale';
import { useDeletePost, usePost } from '../api/community';
import { AuthorLine } from './author-line';
import { CategoryBadge } from './category-badge';
import { CommentsSection } from './comments';
import { HiddenNotice } from './hidden-notice';
import { LikeButton } from './like-button';
import { PostNotFound } from './post-not-found';
import { ReportDialog } from './report-dialog';
import { UserText } from './user-text';

function PostActions({ post }: { post: Post }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const navigate = useNavigate();
  const toast = useToast();
  const errorText = useErrorText();
  const remove = useDeletePost(post.id);
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);

  if (!post.isOwn) {
    return (
      <>
        <Button variant="ghost" size="sm" icon={<FlagIcon />} disabled={post.reportedByMe} onClick={() => setReporting(true)}>
          {post.reportedByMe ? t('community.post.reported') : t('community.post.report')}
        </Button>
        <ReportDialog target={{ kind: 'post', id: post.id }} open={reporting} onClose={() => setReporting(false)} />
      </>
    );
  }
  return (
    <div className="flex items-center gap-1">
      <ButtonLink to={to(`app/community/posts/${post.id}/edit`)} variant="ghost" size="sm" icon={<PencilIcon />}>
        {t('community.post.edit')}
      </ButtonLink>
      <Button variant="ghost" size="sm" icon={<TrashIcon />} onClick={() => setConfirming(true)}>
        {t('community.post.delete')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onClose={() => !remove.isPending && setConfirming(false)}
        tone="danger"
        title={t('community.post.deleteTitle')}
        description={t('community.post.deleteBody')}
        confirmLabel={t('community.post.deleteConfirm')}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              toast.success(t('community.post.deleted'));
              navigate(to('app/community'), { replace: true });
            },
            onError: (error) => toast.error(errorText(error)),
          })
        }
      />
    </div>
  );
}

function PostSkeleton() {
  return (
    <div className="space-y-4 rounded-2xl border border-zinc-200/80 bg-white p-5 sm:p-6 dark:border-zinc-800 dark:bg-zinc-900/70" aria-busy="true">
      <Skeleton className="h-9 w-48" />
      <Skeleton className="h-7 w-3/4" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-2/3" />
    </div>
  );
}

/** A post in full with its conversation. */
export function PostPage({ postId }: { postId: string }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const post = usePost(postId);
  useDocumentTitle(post.data?.title ?? t('community.title'));
  const missing = post.isError && isApiError(post.error) && (post.error.statusCode === 404 || post.error.statusCode === 400);

  return (
    <div className="container-page max-w-3xl py-8 sm:py-10">
      <ButtonLink to={to('app/community')} variant="ghost" size="sm" icon={<ArrowLeftIcon />} className="-ml-3 mb-4">
        {t('community.back')}
      </ButtonLink>
      {post.isPending ? (
        <PostSkeleton />
      ) : missing ? (
        <PostNotFound />
      ) : post.isError ? (
        <ErrorState error={post.error} onRetry={() => void post.refetch()} retrying={post.isFetching} />
      ) : (
        <div className="space-y-8">
          <div className="space-y-4">
            {post.data.hidden ? <HiddenNotice hidden={post.data.hidden} /> : null}
            <Card>
              <article className="space-y-4 p-5 sm:p-6">
                <div className="flex items-start justify-between gap-3">
                  <AuthorLine author={post.data.author} createdAt={post.data.createdAt} editedAt={post.data.editedAt} />
                  <CategoryBadge category={post.data.category} />
                </div>
                <h1 className="text-xl font-bold tracking-tight break-words [overflow-wrap:anywhere] sm:text-2xl">{post.data.title}</h1>
                <UserText text={post.data.content} className="text-[15px] leading-relaxed text-zinc-800 dark:text-zinc-200" />
                <div className="flex flex-wrap items-center justify-between gap-2 border-t border-zinc-200/80 pt-4 dark:border-zinc-800">
                  <LikeButton post={post.data} />
                  <PostActions post={post.data} />
                </div>
              </article>
            </Card>
          </div>
          <CommentsSection post={post.data} />
        </div>
      )}
    </div>
  );
}
