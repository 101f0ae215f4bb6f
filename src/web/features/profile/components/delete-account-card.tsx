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
  const matches = typed.trim().toLowerCase() === me.email.toLowerCase();

  function close() {
    if (remove.isPending) return;
    setOpen(false);
    setTyped('');
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
        confirmDisabled={!matches}
        pending={remove.isPending}
        onConfirm={() => remove.mutate(undefined, { onSuccess: onDeleted })}
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
                if (e.key === 'Enter' && matches) remove.mutate(undefined, { onSuccess: onDeleted });
              }}
            />
          </Field>
        </div>
      </ConfirmDialog>
    </Card>
  );
}
