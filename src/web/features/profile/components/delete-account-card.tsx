import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { deleteAccountSchema } from '#core/profile/schemas';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Card, CardBody, CardFooter, CardHeader } from '#web/components/ui/card';
import { ConfirmDialog } from '#web/components/ui/dialog';
import { Field } from '#web/components/ui/field';
import { TrashIcon } from '#web/components/ui/icons';
import { Input } from '#web/components/ui/input';
import { useErrorText } from '#web/lib/errors';
import { useDeleteAccount } from '../api/me';
import type { Me } from '#web/app/me';

export function DeleteAccountCard({ me, onDeleted }: { me: Me; onDeleted: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);
  // The body the server checks, plus the email typed out. An account without a password (Google sign-in) proves
  // itself by a recent sign-in instead; the server says so.
  const schema = useMemo(
    () =>
      deleteAccountSchema.extend({ email: z.string().refine((typed) => typed.trim().toLowerCase() === me.email.toLowerCase()) }).refine((v) => !me.hasPassword || v.password !== undefined),
    [me.email, me.hasPassword],
  );
  const { register, handleSubmit, formState, reset } = useForm({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: me.hasPassword ? { email: '', password: '' } : { email: '' },
  });
  const submit = handleSubmit(({ password }) => remove.mutate(me.hasPassword ? { password } : {}, { onSuccess: onDeleted }));
  const submitOnEnter = (e: KeyboardEvent) => {
    if (e.key === 'Enter') void submit();
  };

  function close() {
    if (remove.isPending) return;
    setOpen(false);
    reset();
    remove.reset();
  }

  return (
    <Card className="border-red-200 dark:border-red-900/60">
      <CardHeader title={t('settings.account.deleteTitle')} description={t('settings.account.deleteDescription')} />
      <CardBody>
        <ul className="list-disc space-y-1 pl-5 text-sm text-zinc-600 dark:text-zinc-400">
          <li>{t('settings.account.deleteItem1')}</li>
          <li>{t('settings.account.deleteItem2')}</li>
          <li>{t('settings.account.deleteItem3')}</li>
        </ul>
      </CardBody>
      <CardFooter className="bg-red-50/50 dark:bg-red-950/20">
        <Button variant="danger" icon={<TrashIcon />} onClick={() => setOpen(true)}>
          {t('settings.account.deleteButton')}
        </Button>
      </CardFooter>
      <ConfirmDialog
        open={open}
        onClose={close}
        tone="danger"
        title={t('settings.account.confirmTitle')}
        description={t('settings.account.confirmDescription')}
        confirmLabel={t('settings.account.confirmButton')}
        confirmDisabled={!formState.isValid}
        pending={remove.isPending}
        onConfirm={() => void submit()}
      >
        <div className="space-y-4">
          {remove.isError ? <Alert tone="error">{errorText(remove.error)}</Alert> : null}
          <Field label={t('settings.account.typeEmail', { email: me.email })}>
            <Input type="email" autoComplete="off" spellCheck={false} placeholder={me.email} onKeyDown={submitOnEnter} {...register('email')} />
          </Field>
          {me.hasPassword ? (
            <Field label={t('settings.account.password')}>
              <Input type="password" autoComplete="current-password" onKeyDown={submitOnEnter} {...register('password')} />
            </Field>
          ) : null}
        </div>
      </ConfirmDialog>
    </Card>
  );
}
