import { useTranslation } from 'react-i18next';
import type { Author } from '#core/community/schemas';
import { FlameIcon } from '#web/components/ui/icons';
import { cn } from '#web/lib/cn';
import { RelativeTime } from './relative-time';

const AVATAR_COLORS = [
  'bg-brand-100 text-brand-800 dark:bg-brand-950 dark:text-brand-200',
  'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200',
  'bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-200',
  'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  'bg-rose-100 text-rose-800 dark:bg-rose-950 dark:text-rose-200',
];

/** The first letter of the name on a colour that stays the same for the same person. */
export function Avatar({ author, size = 'md' }: { author: Author; size?: 'sm' | 'md' }) {
  const initial = [...author.name.trim()][0]?.toUpperCase() ?? '?';
  const hash = [...author.id].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) >>> 0, 0);
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex shrink-0 items-center justify-center rounded-full font-semibold select-none',
        size === 'sm' ? 'size-7 text-xs' : 'size-9 text-sm',
        AVATAR_COLORS[hash % AVATAR_COLORS.length],
      )}
    >
      {initial}
    </span>
  );
}

/** A streak of at least one day, for authors who show theirs. */
export function StreakBadge({ streak }: { streak: number | null }) {
  const { t } = useTranslation();
  if (!streak || streak < 1) return null;
  return (
    <span className="inline-flex items-center gap-0.5 text-xs font-medium text-brand-600 dark:text-brand-400" title={t('community.streak', { count: streak })}>
      <FlameIcon aria-hidden="true" />
      <span aria-hidden="true">{streak}</span>
      <span className="sr-only">{t('community.streak', { count: streak })}</span>
    </span>
  );
}

/** Who wrote it and when: avatar, name, streak, time, "edited". */
export function AuthorLine({ author, createdAt, editedAt, size = 'md' }: { author: Author; createdAt: string; editedAt: string | null; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-w-0 items-center gap-2.5">
      <Avatar author={author} size={size} />
      <div className="min-w-0 leading-tight">
        <div className="flex min-w-0 items-center gap-1.5">
          <span className="truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">{author.name}</span>
          <StreakBadge streak={author.streak} />
        </div>
        <div className="text-xs text-zinc-500 dark:text-zinc-400">
          <RelativeTime value={createdAt} />
          {editedAt ? <span>{` · ${t('community.edited')}`}</span> : null}
        </div>
      </div>
    </div>
  );
}
