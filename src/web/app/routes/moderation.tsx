import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '#web/components/ui/button';
import { ArrowLeftIcon } from '#web/components/ui/icons';
import { PageSpinner } from '#web/components/ui/spinner';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useLocalePath } from '#web/lib/use-locale';
import { ModerationPage } from '#web/features/community/components/moderation-page';
import { ReportDetailPage } from '#web/features/community/components/report-detail-page';
import { useMe } from '../me';

/** What a member who is not a moderator finds at the moderators' addresses: "not found", as the API answers them. */
function NotFound() {
  const { t } = useTranslation();
  const to = useLocalePath();
  useDocumentTitle(t('notFound.title'));
  return (
    <div className="container-page max-w-3xl space-y-4 py-16 text-center">
      <h1 className="text-2xl font-semibold tracking-tight">{t('notFound.title')}</h1>
      <p className="mx-auto max-w-sm text-zinc-600 dark:text-zinc-400">{t('notFound.body')}</p>
      <ButtonLink to={to('app')} variant="outline" icon={<ArrowLeftIcon />}>
        {t('notFound.app')}
      </ButtonLink>
    </div>
  );
}

function ModeratorsOnly({ children }: { children: ReactNode }) {
  const role = useMe({ select: (me) => me.role });
  if (role.isPending) return <PageSpinner />;
  return role.data === 'moderator' ? children : <NotFound />;
}

export function ModerationRoute() {
  return (
    <ModeratorsOnly>
      <ModerationPage />
    </ModeratorsOnly>
  );
}

// Keyed by id: moving from one report to another starts the page afresh (the note empty).
export function ReportRoute() {
  const { targetId = '' } = useParams();
  return (
    <ModeratorsOnly>
      <ReportDetailPage key={targetId} targetId={targetId} />
    </ModeratorsOnly>
  );
}
