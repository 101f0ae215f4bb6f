import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { CameraIcon } from '#web/components/ui/icons';
import { Spinner } from '#web/components/ui/spinner';

type CameraState = 'starting' | 'live' | 'denied' | 'absent' | 'busy' | 'unsupported' | 'failed';

/** getUserMedia's failures, as the person in front of the camera can act on them. */
function stateFor(error: unknown): CameraState {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'absent';
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy';
  return 'failed';
}

/**
 * Pro's webcam: a live preview of the back camera where there is one, and a frame captured as a JPEG. The camera is
 * released as soon as the frame is taken or the view is left.
 */
export function ScanCamera({ onCapture, onCancel }: { onCapture: (photo: Blob) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [state, setState] = useState<CameraState>('starting');

  const release = () => {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the camera starts once; `release` only stops what it started.
  useEffect(() => {
    let cancelled = false;
    if (!navigator.mediaDevices?.getUserMedia) {
      setState('unsupported');
      return;
    }
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 960 } }, audio: false })
      .then((s) => {
        if (cancelled) {
          for (const track of s.getTracks()) track.stop();
          return;
        }
        stream.current = s;
        if (video.current) {
          video.current.srcObject = s;
          void video.current.play().catch(() => undefined);
        }
        setState('live');
      })
      .catch((error: unknown) => !cancelled && setState(stateFor(error)));
    return () => {
      cancelled = true;
      release();
    };
  }, []);

  function capture() {
    const v = video.current;
    if (!v?.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = v.videoWidth;
    canvas.height = v.videoHeight;
    canvas.getContext('2d')?.drawImage(v, 0, 0);
    canvas.toBlob(
      (blob) => {
        if (!blob) return setState('failed');
        release();
        onCapture(blob);
      },
      'image/jpeg',
      0.9,
    );
  }

  const problem = state !== 'starting' && state !== 'live';
  return (
    <div className="space-y-4">
      {problem ? (
        <Alert tone={state === 'denied' ? 'warning' : 'error'} title={t(`scan.camera.${state}.title`)}>
          {t(`scan.camera.${state}.body`)}
        </Alert>
      ) : (
        <div className="relative overflow-hidden rounded-2xl bg-zinc-900 ring-1 ring-zinc-200 dark:ring-zinc-800">
          <video ref={video} className="aspect-[4/3] w-full object-cover" playsInline muted autoPlay aria-label={t('scan.camera.preview')} />
          {state === 'starting' ? (
            <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-sm text-zinc-200">
              <Spinner className="text-2xl" decorative />
              {t('scan.camera.starting')}
            </div>
          ) : null}
        </div>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          {problem ? t('scan.camera.useUpload') : t('common.cancel')}
        </Button>
        {problem ? null : (
          <Button onClick={capture} disabled={state !== 'live'} icon={<CameraIcon />}>
            {t('scan.camera.capture')}
          </Button>
        )}
      </div>
    </div>
  );
}
