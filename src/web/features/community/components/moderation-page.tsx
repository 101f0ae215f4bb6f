import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { QueueStatus, ReportGroup } from '#core/community/moderation/schemas';
import { Badge } from '#web/components/ui/badge';
import { EmptyState } from '#web/components/ui/empty-state';
import { ErrorState } from '#web/components/ui/error-state';
import { CheckCircleIcon, ClockIcon, FlagIcon, ShieldIcon } from '#web/components/ui/icons';
import { Pagination } from '#web/components/ui/pagination';
import { Skeleton } from '#web/components/ui/spinner';
import { TabPanel, Tabs, type TabItem } from '#web/components/ui/tabs';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useLocalePath } from '#web/lib/use-locale';
import { useModerationActions, useReportQueue, useSuspensions } from '../api/moderation';
import { HiddenBadge } from './hidden-notice';
import { ActionItem, ReasonChips, SuspensionLine } from './moderation-parts';
import { RelativeTime } from './relative-time';

const TABS = ['open', 'resolved', 'suspended', 'history'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => (TABS as readonly string[]).includes(value ?? '');

const cardClass = 'rounded-2xl border border-zinc-200/80 bg-white p-4 shadow-soft sm:p-5 dark:border-zinc-800 dark:bg-zinc-900/70 dark:shadow-none';

function ListSkeleton() {
  return (
    <div className="space-y-3" aria-busy="true">
      {[0, 1, 2].map((i) => (
        <div key={i} className={`${cardClass} space-y-3`}>
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-full" />
        </div>
      ))}
    </div>
  );
}

/** A page of a list: its skeleton, its error, its empty state, its items and the pages. */
function Paged<T>({
  query,
  empty,
  onPage,
  keyOf,
  children,
}: {
  query: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    isFetching: boolean;
    isPlaceholderData: boolean;
    refetch: () => unknown;
    data?: { items: T[]; page: number; totalPages: number };
  };
  empty: ReactNode;
  onPage: (page: number) => void;
  keyOf: (item: T) => string;
  children: (item: T) => ReactNode;
}) {
  if (query.isPending) return <ListSkeleton />;
  if (query.isError || !query.data) return <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (query.data.items.length === 0) return <>{empty}</>;
  return (
    <>
      <ul className={query.isPlaceholderData ? 'space-y-3 opacity-60 transition-opacity' : 'space-y-3'} aria-busy={query.isPlaceholderData || undefined}>
        {query.data.items.map((item) => (
          <li key={keyOf(item)}>{children(item)}</li>
        ))}
      </ul>
      <Pagination page={query.data.page} totalPages={query.data.totalPages} onChange={onPage} />
    </>
  );
}

/** One reported post or comment in the queue; the whole card opens it. */
function QueueCard({ group }: { group: ReportGroup }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const decision = group.resolution;
  return (
    <article className={`group relative ${cardClass} transition-shadow hover:shadow-md dark:hover:border-zinc-700`}>
      <div className="mb-2 flex flex-wrap items-center gap-1.5">
        <Badge>{t(`moderation.kind.${group.kind}`)}</Badge>
        {group.hidden ? <HiddenBadge hidden={group.hidden} /> : null}
        <span className="ml-auto inline-flex items-center gap-1 text-xs font-medium text-zinc-600 tabular-nums dark:text-zinc-400">
          <FlagIcon aria-hidden="true" />
          {t('moderation.reports', { count: group.reports.length })}
        </span>
      </div>
      <h2 className="text-base font-semibold break-words text-zinc-900 [overflow-wrap:anywhere] dark:text-white">
        {/* The link covers the card (its ::after), so the card is one target without nesting blocks in an anchor. */}
        <Link
          to={to(`app/moderation/reports/${group.targetId}`)}
          className="rounded-sm after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-brand-500"
        >
          {group.kind === 'post' ? group.post.title : t('moderation.commentOn', { title: group.post.title })}
        </Link>
      </h2>
      <p className="mt-1 line-clamp-2 text-sm break-words whitespace-pre-line text-zinc-600 [overflow-wrap:anywhere] dark:text-zinc-400">{group.content}</p>
      <div className="mt-3">
        <ReasonChips reasons={group.reasons} />
      </div>
      <p className="mt-3 flex flex-wrap gap-x-3 gap-y-1 text-xs text-zinc-500 dark:text-zinc-400">
        <span>{t('moderation.by', { name: group.author.name })}</span>
        <span>
          {t('moderation.lastReport')} <RelativeTime value={group.lastReportedAt} />
        </span>
        {decision ? (
          <span className="font-medium text-zinc-700 dark:text-zinc-300">
            {t(`moderation.resolution.${decision.action}`, { name: decision.moderator?.name ?? t('moderation.formerModerator') })}
          </span>
        ) : null}
      </p>
    </article>
  );
}

