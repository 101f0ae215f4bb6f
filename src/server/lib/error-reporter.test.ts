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

  it('keeps the parameters of a failed query, and what the database quotes back, out of the log and out of Sentry', () => {
    const lines: string[] = [];
    const captured: Error[] = [];
    const cause = Object.assign(new Error('invalid input syntax for type integer: "jo@example.com"'), { code: '22P02' });
    const failed = Object.assign(new Error('Failed query: select "id" from "auth_user" where "email" = $1\nparams: jo@example.com'), {
      name: 'DrizzleQueryError',
      query: 'select "id" from "auth_user" where "email" = $1',
      params: ['jo@example.com'],
      cause,
    });
    createErrorReporter({ logger: createLogger('info', (l) => lines.push(l)) }).report(failed, { requestId: 'r1' });
    createErrorReporter({ logger: createLogger('info', (l) => lines.push(l)), sentry: { captureException: (e) => captured.push(e as Error) } }).report(failed);
    expect(JSON.parse(lines[0]!)).toMatchObject({ error: { name: 'DrizzleQueryError', code: '22P02', message: 'Failed query: select "id" from "auth_user" where "email" = $1' } });
    expect(lines.join('\n')).not.toContain('jo@example.com');
    expect(captured[0]!.message).toBe('Failed query: select "id" from "auth_user" where "email" = $1');
    expect(`${captured[0]!.stack} ${JSON.stringify(captured[0])}`).not.toContain('jo@example.com');
  });
});
