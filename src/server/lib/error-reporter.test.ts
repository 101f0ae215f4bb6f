import { describe, expect, it } from 'vitest';
import { createErrorReporter } from './error-reporter';
import { createLogger } from './logger';

describe('error reporter', () => {
  it('keeps the last 100 errors and shows the 10 newest by default, newest first', () => {
    const lines: string[] = [];
    const reporter = createErrorReporter({ logger: createLogger('info', (l) => lines.push(l)) });
    for (let i = 0; i < 130; i++) reporter.report(new Error(`e${i}`), { requestId: `r${i}`, path: '/api/x', method: 'GET', userId: 'u1' });
    expect(reporter.recent()).toHaveLength(10);
    expect(reporter.recent()[0].error.message).toBe('e129');
    expect(reporter.recent(1000)).toHaveLength(100);
    expect(reporter.recent(1000).at(-1)!.error.message).toBe('e30');
    expect(reporter.recent(1)[0]).toMatchObject({ userId: 'u1', context: { requestId: 'r129', path: '/api/x', method: 'GET' } });
  });

  it('logs a JSON line when no Sentry is configured, and sends to Sentry when it is', () => {
    const lines: string[] = [];
    const plain = createErrorReporter({ logger: createLogger('info', (l) => lines.push(l)) });
    plain.report(new Error('boom'), { requestId: 'abc' });
    expect(JSON.parse(lines[0])).toMatchObject({ level: 'error', requestId: 'abc', error: { message: 'boom' } });

    const captured: unknown[] = [];
    const withSentry = createErrorReporter({ logger: createLogger('info', (l) => lines.push(l)), sentry: { captureException: (e) => captured.push(e) } });
    withSentry.report(new Error('to sentry'));
    expect(captured).toHaveLength(1);
    expect(lines).toHaveLength(1);
  });
});
