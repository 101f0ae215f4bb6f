import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '#web/components/ui/alert';
import { Spinner } from '#web/components/ui/spinner';

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorClass = new (opts: { formats: string[] }) => Detector;

const FORMATS = ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'itf'];

/**
 * The camera, reading product barcodes: the browser's BarcodeDetector where it has one, else the zxing decoder, loaded
 * only now (it never enters the first-load bundles). Calls `onCode` once with the digits read.
 */
export default function BarcodeCamera({ onCode }: { onCode: (digits: string) => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const done = useRef(onCode);
  done.current = onCode;

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let stopZxing: (() => void) | null = null;
    const found = (text: string) => {
      if (stopped || !/^\d{8,14}$/.test(text)) return;
      stopped = true;
      done.current(text);
    };
    (async () => {
      try {
        const Native = (window as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
        if (Native) {
          stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
          const el = video.current;
          if (!el || stopped) return;
          el.srcObject = stream;
          await el.play();
          setReady(true);
          const detector = new Native({ formats: FORMATS });
          while (!stopped) {
            const codes = await detector.detect(el).catch(() => []);
            if (codes[0]) found(codes[0].rawValue);
            await new Promise((r) => setTimeout(r, 200));
          }
        } else {
          const { BrowserMultiFormatReader } = await import('@zxing/browser');
          if (stopped || !video.current) return;
          const controls = await new BrowserMultiFormatReader().decodeFromConstraints({ video: { facingMode: 'environment' } }, video.current, (result) => {
            if (result) found(result.getText());
          });
          stopZxing = () => controls.stop();
          if (stopped) stopZxing();
          setReady(true);
        }
      } catch {
        if (!stopped) setProblem(t('nutrition.barcode.noCamera'));
      }
    })();
    return () => {
      stopped = true;
      stopZxing?.();
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [t]);

  if (problem) return <Alert tone="warning">{problem}</Alert>;
  return (
    <div className="relative overflow-hidden rounded-xl bg-zinc-900">
      <video ref={video} muted playsInline className="aspect-[4/3] w-full object-cover" aria-label={t('nutrition.barcode.cameraLabel')} />
      <div aria-hidden="true" className="pointer-events-none absolute inset-x-8 top-1/2 h-0.5 -translate-y-1/2 bg-red-500/80" />
      {ready ? null : <Spinner className="absolute inset-0 m-auto flex items-center justify-center text-2xl text-white" />}
    </div>
  );
}
