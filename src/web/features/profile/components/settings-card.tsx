import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Card, CardBody, CardFooter, CardHeader } from '#web/components/ui/card';
import { useErrorText } from '#web/lib/errors';

interface SettingsCardProps {
  title: ReactNode;
  description?: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  /** A failure that belongs to no single field (rate limit, network...). */
  error?: unknown;
  children: ReactNode;
}

/** One settings form: a card whose footer holds the save button. */
export function SettingsCard({ title, description, onSubmit, pending, error, children }: SettingsCardProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <Card>
      <form onSubmit={onSubmit} noValidate>
        <CardHeader title={title} description={description} />
        <CardBody className="space-y-6">
          {error ? <Alert tone="error">{errorText(error)}</Alert> : null}
          {children}
        </CardBody>
        <CardFooter>
          <Button type="submit" loading={pending}>
            {pending ? t('common.saving') : t('common.save')}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
