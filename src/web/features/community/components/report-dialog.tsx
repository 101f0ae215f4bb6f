import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LIMITS, REPORT_REASONS, reportInputSchema } from '#core/community/schemas';
import { Alert } from '#web/components/ui/alert';
import { ConfirmDialog } from '#web/components/ui/dialog';
import { Field, FieldGroup } from '#web/components/ui/field';
import { Textarea } from '#web/components/ui/input';
import { useToast } from '#web/components/ui/toast';
import { cn } from '#web/lib/cn';
import { useErrorText } from '#web/lib/errors';
import { type ReportTarget, useReport } from '../api/community';

/**
 * Why the reader reports a post or comment, sent for review, and what happens then; the author is not told who
 * reported it.
 */
export function ReportDialog({ target, open, onClose }: { target: ReportTarget; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const report = useReport(target);
  // Messages show once the reader first tries to send, and follow the answers after that; they are announced where
  // they appear (role="alert"), so the focus stays on the button.
  const { register, handleSubmit, formState, watch, reset } = useForm({
    resolver: zodResolver(reportInputSchema),
    defaultValues: { details: '' },
    shouldFocusError: false,
  });
  const reason = watch('reason');
  const details = watch('details') ?? '';

  function close() {
    if (report.isPending) return;
    onClose();
    reset();
    report.reset();
  }

  const send = handleSubmit((values) => {
    report.mutate(values, {
      onSuccess: () => {
        toast.success(t(target.kind === 'post' ? 'community.report.sent' : 'community.report.sentComment'));
        close();
      },
    });
  });

  return (
    <ConfirmDialog
      open={open}
      onClose={close}
      onConfirm={() => void send()}
      title={t(target.kind === 'post' ? 'community.report.title' : 'community.report.titleComment')}
      description={t('community.report.description')}
      confirmLabel={t('community.report.submit')}
      tone="danger"
      pending={report.isPending}
    >
      <div className="space-y-4">
        {report.isError ? <Alert tone="error">{errorText(report.error)}</Alert> : null}
        <FieldGroup legend={t('community.report.reason')} error={formState.errors.reason?.message}>
          <div className="grid gap-2">
            {REPORT_REASONS.map((r) => (
              <label
                key={r}
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-xl border px-3.5 py-2.5 text-sm transition-colors has-focus-visible:outline-2 has-focus-visible:outline-brand-500',
                  reason === r
                    ? 'border-brand-500 bg-brand-50 text-brand-900 dark:border-brand-500 dark:bg-brand-950/50 dark:text-brand-100'
                    : 'border-zinc-200 hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800/60',
                )}
              >
                <input type="radio" value={r} className="size-4 accent-brand-600" {...register('reason')} />
                {t(`community.report.reasons.${r}`)}
              </label>
            ))}
          </div>
        </FieldGroup>
        <Field
          label={t('community.report.details')}
          optional
          error={formState.errors.details?.message}
          labelAction={<span className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400">{`${details.length}/${LIMITS.reportDetailsMax}`}</span>}
        >
          <Textarea rows={2} placeholder={t('community.report.detailsPlaceholder')} {...register('details')} />
        </Field>
        <div className="rounded-xl bg-zinc-100/80 px-3.5 py-2.5 text-sm dark:bg-zinc-800/60">
          <p className="font-medium text-zinc-900 dark:text-zinc-100">{t('community.report.nextTitle')}</p>
          <p className="mt-0.5 text-zinc-600 dark:text-zinc-400">{t('community.report.next')}</p>
        </div>
      </div>
    </ConfirmDialog>
  );
}
