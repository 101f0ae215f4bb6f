import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PostListItem } from '#core/community/schemas';
import { HeartIcon, MessageIcon } from '#web/components/ui/icons';
import { cn } from '#web/lib/cn';
import { formatNumber } from '#web/lib/format';
import { useLocale, useLocalePath } from '#web/lib/use-locale';
import { AuthorLine } from './author-line';
import { CategoryBadge } from './category-badge';
import { HiddenBadge } from './hidden-notice';

/** One post in the list; the whole card opens it. */
export function PostCard({ post }: { post: PostListItem }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  return (
    <article className="group relative rounded-2xl border border-zinc-200/80 bg-white p-4 shadow-soft transition-shadow hover:shadow-md sm:p-5 dark:border-zinc-800 dark:bg-zinc-900/70 dark:shadow-none dark:hover:border-zinc-700">
      <div className="mb-3 flex items-center justify-between gap-3">
        <AuthorLine author={post.author} createdAt={post.createdAt} editedAt={post.editedAt} size="sm" />
        <CategoryBadge category={post.category} />
      </div>
      {post.hidden ? (
        <div className="mb-2">
          <HiddenBadge hidden={post.hidden} />
        </div>
      ) : null}
      <h2 className="text-base font-semibold break-words text-zinc-900 [overflow-wrap:anywhere] dark:text-white">
        {/* The link covers the card (its ::after), so the card is one target without nesting blocks in an anchor. */}
        <Link
          to={to(`app/community/posts/${post.id}`)}
          className="rounded-sm after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-brand-500"
        >
          {post.title}
        </Link>
      </h2>
      <p className="mt-1.5 line-clamp-3 text-sm break-words whitespace-pre-line text-zinc-600 [overflow-wrap:anywhere] dark:text-zinc-400">{post.excerpt}</p>
      <div className="mt-3 flex items-center gap-4 text-sm text-zinc-500 dark:text-zinc-400">
        <span className={cn('inline-flex items-center gap-1.5', post.likedByMe && 'text-rose-700 dark:text-rose-400')}>
          <HeartIcon className={cn(post.likedByMe && 'fill-current')} aria-hidden="true" />
          <span className="sr-only">{t('community.likes', { count: post.likeCount })}</span>
          <span aria-hidden="true" className="tabular-nums">
            {formatNumber(post.likeCount, locale)}
          </span>
        </span>
        <span className="inline-flex items-center gap-1.5">
          <MessageIcon aria-hidden="true" />
          <span className="sr-only">{t('community.comments', { count: post.commentCount })}</span>
          <span aria-hidden="true" className="tabular-nums">
            {formatNumber(post.commentCount, locale)}
          </span>
        </span>
      </div>
    </article>
  );
}
