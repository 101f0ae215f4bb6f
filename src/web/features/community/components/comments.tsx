import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { commentInputSchema, LIMITS, type Comment, type CommentInput, type Post } from '#core/community/schemas';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { ConfirmDialog } from '#web/components/ui/dialog';
import { ErrorState } from '#web/components/ui/error-state';
import { Field } from '#web/components/ui/field';
import { FlagIcon, MessageIcon, PencilIcon, TrashIcon } from '#web/components/ui/icons';
import { Textarea } from '#web/components/ui/input';
import { Skeleton } from '#web/components/ui/spinner';
import { useToast } from '#web/components/ui/toast';
import { cn } from '#web/lib/cn';
import { useErrorText } from '#web/lib/errors';
import { useServerFieldErrors } from '#web/lib/form-errors';
import { useComments, useCreateComment, useDeleteComment, useUpdateComment } from '../api/community';
import { AuthorLine } from './author-line';
import { HiddenNotice } from './hidden-notice';
import { ReportDialog } from './report-dialog';
import { SuspensionNotice, useSuspended } from './suspension-notice';
import { UserText } from './user-text';

/** Shown once the text nears the limit: most comments are short and need no counter. */
function NearLimit({ length }: { length: number }) {
  if (length < LIMITS.commentMax * 0.8) return null;
  return (
    <span className={cn('text-xs tabular-nums', length > LIMITS.commentMax ? 'text-red-600 dark:text-red-400' : 'text-zinc-500 dark:text-zinc-400')}>{`${length}/${LIMITS.commentMax}`}</span>
  );
}

