import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MODERATION_LIMITS, type ReportDetail, type Resolution, resolveInputSchema } from '#core/community/moderation/schemas';
import { Badge } from '#web/components/ui/badge';
import { Button, ButtonLink } from '#web/components/ui/button';
import { Card, CardBody, CardHeader } from '#web/components/ui/card';
import { EmptyState } from '#web/components/ui/empty-state';
import { ErrorState } from '#web/components/ui/error-state';
import { ArrowLeftIcon, ArrowRightIcon, EyeIcon, EyeOffIcon, FlagIcon } from '#web/components/ui/icons';
import { Field } from '#web/components/ui/field';
import { Textarea } from '#web/components/ui/input';
import { Skeleton } from '#web/components/ui/spinner';
import { useToast } from '#web/components/ui/toast';
import { isApiError } from '#web/lib/api-client';
import { useErrorText } from '#web/lib/errors';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useLocalePath } from '#web/lib/use-locale';
import { useReportDetail, useResolveReports } from '../api/moderation';
import { HiddenNotice } from './hidden-notice';
import { ActionItem, MemberPanel, ReasonChips } from './moderation-parts';
import { RelativeTime } from './relative-time';
import { UserText } from './user-text';

const STATUS_TONES = { open: 'warning', reviewed: 'danger', dismissed: 'neutral' } as const;

