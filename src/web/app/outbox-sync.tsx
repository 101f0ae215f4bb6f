import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '#web/components/ui/toast';
import { flushOutbox } from '#web/lib/outbox';
import { savedMealOutbox } from '#web/features/nutrition/api/kitchen';
import { mealOutbox } from '#web/features/nutrition/api/nutrition';
import { workoutOutbox } from '#web/features/workouts/api/workouts';
import { useMe } from './me';

/**
 * Sends what was logged offline (web/lib/outbox.ts): when the signed-in app starts and whenever the connection
 * returns. Mounted once, in the signed-in frame.
 */
export function OutboxSync() {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const userId = useMe().data?.id;
  useEffect(() => {
    if (!userId) return;
    const flush = async () => {
      const sent = await flushOutbox(userId, [workoutOutbox(queryClient), mealOutbox(queryClient), savedMealOutbox(queryClient)]);
      if (sent > 0) toast.success(t('offline.synced', { count: sent }));
    };
    void flush();
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, [userId, queryClient, toast, t]);
  return null;
}

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** A line under the header while the device is offline: what still works, and that nothing logged is lost. */
export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useSyncExternalStore(subscribe, () => navigator.onLine);
  if (online) return null;
  return (
    <p role="status" className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-center text-sm text-amber-900 dark:border-amber-900/70 dark:bg-amber-950/60 dark:text-amber-200">
      {t('offline.notice')}
    </p>
  );
}
