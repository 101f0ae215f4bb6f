import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { IMAGE_ACCEPT, IMAGE_MESSAGES, MAX_IMAGE_BYTES } from '#core/common/images';
import type { ScanAllowance, ScanResult, ScanSource } from '#core/nutrition/scans/schemas';
import { Alert } from '#web/components/ui/alert';
import { Badge } from '#web/components/ui/badge';
import { Button, ButtonLink, buttonClasses } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { ErrorState } from '#web/components/ui/error-state';
import { CameraIcon, PlusIcon } from '#web/components/ui/icons';
import { PageSpinner } from '#web/components/ui/spinner';
import { useToast } from '#web/components/ui/toast';
import { isApiError } from '#web/lib/api-client';
import { useErrorText, useMessageText } from '#web/lib/errors';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useLocale, useLocalePath } from '#web/lib/use-locale';
import { useUpgradePath } from '#web/app/upgrade-path';
import { useScanAllowance, useScanPhoto } from '../api/scans';
import { NutritionHeader } from './nutrition-header';
import { ScanCamera } from './scan-camera';
import { ScanDraft } from './scan-draft';
import { ScanProgress } from './scan-progress';

type Stage = 'choose' | 'camera' | 'analysing' | 'draft';

/** Free (outside the trial) and a basic user whose month is used up see why, and the way to more. */
function Locked({ allowance }: { allowance: ScanAllowance }) {
  const { t } = useTranslation();
  const upgradeTo = useUpgradePath();
  const free = allowance.upgradeTo === 'basic';
  return (
    <Card className="space-y-4 p-6 text-center sm:p-8">
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600 dark:bg-brand-500/10 dark:text-brand-400">
        <CameraIcon className="size-6" />
      </div>
      <div className="space-y-2">
        <h2 className="text-lg font-semibold text-zinc-900 dark:text-white">{t(free ? 'scan.locked.freeTitle' : 'scan.locked.usedUpTitle')}</h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{free ? t('scan.locked.freeBody') : t('scan.locked.usedUpBody', { limit: allowance.limit ?? 0 })}</p>
      </div>
      {/* The trial comes with Pro, so a free user is offered Pro; a Basic user out of scans, the upgrade. */}
      <ButtonLink to={upgradeTo('pro')}>{t(free ? 'scan.locked.freeAction' : 'scan.locked.usedUpAction')}</ButtonLink>
    </Card>
  );
}

/** The two ways in: a photo from the device (the phone offers its camera here too) and, for pro, the webcam. */
function Choose({ allowance, onFile, onWebcam }: { allowance: ScanAllowance; onFile: (file: File) => void; onWebcam: () => void }) {
  const { t } = useTranslation();
  const upgradeTo = useUpgradePath();
  const input = useRef<HTMLInputElement>(null);
  function picked(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onFile(file);
  }
  return (
    <div className="space-y-4">
      <Card className="space-y-3 p-5 sm:p-6">
        <label className={buttonClasses('primary', 'lg', 'w-full cursor-pointer')}>
          <PlusIcon className="size-5" />
          {t('scan.choose.upload')}
          <input ref={input} type="file" accept={IMAGE_ACCEPT} className="sr-only" onChange={picked} data-testid="scan-file" />
        </label>
        {allowance.webcam ? (
          <Button variant="outline" size="lg" className="w-full" icon={<CameraIcon />} onClick={onWebcam}>
            {t('scan.choose.webcam')}
          </Button>
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-dashed border-zinc-300 px-4 py-3 dark:border-zinc-700">
            <span className="flex items-center gap-2 text-sm text-zinc-500 dark:text-zinc-400">
              <CameraIcon className="size-4" />
              {t('scan.choose.webcamLocked')}
              <Badge tone="brand">Pro</Badge>
            </span>
            <ButtonLink variant="ghost" size="sm" to={upgradeTo('pro')}>
              {t('scan.choose.upgrade')}
            </ButtonLink>
          </div>
        )}
        <p className="text-center text-sm text-zinc-600 dark:text-zinc-400" data-testid="scan-allowance">
          {allowance.remaining === null
            ? t(allowance.storesPhotos ? 'scan.choose.unlimitedStored' : 'scan.choose.unlimited')
            : t('scan.choose.remaining', { count: allowance.remaining, limit: allowance.limit ?? 0 })}
          {allowance.inTrial ? ` · ${t('scan.choose.trial')}` : ''}
        </p>
      </Card>
      {allowance.engine === 'local' ? <p className="px-1 text-xs text-zinc-500 dark:text-zinc-400">{t('scan.choose.localNote')}</p> : null}
    </div>
  );
}

/** Photo → analysing → editable draft → logged: the AI calorie tracker. */
export function ScanPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const navigate = useNavigate();
  const toast = useToast();
  const errorText = useErrorText();
  const messageText = useMessageText();
  useDocumentTitle(t('scan.title'));
  const allowance = useScanAllowance();
  const scanPhoto = useScanPhoto();
  const [stage, setStage] = useState<Stage>('choose');
  const [photoUrl, setPhotoUrl] = useState<string | null>(null);
  const [result, setResult] = useState<ScanResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => () => void (photoUrl && URL.revokeObjectURL(photoUrl)), [photoUrl]);

  function analyse(image: Blob, source: ScanSource) {
    setProblem(null);
    if (image.size > MAX_IMAGE_BYTES) return setProblem(messageText(IMAGE_MESSAGES.imageTooLarge) ?? null);
    if (image.type && !image.type.startsWith('image/')) return setProblem(messageText(IMAGE_MESSAGES.imageType) ?? null);
    setPhotoUrl(URL.createObjectURL(image));
    setStage('analysing');
    scanPhoto.mutate(
      { image, source, locale },
      {
        onSuccess: (res) => {
          setResult(res);
          setStage('draft');
        },
        onError: (error) => {
          const detail = isApiError(error) ? error.details[0] : undefined;
          setProblem(detail ? messageText(detail) : errorText(error));
          setStage('choose');
          void allowance.refetch();
        },
      },
    );
  }

  function restart() {
    setResult(null);
    setProblem(null);
    setStage('choose');
  }

  let body;
  if (allowance.isPending) body = <PageSpinner />;
  else if (allowance.isError) body = <ErrorState error={allowance.error} onRetry={() => void allowance.refetch()} />;
  else if (stage === 'analysing') body = <ScanProgress photoUrl={photoUrl} />;
  else if (stage === 'draft' && result)
    body = (
      <ScanDraft
        result={result}
        photoUrl={photoUrl}
        onRetake={restart}
        onLogged={(count) => {
          toast.success(t('scan.logged', { count }));
          navigate(to('app/nutrition'));
        }}
      />
    );
  else if (!allowance.data.allowed) body = <Locked allowance={allowance.data} />;
  else if (stage === 'camera') body = <ScanCamera onCapture={(blob) => analyse(blob, 'webcam')} onCancel={() => setStage('choose')} />;
  else body = <Choose allowance={allowance.data} onFile={(file) => analyse(file, 'upload')} onWebcam={() => setStage('camera')} />;

  return (
    <div className="container-page max-w-3xl py-8 sm:py-10">
      <NutritionHeader subtitle={t('scan.subtitle')} />
      <div className="space-y-4">
        {problem && stage === 'choose' ? (
          <Alert tone="error" title={t('scan.failed')}>
            {problem}
          </Alert>
        ) : null}
        {body}
      </div>
    </div>
  );
}