/** Hide or keep, with a note for the record. */
function Decision({ detail }: { detail: ReportDetail }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const resolve = useResolveReports(detail.targetId);
  const [note, setNote] = useState('');
  const [chosen, setChosen] = useState<Resolution | null>(null);
  const parsed = resolveInputSchema.safeParse({ action: chosen ?? 'dismiss', note });
  const noteError = !parsed.success ? parsed.error.issues.find((i) => i.path[0] === 'note')?.message : undefined;

  function decide(action: Resolution) {
    const body = resolveInputSchema.safeParse({ action, note });
    if (!body.success) return;
    setChosen(action);
    resolve.mutate(body.data, {
      onSuccess: () => {
        toast.success(t(action === 'hide' ? 'moderation.detail.hidden' : 'moderation.detail.kept'));
        setNote('');
      },
      onError: (error) => toast.error(errorText(error)),
    });
  }

  return (
    <Card>
      <CardHeader title={t('moderation.detail.decide')} description={t('moderation.detail.decideHint')} />
      <CardBody className="space-y-4">
        {detail.resolution ? (
          <p className="rounded-xl bg-zinc-100/80 px-3.5 py-2.5 text-sm dark:bg-zinc-800/60">
            <span className="block text-xs text-zinc-500 dark:text-zinc-400">{t('moderation.detail.latest')}</span>
            <span className="font-medium">{t(`moderation.resolution.${detail.resolution.action}`, { name: detail.resolution.moderator?.name ?? t('moderation.formerModerator') })}</span>
            {' · '}
            <RelativeTime value={detail.resolution.createdAt} className="text-zinc-600 dark:text-zinc-400" />
          </p>
        ) : null}
        <Field
          label={t('moderation.detail.note')}
          optional
          hint={t('moderation.detail.noteHint')}
          error={noteError}
          labelAction={<span className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400">{`${note.length}/${MODERATION_LIMITS.noteMax}`}</span>}
        >
          <Textarea rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
        </Field>
        <div className="grid grid-cols-2 gap-2">
          <Button variant="danger" icon={<EyeOffIcon />} loading={resolve.isPending && chosen === 'hide'} disabled={resolve.isPending || Boolean(noteError)} onClick={() => decide('hide')}>
            {t('moderation.detail.hide')}
          </Button>
          <Button
            variant="outline"
            icon={<EyeIcon />}
            loading={resolve.isPending && chosen === 'dismiss'}
            disabled={resolve.isPending || Boolean(noteError)}
            onClick={() => decide('dismiss')}
          >
            {t('moderation.detail.keep')}
          </Button>
        </div>
      </CardBody>
    </Card>
  );
}

function DetailSkeleton() {
  return (
    <div className="space-y-4" aria-busy="true">
      <Skeleton className="h-8 w-56" />
      <Skeleton className="h-40 w-full rounded-2xl" />
      <Skeleton className="h-32 w-full rounded-2xl" />
    </div>
  );
}

function Detail({ detail }: { detail: ReportDetail }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const postPath = to(`app/community/posts/${detail.post.id}`);
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
      <div className="min-w-0 space-y-6">
        {detail.hidden ? <HiddenNotice hidden={detail.hidden} /> : null}
        {detail.kind === 'comment' ? (
          <Card>
            <CardBody className="space-y-2">
              <p className="text-xs font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400">{t('moderation.detail.onPost')}</p>
              <p className="font-semibold break-words [overflow-wrap:anywhere]">{detail.post.title}</p>
              <p className="text-sm break-words whitespace-pre-line text-zinc-600 [overflow-wrap:anywhere] dark:text-zinc-400">{detail.post.excerpt}</p>
            </CardBody>
          </Card>
        ) : null}
        <Card>
          <article className="space-y-3 p-5 sm:p-6">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('moderation.by', { name: detail.author.name })}</p>
              <ButtonLink to={postPath} variant="ghost" size="sm" className="-mr-2">
                {t('moderation.detail.openInForum')}
                <ArrowRightIcon />
              </ButtonLink>
            </div>
            <h2 className="text-lg font-semibold break-words [overflow-wrap:anywhere]">{detail.kind === 'post' ? detail.post.title : t('moderation.detail.comment')}</h2>
            <UserText text={detail.content} className="text-[15px] leading-relaxed text-zinc-800 dark:text-zinc-200" />
          </article>
        </Card>
        <Card>
          <CardHeader title={t('moderation.detail.reports')} action={<ReasonChips reasons={detail.reasons} />} />
          <CardBody>
            <ul className="divide-y divide-zinc-200/80 dark:divide-zinc-800">
              {detail.reports.map((r) => (
                <li key={r.id} className="space-y-1.5 py-3 first:pt-0 last:pb-0">
                  <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                    <FlagIcon aria-hidden="true" className="text-zinc-400" />
                    <span className="font-medium break-words [overflow-wrap:anywhere]">{r.reporter.name}</span>
                    <span className="text-zinc-600 dark:text-zinc-400">{t(`community.report.reasons.${r.reason}`)}</span>
                    <Badge tone={STATUS_TONES[r.status]}>{t(`moderation.detail.status.${r.status}`)}</Badge>
                    <RelativeTime value={r.reportedAt} className="text-xs text-zinc-500 dark:text-zinc-400" />
                  </div>
                  {r.details ? <UserText text={r.details} className="pl-6 text-sm text-zinc-700 dark:text-zinc-300" /> : null}
                </li>
              ))}
            </ul>
          </CardBody>
        </Card>
      </div>
      <div className="space-y-6">
        <Decision detail={detail} />
        <Card>
          <CardHeader title={t('moderation.member.title')} />
          <CardBody>
            <MemberPanel member={detail.author} />
          </CardBody>
        </Card>
        {detail.history.length > 0 ? (
          <Card>
            <CardHeader title={t('moderation.detail.history')} />
            <CardBody>
              <ul className="space-y-4">
                {detail.history.map((a) => (
                  <li key={a.id}>
                    <ActionItem action={a} />
                  </li>
                ))}
              </ul>
            </CardBody>
          </Card>
        ) : null}
      </div>
    </div>
  );
}

/** One reported post or comment: its context, its reports, the decision, its author and what was done before. */
export function ReportDetailPage({ targetId }: { targetId: string }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const detail = useReportDetail(targetId);
  const title = detail.data?.kind === 'comment' ? t('moderation.detail.titleComment') : t('moderation.detail.titlePost');
  useDocumentTitle(title);
  const missing = detail.isError && isApiError(detail.error) && (detail.error.statusCode === 404 || detail.error.statusCode === 400);

  return (
    <div className="container-page max-w-5xl py-8 sm:py-10">
      <ButtonLink to={to('app/moderation')} variant="ghost" size="sm" icon={<ArrowLeftIcon />} className="-ml-3 mb-4">
        {t('moderation.detail.back')}
      </ButtonLink>
      <h1 className="mb-6 text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      {detail.isPending ? (
        <DetailSkeleton />
      ) : missing ? (
        <EmptyState icon={<FlagIcon />} title={t('notFound.title')} body={t('community.post.notFoundBody')} />
      ) : detail.isError ? (
        <ErrorState error={detail.error} onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
      ) : (
        <Detail detail={detail.data} />
      )}
    </div>
  );
}
