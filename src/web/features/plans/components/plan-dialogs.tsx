import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { renameFitnessPlanBodySchema } from '#core/plans/api-schemas';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { ConfirmDialog, Dialog } from '#web/components/ui/dialog';
import { Field } from '#web/components/ui/field';
import { Input } from '#web/components/ui/input';
import { useToast } from '#web/components/ui/toast';
import { useErrorText } from '#web/lib/errors';
import { useServerFieldErrors } from '#web/lib/form-errors';
import { UpgradePrompt } from '#web/app/upgrade-prompt';
import { useDeletePlan, useRenamePlan } from '../api/plans';

/** The new name, checked with the server's own schema; a free user never gets here (see RenameLockedDialog). */
export function RenameDialog({ planId, current, open, onClose }: { planId: string; current: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const toast = useToast();
  const rename = useRenamePlan(planId);
  // The message is announced where it appears (role="alert"); the focus stays where the user submitted.
  const applyServerFieldErrors = useServerFieldErrors();
  const { register, handleSubmit, formState, setError, reset } = useForm({
    resolver: zodResolver(renameFitnessPlanBodySchema),
    defaultValues: { planName: current },
    shouldFocusError: false,
  });
  const fieldError = formState.errors.planName?.message;

  const submit = handleSubmit(({ planName }) => {
    rename.mutate(planName, {
      onSuccess: () => {
        toast.success(t('plans.rename.done'));
        onClose();
      },
      onError: (error) => applyServerFieldErrors(error, setError, ['planName']),
    });
  });

  const close = () => {
    rename.reset();
    reset();
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('plans.rename.title')}
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={rename.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="rename-plan-form" loading={rename.isPending}>
            {t('plans.rename.save')}
          </Button>
        </>
      }
    >
      <form id="rename-plan-form" onSubmit={submit} noValidate className="space-y-3">
        <Field label={t('plans.rename.label')} error={fieldError}>
          <Input maxLength={120} autoComplete="off" {...register('planName')} />
        </Field>
        {rename.isError && !fieldError ? <Alert tone="error">{errorText(rename.error)}</Alert> : null}
      </form>
    </Dialog>
  );
}

/** What a free user sees on "Rename": why it is locked and the way to unlock it. */
export function RenameLockedDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={t('plans.rename.lockedTitle')} description={t('plans.rename.lockedBody')}>
      <UpgradePrompt feature="plan_rename" />
    </Dialog>
  );
}

export function DeletePlanDialog({ planId, planName, open, onClose, onDeleted }: { planId: string; planName: string; open: boolean; onClose: () => void; onDeleted: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const toast = useToast();
  const remove = useDeletePlan();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={open}
      onClose={close}
      tone="danger"
      title={t('plans.delete.title')}
      description={t('plans.delete.body', { name: planName })}
      confirmLabel={t('plans.delete.confirm')}
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(planId, {
          onSuccess: () => {
            toast.success(t('plans.delete.done'));
            onDeleted();
          },
        })
      }
    >
      {remove.isError ? <Alert tone="error">{errorText(remove.error)}</Alert> : null}
    </ConfirmDialog>
  );
}
