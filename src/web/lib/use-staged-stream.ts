import { useEffect, useRef, useState } from 'react';

/** How fast the received stages are shown: the built-in engines send them all at once, a person reads them in turn. */
const STAGE_INTERVAL_MS = 90;

/**
 * A streamed job's progress played back one stage at a time (`shown`), then `onDone` with its result once every
 * stage has been shown. `run` starts a job (a failure rejects, for the caller to show); leaving the page aborts it.
 */
export function useStagedStream<E, R>(active: boolean, onDone: (result: R) => void) {
  const [shown, setShown] = useState<E[]>([]);
  const received = useRef<E[]>([]);
  const result = useRef<R | null>(null);
  const controller = useRef<AbortController | null>(null);
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => () => controller.current?.abort(), []);

  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => {
      if (received.current.length > 0) {
        const next = received.current.shift()!;
        setShown((s) => [...s, next]);
        return;
      }
      if (result.current) {
        window.clearInterval(timer);
        done.current(result.current);
      }
    }, STAGE_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [active]);

  async function run(start: (opts: { onProgress: (event: E) => void; signal: AbortSignal }) => Promise<R>): Promise<void> {
    received.current = [];
    result.current = null;
    setShown([]);
    controller.current = new AbortController();
    result.current = await start({ onProgress: (e) => received.current.push(e), signal: controller.current.signal });
  }

  return { shown, run };
}
