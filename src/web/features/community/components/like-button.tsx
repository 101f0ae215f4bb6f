import { useTranslation } from 'react-i18next';
import type { Post } from '#core/community/schemas';
import { HeartIcon } from '#web/components/ui/icons';
import { useToast } from '#web/components/ui/toast';
import { cn } from '#web/lib/cn';
import { useErrorText } from '#web/lib/errors';
import { formatNumber } from '#web/lib/format';
import { useLocale } from '#web/lib/use-locale';
import { useLikePost } from '../api/community';

/** A toggle: pressed when the reader likes the post; the count beside it is everyone's likes. */
export function LikeButton({ post }: { post: Post }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const toast = useToast();
  const errorText = useErrorText();
  const like = useLikePost(post.id);
  return (
    <button
      type="button"
      aria-pressed={post.likedByMe}
      aria-label={t('community.post.like', { n: formatNumber(post.likeCount, locale) })}
      title={t('community.likes', { count: post.likeCount })}
      onClick={() => like.mutate(!post.likedByMe, { onError: (error) => toast.error(errorText(error)) })}
      className={cn(
        'inline-flex h-9 items-center gap-2 rounded-xl border px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
        post.likedByMe
          ? 'border-rose-200 bg-rose-50 text-rose-700 hover:bg-rose-100 dark:border-rose-900/70 dark:bg-rose-950/40 dark:text-rose-300 dark:hover:bg-rose-950/70'
          : 'border-zinc-300 bg-white text-zinc-700 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800',
      )}
    >
      <HeartIcon className={cn('text-base transition-transform', post.likedByMe && 'scale-110 fill-current')} />
      <span className="tabular-nums" data-testid="like-count">
        {formatNumber(post.likeCount, locale)}
      </span>
    </button>
  );
}