/** One comment box: new comments and edits alike. Enter adds a line; Ctrl/⌘+Enter sends. */
function CommentEditor({
  initial = '',
  label,
  hideLabel,
  submitLabel,
  pending,
  autoFocus,
  onSubmit,
  onCancel,
}: {
  initial?: string;
  label: string;
  hideLabel?: boolean;
  submitLabel: string;
  pending: boolean;
  autoFocus?: boolean;
  onSubmit: (content: string, done: { reset: () => void; serverError: (error: unknown) => void }) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [bannerError, setBannerError] = useState<unknown>(null);
  const applyServerFieldErrors = useServerFieldErrors();
  const { register, handleSubmit, formState, setError, reset, watch } = useForm<CommentInput>({
    resolver: zodResolver(commentInputSchema),
    defaultValues: { content: initial },
  });
  const submit = handleSubmit(({ content }) => {
    setBannerError(null);
    onSubmit(content, {
      reset: () => reset({ content: '' }),
      serverError: (error) => {
        if (!applyServerFieldErrors(error, setError, ['content'])) setBannerError(error);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      {bannerError ? <Alert tone="error">{errorText(bannerError)}</Alert> : null}
      <Field label={label} hideLabel={hideLabel} error={formState.errors.content?.message} labelAction={hideLabel ? undefined : <NearLimit length={(watch('content') ?? '').length} />}>
        <Textarea
          rows={3}
          className="min-h-20"
          placeholder={t('community.comments.placeholder')}
          autoFocus={autoFocus}
          {...register('content')}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              void submit();
            }
          }}
        />
      </Field>
      <div className="flex flex-wrap items-center justify-end gap-2">
        {hideLabel ? <NearLimit length={(watch('content') ?? '').length} /> : null}
        {onCancel ? (
          <Button variant="ghost" size="sm" onClick={onCancel} disabled={pending}>
            {t('common.cancel')}
          </Button>
        ) : null}
        <Button type="submit" size="sm" loading={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

function CommentItem({ comment, postId }: { comment: Comment; postId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const update = useUpdateComment(postId);
  const remove = useDeleteComment(postId);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);

  return (
    <li className="py-4 first:pt-0 last:pb-0">
      <article aria-label={t('community.comments.by', { name: comment.author.name })} className="space-y-2">
        <div className="flex items-start justify-between gap-3">
          <AuthorLine author={comment.author} createdAt={comment.createdAt} editedAt={comment.editedAt} size="sm" />
          {!comment.isOwn ? (
            <Button
              variant="ghost"
              size="sm"
              className="-mr-2 h-8 shrink-0 px-2 text-xs"
              icon={<FlagIcon />}
              disabled={comment.reportedByMe}
              onClick={() => setReporting(true)}
              aria-label={comment.reportedByMe ? undefined : t('community.comments.reportLabel', { name: comment.author.name })}
            >
              {comment.reportedByMe ? t('community.comments.reported') : t('community.comments.report')}
            </Button>
          ) : comment.isOwn && !editing ? (
            <div className="-mr-2 flex shrink-0 items-center">
              <Button variant="ghost" size="sm" className="h-8 px-2 text-xs" icon={<PencilIcon />} onClick={() => setEditing(true)}>
                {t('community.comments.edit')}
              </Button>
              <Button variant="ghost" size="sm" className="h-8 px-2 text-xs" icon={<TrashIcon />} onClick={() => setConfirming(true)}>
                {t('community.comments.delete')}
              </Button>
            </div>
          ) : null}
        </div>
        <div className="space-y-2 pl-9.5">
          {comment.hidden ? <HiddenNotice hidden={comment.hidden} /> : null}
          {editing ? (
            <CommentEditor
              initial={comment.content}
              label={t('community.comments.editLabel')}
              hideLabel
              submitLabel={t('community.comments.save')}
              pending={update.isPending}
              autoFocus
              onCancel={() => setEditing(false)}
              onSubmit={(content, done) =>
                update.mutate(
                  { id: comment.id, content },
                  {
                    onSuccess: () => {
                      setEditing(false);
                      toast.success(t('community.comments.saved'));
                    },
                    onError: done.serverError,
                  },
                )
              }
            />
          ) : (
            <UserText text={comment.content} className="text-[15px] leading-relaxed text-zinc-800 dark:text-zinc-200" />
          )}
        </div>
      </article>
      {!comment.isOwn ? <ReportDialog target={{ kind: 'comment', id: comment.id, postId }} open={reporting} onClose={() => setReporting(false)} /> : null}
      <ConfirmDialog
        open={confirming}
        onClose={() => !remove.isPending && setConfirming(false)}
        tone="danger"
        title={t('community.comments.deleteTitle')}
        description={t('community.comments.deleteBody')}
        confirmLabel={t('community.comments.deleteConfirm')}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(comment.id, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(t('community.comments.deleted'));
            },
            onError: (error) => toast.error(errorText(error)),
          })
        }
      />
    </li>
  );
}

/** The conversation under a post: oldest first, more on request, and the box to join in. */
export function CommentsSection({ post }: { post: Post }) {
  const { t } = useTranslation();
  const toast = useToast();
  const comments = useComments(post.id);
  const create = useCreateComment(post.id);
  const suspended = useSuspended();
  const items = comments.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <section aria-labelledby="comments-heading" className="space-y-5">
      <h2 id="comments-heading" className="text-lg font-semibold">
        {t('community.comments.title')} {/* The list's total counts hidden comments the reader may see (their own, or any for a moderator); the post's count does not. */}
        <span className="font-normal text-zinc-500 tabular-nums dark:text-zinc-400">({comments.data?.pages[0]?.total ?? post.commentCount})</span>
      </h2>
      {comments.isPending ? (
        <div className="space-y-4" aria-busy="true">
          {[0, 1].map((i) => (
            <div key={i} className="space-y-2">
              <Skeleton className="h-7 w-40" />
              <Skeleton className="h-4 w-3/4" />
            </div>
          ))}
        </div>
      ) : comments.isError ? (
        <ErrorState error={comments.error} onRetry={() => void comments.refetch()} retrying={comments.isFetching} />
      ) : items.length === 0 ? (
        <p className="flex items-center gap-2 rounded-xl bg-zinc-100/70 px-4 py-3 text-sm text-zinc-600 dark:bg-zinc-800/50 dark:text-zinc-400">
          <MessageIcon className="shrink-0" />
          {t('community.comments.empty')}
        </p>
      ) : (
        <>
          <ul className="divide-y divide-zinc-200/80 dark:divide-zinc-800">
            {items.map((comment) => (
              <CommentItem key={comment.id} comment={comment} postId={post.id} />
            ))}
          </ul>
          {comments.hasNextPage ? (
            <Button variant="outline" size="sm" className="w-full" loading={comments.isFetchingNextPage} onClick={() => void comments.fetchNextPage()}>
              {t('community.comments.loadMore')}
            </Button>
          ) : null}
        </>
      )}
      {suspended ? (
        <SuspensionNotice />
      ) : (
        <div className="rounded-2xl border border-zinc-200/80 bg-white p-4 sm:p-5 dark:border-zinc-800 dark:bg-zinc-900/70">
          <CommentEditor
            label={t('community.comments.label')}
            submitLabel={t('community.comments.submit')}
            pending={create.isPending}
            onSubmit={(content, done) =>
              create.mutate(content, {
                onSuccess: () => {
                  done.reset();
                  toast.success(t('community.comments.posted'));
                },
                onError: done.serverError,
              })
            }
          />
        </div>
      )}
    </section>
  );
}
