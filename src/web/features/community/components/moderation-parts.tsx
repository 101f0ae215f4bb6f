import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ModeratedMember, type ModerationActionEntry, MODERATION_LIMITS, type ReportGroup, suspendInputSchema } from '#core/community/moderation/schemas';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Field } from '#web/components/ui/field';
import { ClockIcon, EyeIcon, EyeOffIcon, ShieldIcon, UserIcon } from '#web/components/ui/icons';
import { Textarea } from '#web/components/ui/input';
import { Select } from '#web/components/ui/select';
import { useToast } from '#web/components/ui/toast';
import { useErrorText } from '#web/lib/errors';
import { formatDateTime } from '#web/lib/format';
import { useLocale } from '#web/lib/use-locale';
import { useLiftSuspension, useSuspendMember } from '../api/moderation';
import { RelativeTime } from './relative-time';

/** The reasons members gave, each with how many gave it. */
export function ReasonChips({ reasons }: { reasons: ReportGroup['reasons'] }) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-wrap gap-1.5">
      {reasons.map((r) => (
        <li key={r.reason}>
          <Badge tone="danger">{`${t(`community.report.reasons.${r.reason}`)}${r.count > 1 ? ` ×${r.count}` : ''}`}</Badge>
        </li>
      ))}
    </ul>
  );
}

/** A member's suspension, if one is in force, and the one click that lifts it. */
export function SuspensionLine({ member }: { member: ModeratedMember }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const toast = useToast();
  const errorText = useErrorText();
  const lift = useLiftSuspension();
  if (!member.suspension) return null;
  return (
    <div className="flex flex-wrap items-start justify-between gap-3 rounded-xl bg-amber-50 px-3.5 py-3 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100">
      <div className="min-w-0 space-y-0.5">
        <p className="font-medium">{t('moderation.member.suspendedUntil', { date: formatDateTime(member.suspension.until, locale) })}</p>
        <p className="break-words [overflow-wrap:anywhere]">{t('moderation.member.reason', { reason: member.suspension.reason })}</p>
      </div>
      <Button
        size="sm"
        variant="outline"
        loading={lift.isPending}
        onClick={() =>
          lift.mutate(member.id, {
            onSuccess: () => toast.success(t('moderation.member.lifted')),
            onError: (error) => toast.error(errorText(error)),
          })
        }
      >
        {t('moderation.member.lift')}
      </Button>
    </div>
  );
}

const DAYS = [1, 3, 7, 14, 30, 90, 365] as const;

/** Suspends a member for some days with the reason they will read; or, when suspended, their suspension and its lifting. */
export function MemberPanel({ member }: { member: ModeratedMember }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const toast = useToast();
  const errorText = useErrorText();
  const suspend = useSuspendMember();
  const [days, setDays] = useState<number>(7);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const parsed = suspendInputSchema.safeParse({ days, reason });
  const reasonError = tried && !parsed.success ? parsed.error.issues.find((i) => i.path[0] === 'reason')?.message : undefined;

  return (
    <div className="space-y-4">
      <div className="flex items-center gap-2.5">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
          {member.role === 'moderator' ? <ShieldIcon aria-hidden="true" /> : <UserIcon aria-hidden="true" />}
        </span>
        <div className="min-w-0">
          <p className="truncate font-medium text-zinc-900 dark:text-white">{member.name}</p>
          {member.role === 'moderator' ? <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('moderation.member.moderator')}</p> : null}
        </div>
      </div>
      {member.role === 'moderator' ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('moderation.member.moderatorNote')}</p>
      ) : member.suspension ? (
        <SuspensionLine member={member} />
      ) : (
        <form
          noValidate
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            setTried(true);
            if (!parsed.success) return;
            suspend.mutate(
              { id: member.id, ...parsed.data },
              {
                onSuccess: (m) => {
                  toast.success(t('moderation.member.suspended', { name: m.name, date: m.suspension ? formatDateTime(m.suspension.until, locale) : '' }));
                  setReason('');
                  setTried(false);
                },
                onError: (error) => toast.error(errorText(error)),
              },
            );
          }}
        >
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('moderation.member.suspendHint')}</p>
          <Field label={t('moderation.member.days')}>
            <Select value={days} onChange={(e) => setDays(Number(e.target.value))}>
              {DAYS.map((d) => (
                <option key={d} value={d}>
                  {t('moderation.member.daysOption', { count: d })}
                </option>
              ))}
            </Select>
          </Field>
          <Field
            label={t('moderation.member.reasonLabel')}
            error={reasonError}
            labelAction={<span className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400">{`${reason.length}/${MODERATION_LIMITS.reasonMax}`}</span>}
          >
            <Textarea rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
          </Field>
          <Button type="submit" variant="danger" size="sm" loading={suspend.isPending} className="w-full sm:w-auto">
            {t('moderation.member.suspend')}
          </Button>
        </form>
      )}
    </div>
  );
}

const ACTION_ICONS = { auto_hide: EyeOffIcon, hide: EyeOffIcon, dismiss: EyeIcon, suspend: ClockIcon, unsuspend: ClockIcon } as const;

/** One line of the history, as a sentence: who did what to whose content, and why. */
export function ActionItem({ action }: { action: ModerationActionEntry }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const Icon = ACTION_ICONS[action.action];
  const names = {
    moderator: action.moderator?.name ?? t('moderation.formerModerator'),
    member: action.member?.name ?? t('moderation.formerMember'),
    date: action.suspendedUntil ? formatDateTime(action.suspendedUntil, locale) : '',
  };
  const kind = action.target?.kind === 'comment' ? 'Comment' : 'Post';
  const sentence = {
    auto_hide: t(`moderation.history.autoHide${kind}`, names),
    hide: t(`moderation.history.hide${kind}`, names),
    dismiss: t(`moderation.history.dismiss${kind}`, names),
    suspend: t('moderation.history.suspend', names),
    unsuspend: t('moderation.history.unsuspend', names),
  }[action.action];
  const reason = action.reason && (action.action === 'suspend' ? action.reason : t(`community.report.reasons.${action.reason}`, { defaultValue: action.reason }));
  return (
    <div className="flex gap-3">
      <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
        <Icon aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1 space-y-1 text-sm">
        <p className="font-medium text-zinc-900 dark:text-zinc-100">{sentence}</p>
        {action.target ? (
          <p className="break-words text-zinc-600 [overflow-wrap:anywhere] dark:text-zinc-400">
            {action.target.title === null ? t('moderation.history.deletedPost') : t('moderation.history.onPost', { title: action.target.title })}
          </p>
        ) : null}
        {reason ? <p className="break-words text-zinc-600 [overflow-wrap:anywhere] dark:text-zinc-400">{t('moderation.member.reason', { reason })}</p> : null}
        {action.note ? <p className="break-words text-zinc-600 [overflow-wrap:anywhere] dark:text-zinc-400">{t('moderation.history.note', { note: action.note })}</p> : null}
        <RelativeTime value={action.createdAt} className="block text-xs text-zinc-500 dark:text-zinc-400" />
      </div>
    </div>
  );
}
