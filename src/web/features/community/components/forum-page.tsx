import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { POST_CATEGORIES, type PostCategory } from '#core/community/schemas';
import { ButtonLink } from '#web/components/ui/button';
import { EmptyState } from '#web/components/ui/empty-state';
import { ErrorState } from '#web/components/ui/error-state';
import { MessageIcon, PlusIcon } from '#web/components/ui/icons';
import { Pagination } from '#web/components/ui/pagination';
import { Skeleton } from '#web/components/ui/spinner';
import { TabPanel, Tabs, type TabItem } from '#web/components/ui/tabs';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useLocalePath } from '#web/lib/use-locale';
import { usePosts } from '../api/community';
import { PostCard } from './post-card';
import { SuspensionNotice } from './suspension-notice';

type Tab = PostCategory | 'all';
const isCategory = (value: string | null): value is PostCategory => (POST_CATEGORIES as readonly string[]).includes(value ?? '');

function ListSkeleton() {
  return (
    <div className="space-y-3" aria-busy="true">
      {[0, 1, 2].map((i) => (
        <div key={i} className="space-y-3 rounded-2xl border border-zinc-200/80 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900/70">
          <div className="flex items-center gap-2.5">
            <Skeleton className="size-7 rounded-full" />
            <Skeleton className="h-4 w-32" />
          </div>
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-4/5" />
        </div>
      ))}
    </div>
  );
}

/** The forum: category tabs, newest posts first, page by page. Category and page live in the URL. */
export function ForumPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const [params, setParams] = useSearchParams();
  const category = isCategory(params.get('category')) ? (params.get('category') as PostCategory) : null;
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const posts = usePosts(category, page);
  useDocumentTitle(t('community.title'));

  const tabs: TabItem<Tab>[] = [{ id: 'all', label: t('community.allCategories') }, ...POST_CATEGORIES.map((c) => ({ id: c, label: t(`community.categories.${c}`) }))];
  const newPostPath = `${to('app/community/new')}${category ? `?category=${category}` : ''}`;

  function go(next: { category?: PostCategory | null; page?: number }) {
    const nextParams = new URLSearchParams();
    const c = next.category === undefined ? category : next.category;
    const p = next.page ?? 1;
    if (c) nextParams.set('category', c);
    if (p > 1) nextParams.set('page', String(p));
    setParams(nextParams, { preventScrollReset: next.page === undefined });
    if (next.page !== undefined) window.scrollTo({ top: 0 });
  }

  return (
    <div className="container-page max-w-3xl py-8 sm:py-10">
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('community.title')}</h1>
          <p className="text-zinc-600 dark:text-zinc-400">{t('community.subtitle')}</p>
        </div>
        <ButtonLink to={newPostPath} icon={<PlusIcon />}>
          {t('community.newPost')}
        </ButtonLink>
      </header>
      <SuspensionNotice className="mb-5" />
      <div className="-mx-4 mb-5 px-4 sm:mx-0 sm:px-0">
        <Tabs items={tabs} value={category ?? 'all'} onChange={(id) => go({ category: id === 'all' ? null : id })} label={t('community.categoriesLabel')} idPrefix="community" />
      </div>
      <TabPanel idPrefix="community" id={category ?? 'all'} className="space-y-5">
        {posts.isPending ? (
          <ListSkeleton />
        ) : posts.isError ? (
          <ErrorState error={posts.error} onRetry={() => void posts.refetch()} retrying={posts.isFetching} />
        ) : posts.data.items.length === 0 ? (
          <EmptyState
            icon={<MessageIcon />}
            title={page > 1 ? t('community.empty.pastEnd') : category ? t('community.empty.categoryTitle', { category: t(`community.categories.${category}`) }) : t('community.empty.title')}
            body={page > 1 ? undefined : t('community.empty.body')}
            action={
              page > 1 ? (
                <ButtonLink variant="outline" size="sm" to={`${to('app/community')}${category ? `?category=${category}` : ''}`}>
                  {t('community.empty.firstPage')}
                </ButtonLink>
              ) : (
                <ButtonLink to={newPostPath} size="sm" icon={<PlusIcon />}>
                  {t('community.empty.action')}
                </ButtonLink>
              )
            }
          />
        ) : (
          <>
            <ul className={posts.isPlaceholderData ? 'space-y-3 opacity-60 transition-opacity' : 'space-y-3'} aria-busy={posts.isPlaceholderData || undefined}>
              {posts.data.items.map((post) => (
                <li key={post.id}>
                  <PostCard post={post} />
                </li>
              ))}
            </ul>
            <Pagination page={posts.data.page} totalPages={posts.data.totalPages} onChange={(p) => go({ page: p })} />
          </>
        )}
      </TabPanel>
    </div>
  );
}
