import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/cn';
import { Button } from './button';
import { ArrowLeftIcon, ArrowRightIcon } from './icons';

/** Previous / next between numbered pages, with where the reader is; nothing when everything fits on one page. */
export function Pagination({ page, totalPages, onChange, className }: { page: number; totalPages: number; onChange: (page: number) => void; className?: string }) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={t('pagination.label')} className={cn('flex items-center justify-between gap-3', className)}>
      <Button variant="outline" size="sm" icon={<ArrowLeftIcon />} disabled={page <= 1} onClick={() => onChange(page - 1)}>
        {t('pagination.previous')}
      </Button>
      <p className="text-sm text-zinc-600 tabular-nums dark:text-zinc-400" aria-current="page">
        {t('pagination.pageOf', { page, total: totalPages })}
      </p>
      <Button variant="outline" size="sm" disabled={page >= totalPages} onClick={() => onChange(page + 1)}>
        {t('pagination.next')}
        <ArrowRightIcon />
      </Button>
    </nav>
  );
}
