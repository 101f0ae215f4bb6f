import { useTranslation } from 'react-i18next';
import { useMe } from '#web/app/me';
import { Alert } from '#web/components/ui/alert';
import { formatDateTime } from '#web/lib/format';
import { useLocale } from '#web/lib/use-locale';

/** Told up front, rather than by a refusal: a suspended member may read but not post, comment or like, until when and why. */
export function SuspensionNotice({ className }: { className?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const suspension = useMe({ select: (me) => me.suspension }).data;
  if (!suspension) return null;
  return (
    <Alert tone="warning" title={t('community.suspended.title')} className={className}>
      {t('community.suspended.body', { date: formatDateTime(suspension.until, locale), reason: suspension.reason })}
    </Alert>
  );
}

/** Whether the signed-in member is suspended now. */
export function useSuspended(): boolean {
  return Boolean(useMe({ select: (me) => me.suspension }).data);
}
