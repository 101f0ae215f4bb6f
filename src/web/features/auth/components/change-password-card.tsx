import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { passwordSchema } from '#core/auth/schemas';
import { AUTH_MESSAGES } from '#core/auth/messages';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Card, CardBody, CardFooter, CardHeader } from '#web/components/ui/card';
import { Checkbox } from '#web/components/ui/checkbox';
import { Field } from '#web/components/ui/field';
import { PasswordInput } from '#web/components/ui/input';
import { useToast } from '#web/components/ui/toast';
import { isApiError } from '#web/lib/api-client';
import { useErrorText } from '#web/lib/errors';
import { useServerFieldErrors } from '#web/lib/form-errors';
import { useChangePassword } from '../api/auth';
import { PasswordRules } from './password-rules';

const schema = z
  .object({
    currentPassword: z.string().min(1, 'Password is required'),
    newPassword: passwordSchema,
    confirmPassword: z.string(),
    revokeOtherSessions: z.boolean(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: AUTH_MESSAGES.passwordsDiffer });

export function ChangePasswordCard() {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const change = useChangePassword();
  const applyServerFieldErrors = useServerFieldErrors();
  const { register, handleSubmit, formState, watch, setError, reset } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '', revokeOtherSessions: true },
    mode: 'onTouched',
  });
  const password = watch('newPassword') ?? '';

  const onSubmit = handleSubmit(({ currentPassword, newPassword, revokeOtherSessions }) => {
    change.mutate(
      { currentPassword, newPassword, revokeOtherSessions },
      {
        onSuccess: () => {
          toast.success(t('security.passwordChanged'));
          reset();
        },
        onError: (error) => {
          if (applyServerFieldErrors(error, setError, ['currentPassword', 'newPassword'])) return;
          if (isApiError(error) && /invalid password|invalid email or password/i.test(error.message)) {
            setError('currentPassword', { type: 'server', message: error.message }, { shouldFocus: true });
          }
        },
      },
    );
  });

  const newPasswordError = formState.errors.newPassword;
  const showBanner = change.isError && !formState.errors.currentPassword && !newPasswordError;

  return (
    <Card>
      <form onSubmit={onSubmit} noValidate>
        <CardHeader title={t('security.changePassword')} description={t('security.changePasswordHint')} />
        <CardBody className="space-y-5">
          {showBanner ? <Alert tone="error">{errorText(change.error)}</Alert> : null}
          <Field label={t('security.currentPassword')} error={formState.errors.currentPassword?.message}>
            <PasswordInput autoComplete="current-password" {...register('currentPassword')} />
          </Field>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label={t('auth.newPassword')} error={newPasswordError?.type === 'server' ? newPasswordError.message : undefined}>
              <PasswordInput autoComplete="new-password" {...register('newPassword')} />
            </Field>
            <Field label={t('auth.confirmPassword')} error={formState.errors.confirmPassword?.message}>
              <PasswordInput autoComplete="new-password" {...register('confirmPassword')} />
            </Field>
          </div>
          <PasswordRules value={password} invalid={Boolean(newPasswordError && newPasswordError.type !== 'server')} />
          <Checkbox label={t('security.signOutOthers')} {...register('revokeOtherSessions')} />
        </CardBody>
        <CardFooter>
          <Button type="submit" loading={change.isPending}>
            {t('security.updatePassword')}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