function Queue({ status, page, onPage }: { status: QueueStatus; page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const queue = useReportQueue(status, page);
  return (
    <Paged
      query={queue}
      onPage={onPage}
      keyOf={(group) => group.targetId}
      empty={
        status === 'open' ? (
          <EmptyState icon={<CheckCircleIcon />} title={t('moderation.empty.open')} body={t('moderation.empty.openBody')} />
        ) : (
          <EmptyState icon={<FlagIcon />} title={t('moderation.empty.resolved')} />
        )
      }
    >
      {(group) => <QueueCard group={group} />}
    </Paged>
  );
}

function Suspended({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const suspensions = useSuspensions(page);
  return (
    <Paged query={suspensions} onPage={onPage} keyOf={(member) => member.id} empty={<EmptyState icon={<ClockIcon />} title={t('moderation.empty.suspended')} />}>
      {(member) => (
        <div className={`${cardClass} space-y-3`}>
          <p className="font-medium break-words text-zinc-900 [overflow-wrap:anywhere] dark:text-white">{member.name}</p>
          <SuspensionLine member={member} />
        </div>
      )}
    </Paged>
  );
}

function History({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const actions = useModerationActions(page);
  return (
    <Paged query={actions} onPage={onPage} keyOf={(action) => action.id} empty={<EmptyState icon={<ShieldIcon />} title={t('moderation.empty.history')} />}>
      {(action) => (
        <div className={cardClass}>
          <ActionItem action={action} />
        </div>
      )}
    </Paged>
  );
}

/** The moderators' page: what waits for review, what was decided, who is suspended, and the history. Tab and page live in the URL. */
export function ModerationPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = isTab(params.get('tab')) ? (params.get('tab') as Tab) : 'open';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  useDocumentTitle(t('moderation.title'));

  function go(next: { tab?: Tab; page?: number }) {
    const nextParams = new URLSearchParams();
    const nextTab = next.tab ?? tab;
    if (nextTab !== 'open') nextParams.set('tab', nextTab);
    if (next.page && next.page > 1) nextParams.set('page', String(next.page));
    setParams(nextParams, { preventScrollReset: next.page === undefined });
    if (next.page !== undefined) window.scrollTo({ top: 0 });
  }
  const onPage = (p: number) => go({ page: p });
  const tabs: TabItem<Tab>[] = TABS.map((id) => ({ id, label: t(`moderation.tabs.${id}`) }));

  return (
    <div className="container-page max-w-3xl py-8 sm:py-10">
      <header className="mb-6 space-y-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('moderation.title')}</h1>
        <p className="text-zinc-600 dark:text-zinc-400">{t('moderation.subtitle')}</p>
      </header>
      <div className="-mx-4 mb-5 px-4 sm:mx-0 sm:px-0">
        <Tabs items={tabs} value={tab} onChange={(id) => go({ tab: id })} label={t('moderation.tabsLabel')} idPrefix="moderation" />
      </div>
      <TabPanel idPrefix="moderation" id={tab} className="space-y-5">
        {tab === 'open' || tab === 'resolved' ? (
          <Queue status={tab} page={page} onPage={onPage} />
        ) : tab === 'suspended' ? (
          <Suspended page={page} onPage={onPage} />
        ) : (
          <History page={page} onPage={onPage} />
        )}
      </TabPanel>
    </div>
  );
}
