import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTH_MESSAGES } from '#core/auth/messages';
import { Alert } from '#web/components/ui/alert';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card, CardBody, CardFooter, CardHeader } from '#web/components/ui/card';
import { Dialog } from '#web/components/ui/dialog';
import { Field } from '#web/components/ui/field';
import { CheckIcon, CopyIcon, DownloadIcon, ShieldIcon } from '#web/components/ui/icons';
import { Input, PasswordInput } from '#web/components/ui/input';
import { Skeleton } from '#web/components/ui/spinner';
import { useToast } from '#web/components/ui/toast';
import { useErrorText } from '#web/lib/errors';
import { useConfirmTwoFactor, useDisableTwoFactor, useEnableTwoFactor, useGenerateBackupCodes } from '../api/auth';

/** The secret inside an otpauth:// URI, for people who type it instead of scanning. */
function secretOf(totpURI: string): string {
  try {
    return new URL(totpURI).searchParams.get('secret') ?? '';
  } catch {
    return /[?&]secret=([^&]+)/.exec(totpURI)?.[1] ?? '';
  }
}

function useQrDataUrl(text: string | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    setUrl(null);
    if (!text) return;
    let cancelled = false;
    // Rendered here, never sent to a third party: the code holds the account's secret.
    void import('qrcode').then((QRCode) =>
      QRCode.toDataURL(text, { margin: 1, width: 400, errorCorrectionLevel: 'M' }).then((data) => {
        if (!cancelled) setUrl(data);
      }),
    );
    return () => {
      cancelled = true;
    };
  }, [text]);
  return url;
}

function BackupCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  // Feedback stays inside the dialog: a toast would sit behind the modal's backdrop.
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
    setTimeout(() => setCopied(null), 2500);
  }

  function download() {
    const blob = new Blob([`FitForge backup codes\n\n${codes.join('\n')}\n`], { type: 'text/plain' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = 'fitforge-backup-codes.txt';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  return (
    <div className="space-y-3">
      <ul className="grid grid-cols-2 gap-2 rounded-xl bg-zinc-50 p-3 font-mono text-sm dark:bg-zinc-800/60" aria-label={t('security.backupCodes')}>
        {codes.map((code) => (
          <li key={code} className="text-center tracking-wider select-all">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" icon={copied === 'yes' ? <CheckIcon /> : <CopyIcon />} onClick={() => void copy()}>
          {copied === 'yes' ? t('security.codesCopied') : t('security.copyCodes')}
        </Button>
        <Button variant="outline" size="sm" icon={<DownloadIcon />} onClick={download}>
          {t('security.downloadCodes')}
        </Button>
      </div>
      {copied === 'failed' ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {t('security.copyFailed')}
        </p>
      ) : null}
    </div>
  );
}

function PasswordStep({ onSubmit, pending, error, submitLabel, danger }: { onSubmit: (password: string) => void; pending: boolean; error: unknown; submitLabel: string; danger?: boolean }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) return setMissing(true);
    setMissing(false);
    onSubmit(password);
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {error ? <Alert tone="error">{errorText(error)}</Alert> : null}
      <Field label={t('security.confirmWithPassword')} error={missing ? 'Password is required' : undefined}>
        <PasswordInput autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </Field>
      <div className="flex justify-end">
        <Button type="submit" variant={danger ? 'danger' : 'primary'} loading={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

function Lead({ children }: { children: string }) {
  return <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">{children}</p>;
}

/** The flows live inside their dialog, which mounts them only while open: each opening starts fresh. */
function EnableFlow({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const enable = useEnableTwoFactor();
  const confirm = useConfirmTwoFactor();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const setup = enable.data;
  const qr = useQrDataUrl(setup?.totpURI ?? null);
  const secret = setup ? secretOf(setup.totpURI) : '';

  function submitCode(event: FormEvent) {
    event.preventDefault();
    const value = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(value)) return setCodeError(AUTH_MESSAGES.codeRequired);
    setCodeError(undefined);
    confirm.mutate(
      { code: value },
      {
        onSuccess: () => {
          toast.success(t('security.twoFactorEnabled'));
          onDone();
        },
      },
    );
  }

  if (!setup) {
    return (
      <>
        <Lead>{t('security.enableHint')}</Lead>
        <PasswordStep onSubmit={(password) => enable.mutate({ password })} pending={enable.isPending} error={enable.error} submitLabel={t('common.continue')} />
      </>
    );
  }

  return (
    <div className="space-y-6">
      <section className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <div className="shrink-0 rounded-xl border border-zinc-200 bg-white p-2 dark:border-zinc-700">
          {qr ? <img src={qr} alt={t('security.qrAlt')} width={168} height={168} className="size-42" /> : <Skeleton className="size-42" />}
        </div>
        <div className="min-w-0 flex-1 space-y-2 text-sm">
          <p className="font-medium">{t('security.step1')}</p>
          <p className="text-zinc-600 dark:text-zinc-400">{t('security.manualEntry')}</p>
          <code className="block rounded-lg bg-zinc-100 px-3 py-2 font-mono text-sm break-all select-all dark:bg-zinc-800">{secret.match(/.{1,4}/g)?.join(' ')}</code>
        </div>
      </section>
      <section className="space-y-2">
        <p className="text-sm font-medium">{t('security.step2')}</p>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('security.backupCodesHint')}</p>
        <BackupCodes codes={setup.backupCodes} />
      </section>
      <form onSubmit={submitCode} noValidate className="space-y-3 border-t border-zinc-200 pt-5 dark:border-zinc-800">
        <p className="text-sm font-medium">{t('security.step3')}</p>
        {confirm.isError ? <Alert tone="error">{errorText(confirm.error)}</Alert> : null}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <Field label={t('auth.sixDigitCode')} hideLabel error={codeError} className="flex-1">
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              placeholder="123456"
              className="font-mono text-lg tracking-[0.3em]"
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/[^\d ]/g, ''))}
            />
          </Field>
          <Button type="submit" loading={confirm.isPending}>
            {t('security.turnOn')}
          </Button>
        </div>
      </form>
    </div>
  );
}

function DisableFlow({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const disable = useDisableTwoFactor();
  return (
    <>
      <Lead>{t('security.disableHint')}</Lead>
      <PasswordStep
        danger
        submitLabel={t('security.turnOff')}
        pending={disable.isPending}
        error={disable.error}
        onSubmit={(password) =>
          disable.mutate(
            { password },
            {
              onSuccess: () => {
                toast.success(t('security.twoFactorDisabled'));
                onDone();
              },
            },
          )
        }
      />
    </>
  );
}

function RegenerateFlow({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const generate = useGenerateBackupCodes();
  if (generate.data) {
    return (
      <>
        <Lead>{t('security.newCodesHint')}</Lead>
        <BackupCodes codes={generate.data.backupCodes} />
        <div className="mt-5 flex justify-end">
          <Button onClick={onDone}>{t('common.done')}</Button>
        </div>
      </>
    );
  }
  return (
    <>
      <Lead>{t('security.regenerateHint')}</Lead>
      <PasswordStep submitLabel={t('security.generate')} pending={generate.isPending} error={generate.error} onSubmit={(password) => generate.mutate({ password })} />
    </>
  );
}

export function TwoFactorCard({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'enable' | 'disable' | 'regenerate' | null>(null);
  const close = () => setDialog(null);
  return (
    <Card>
      <CardHeader
        title={t('security.twoFactor')}
        description={t('security.twoFactorHint')}
        action={enabled ? <Badge tone="success">{t('security.on')}</Badge> : <Badge>{t('security.off')}</Badge>}
      />
      <CardBody>
        <div className="flex items-start gap-3 text-sm text-zinc-600 dark:text-zinc-400">
          <ShieldIcon className="mt-0.5 shrink-0 text-lg text-brand-600 dark:text-brand-400" />
          <p>{enabled ? t('security.twoFactorOnBody') : t('security.twoFactorOffBody')}</p>
        </div>
      </CardBody>
      <CardFooter>
        {enabled ? (
          <>
            <Button variant="outline" onClick={() => setDialog('regenerate')}>
              {t('security.regenerate')}
            </Button>
            <Button variant="danger" onClick={() => setDialog('disable')}>
              {t('security.turnOff')}
            </Button>
          </>
        ) : (
          <Button onClick={() => setDialog('enable')}>{t('security.enable')}</Button>
        )}
      </CardFooter>
      <Dialog open={dialog === 'enable'} onClose={close} title={t('security.enableTitle')} className="max-w-lg">
        <EnableFlow onDone={close} />
      </Dialog>
      <Dialog open={dialog === 'disable'} onClose={close} title={t('security.disableTitle')}>
        <DisableFlow onDone={close} />
      </Dialog>
      <Dialog open={dialog === 'regenerate'} onClose={close} title={t('security.regenerateTitle')}>
        <RegenerateFlow onDone={close} />
      </Dialog>
    </Card>
  );
}
