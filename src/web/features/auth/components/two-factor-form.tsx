import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AUTH_MESSAGES } from '#core/auth/messages';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Checkbox } from '#web/components/ui/checkbox';
import { Field } from '#web/components/ui/field';
import { Input } from '#web/components/ui/input';
import { Segmented } from '#web/components/ui/segmented';
import { isApiError } from '#web/lib/api-client';
import { useErrorText } from '#web/lib/errors';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useLocalePath } from '#web/lib/use-locale';
import { useVerifyTwoFactor } from '../api/auth';
import { AuthCard, textLinkClasses } from './auth-card';

type Method = 'totp' | 'backup';

/** The second step of sign-in for accounts with two-factor on: a code from the app, or a backup code. */
export function TwoFactorForm({ onVerified }: { onVerified: () => void }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const errorText = useErrorText();
  const verify = useVerifyTwoFactor();
  const [method, setMethod] = useState<Method>('totp');
  const [code, setCode] = useState('');
  const [trustDevice, setTrustDevice] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  useDocumentTitle(t('auth.twoFactorTitle'));

  function switchMethod(next: Method) {
    setMethod(next);
    setCode('');
    setFieldError(undefined);
    verify.reset();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const value = method === 'totp' ? code.replace(/\s/g, '') : code.trim();
    if (method === 'totp' && !/^\d{6}$/.test(value)) return setFieldError(AUTH_MESSAGES.codeRequired);
    if (method === 'backup' && !value) return setFieldError(AUTH_MESSAGES.backupCodeRequired);
    setFieldError(undefined);
    verify.mutate(method === 'totp' ? { method, code: value, trustDevice } : { method, code: value }, { onSuccess: onVerified });
  }

  // The pending sign-in is gone (expired or never started): start over.
  const lost = isApiError(verify.error) && (verify.error.code === 'TOKEN_EXPIRED' || verify.error.code === 'UNAUTHORIZED');

  return (
    <AuthCard
      title={t('auth.twoFactorTitle')}
      description={method === 'totp' ? t('auth.twoFactorTotpHint') : t('auth.twoFactorBackupHint')}
      footer={
        <Link to={to('sign-in')} className={textLinkClasses}>
          {t('auth.backToSignIn')}
        </Link>
      }
    >
      <Segmented<Method>
        label={t('auth.twoFactorMethod')}
        value={method}
        onChange={switchMethod}
        className="w-full [&>label]:flex-1"
        options={[
          { value: 'totp', label: t('auth.authenticatorApp') },
          { value: 'backup', label: t('auth.backupCode') },
        ]}
      />
      {verify.isError ? (
        <Alert
          tone="error"
          action={
            lost ? (
              <Link to={to('sign-in')} className={textLinkClasses}>
                {t('auth.signInAgain')}
              </Link>
            ) : undefined
          }
        >
          {errorText(verify.error)}
        </Alert>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {method === 'totp' ? (
          <Field label={t('auth.sixDigitCode')} error={fieldError}>
            <Input
              key="totp"
              autoFocus
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={7}
              placeholder="123456"
              className="text-center font-mono text-xl tracking-[0.4em]"
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/[^\d ]/g, ''))}
            />
          </Field>
        ) : (
          <Field label={t('auth.backupCode')} error={fieldError}>
            <Input key="backup" autoFocus autoComplete="off" spellCheck={false} className="font-mono" value={code} onChange={(e) => setCode(e.target.value)} />
          </Field>
        )}
        {method === 'totp' ? <Checkbox label={t('auth.trustDevice')} checked={trustDevice} onChange={(e) => setTrustDevice(e.target.checked)} /> : null}
        <Button type="submit" className="w-full" size="lg" loading={verify.isPending}>
          {t('auth.verify')}
        </Button>
      </form>
    </AuthCard>
  );
}
