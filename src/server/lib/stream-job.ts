import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppEnv } from './context';
import { envelope, toAppError } from './error-handler';
import type { ErrorReporter } from './error-reporter';

/**
 * A long job (a plan being generated) as Server-Sent Events: each `progress` the job reports, then one `result`
 * event with its answer or one `error` with the usual envelope (a 5xx is reported like any other). Events are
 * written in order even when the job reports synchronously. A client that goes away only stops the events: the job
 * runs to its end, so what it saves is still saved.
 */
export function streamJob<E extends AppEnv>(c: Context<E>, reporter: ErrorReporter, resultEvent: string, run: (progress: (data: unknown) => void) => Promise<unknown>) {
  // Proxies (nginx) would otherwise hold the events back until the answer is complete.
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    let queue = Promise.resolve();
    const send = (event: string, data: unknown) => {
      queue = queue.then(() => (stream.aborted || stream.closed ? undefined : stream.writeSSE({ event, data: JSON.stringify(data) }))).catch(() => undefined);
      return queue;
    };
    try {
      const result = await run((data) => void send('progress', data));
      await send(resultEvent, result);
    } catch (error) {
      const e = toAppError(error);
      if (e.statusCode >= 500) {
        reporter.report(e.cause ?? error, { requestId: c.get('requestId'), path: c.req.path, method: c.req.method, userId: c.get('user')?.id });
      }
      await send('error', envelope(c, e));
    }
  });
}

/** Does the client ask for Server-Sent Events? */
export const wantsEvents = <E extends AppEnv>(c: Context<E>) => (c.req.header('accept') ?? '').includes('text/event-stream');
