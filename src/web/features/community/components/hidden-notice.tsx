import { useTranslation } from 'react-i18next';
import type { Hidden } from '#core/community/schemas';
import { Alert } from '#web/components/ui/alert';
import { Badge } from '#web/components/ui/badge';
import { EyeOffIcon } from '#web/components/ui/icons';

/** On content the reader sees though others do not (their own, or any for a moderator): why it is hidden. */
export function HiddenNotice({ hidden, className }: { hidden: NonNullable<Hidden>; className?: string }) {
  const { t } = useTranslation();
  const reason = t(`community.report.reasons.${hidden.reason}`);
  return (
    <Alert tone="warning" title={t(hidden.by === 'reports' ? 'community.hidden.reports' : 'community.hidden.moderator')} className={className}>
      {t(hidden.by === 'reports' ? 'community.hidden.reportsBody' : 'community.hidden.moderatorBody', { reason })}
    </Alert>
  );
}

/** The mark of hidden content in a list. */
export function HiddenBadge({ hidden }: { hidden: NonNullable<Hidden> }) {
  const { t } = useTranslation();
  return (
    <Badge tone="warning">
      <EyeOffIcon aria-hidden="true" />
      {t(hidden.by === 'reports' ? 'community.hidden.reports' : 'community.hidden.moderator')}
    </Badge>
  );
}
