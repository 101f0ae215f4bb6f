import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardFooter, CardHeader } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { TrashIcon } from '../../../components/ui/icons';
import { Input } from '../../../components/ui/input';
import { useErrorText } from '../../../lib/errors';
import { useDeleteAccount, type Me } from '../api/me';

export function DeleteAccountCard({ me, onDeleted }: { me: Me; onDeleted: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  // An account without a password (Google sign-in) proves itself by a recent sign-in instead; the server says so.
  const ready = typed.trim().toLowerCase() === me.email.toLowerCase() && (!me.hasPassword || password !== '');
  const submit = () => remove.mutate(me.hasPassword ? { password } : {}, { onSuccess: onDeleted });

  function close() {
    if (remove.isPending) return;
    setOpen(false);
    setTyped('');
    setPassword('');
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
        confirmDisabled={!ready}
        pending={remove.isPending}
        onConfirm={submit}
      >
        <div className="space-y-4">
          {remove.isError ? <Alert tone="error">{errorText(remove.error)}</Alert> : null}
          <Field label={t('settings.account.typeEmail', { email: me.email })}>
            <Input
              type="email"
              autoComplete="off"
              spellCheck={false}
              placeholder={me.email}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && ready) submit();
              }}
            />
          </Field>
          {me.hasPassword ? (
            <Field label={t('settings.account.password')}>
              <Input
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && ready) submit();
                }}
              />
            </Field>
          ) : null}
        </div>
      </ConfirmDialog>
    </Card>
  );
}
