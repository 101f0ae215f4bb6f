import { useTranslation } from 'react-i18next';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { ClockIcon, TrashIcon } from '#web/components/ui/icons';
import { useErrorText } from '#web/lib/errors';
import { ApiError } from '#web/lib/api-client';
import { type OutboxItem, removeFromOutbox } from '#web/lib/outbox';

/**
 * What this device logged and the server does not have yet (web/lib/outbox.ts): each waiting to sync, or refused by
 * the server with its reason and a way to discard it. Nothing when there is nothing.
 */
export function OutboxList({ items }: { items: OutboxItem[] }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  if (items.length === 0) return null;
  // A refusal names what is missing by id ("Plan with id … not found"): the user is told what that means instead.
  const reason = (failure: NonNullable<OutboxItem['failure']>) => (failure.code === 'NOT_FOUND' ? t('offline.refusedGone') : errorText(new ApiError(failure)));
  return (
    <section aria-labelledby="outbox-title" className="space-y-2">
      <div>
        <h2 id="outbox-title" className="text-sm font-semibold text-zinc-900 dark:text-white">
          {t('offline.title')}
        </h2>
        {items.some((item) => !item.failure) ? <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('offline.listBody')}</p> : null}
      </div>
      <ul className="space-y-2">
        {items.map((item) => (
          <li key={item.key}>
            <Card className="flex items-start gap-3 border-dashed px-4 py-3" data-testid="outbox-item">
              <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-lg bg-amber-50 text-amber-700 dark:bg-amber-950/50 dark:text-amber-300" aria-hidden="true">
                <ClockIcon />
              </span>
              <div className="min-w-0 flex-1 space-y-1">
                <p className="truncate font-medium text-zinc-900 dark:text-white">{item.label}</p>
                {item.failure ? (
                  <>
                    <Badge tone="danger">{t('offline.refused')}</Badge>
                    <p className="text-sm text-red-700 dark:text-red-300" role="alert">
                      {reason(item.failure)}
                    </p>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="-ml-2"
                      icon={<TrashIcon />}
                      onClick={() => removeFromOutbox(item.key)}
                      aria-label={t('offline.discard', { name: item.label })}
                    >
                      {t('offline.discardShort')}
                    </Button>
                  </>
                ) : (
                  <Badge tone="warning">{t('offline.waiting')}</Badge>
                )}
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
