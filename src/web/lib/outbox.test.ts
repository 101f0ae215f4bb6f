// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { codeMessage } from '#core/errors/catalogue';
import { ApiError } from './api-client';
import { flushOutbox, logThroughOutbox, type OutboxChannel, type OutboxItem, useOutbox } from './outbox';

const offline = () => new ApiError({ code: 'NETWORK_ERROR', ...codeMessage('NETWORK_ERROR'), statusCode: 0 });
const refused = () => new ApiError({ code: 'VALIDATION_ERROR', ...codeMessage('VALIDATION_ERROR'), statusCode: 400 });

/** A server as the outbox meets it: answers, or fails the way it is told to, and records each key it was sent. */
function server(fail: () => ApiError | null = () => null) {
  const sent: string[] = [];
  const shown: string[] = [];
  const channel: OutboxChannel<{ n: number }, { id: string }> = {
    kind: 'workout',
    async send(item) {
      const error = fail();
      if (error) throw error;
      sent.push(item.key);
      return { id: `saved-${item.body.n}` };
    },
    async onSent(answer) {
      shown.push(answer.id);
    },
  };
  return { channel, sent, shown };
}

let users = 0;
const newUser = () => `user-${++users}`;
const record = (userId: string, n: number) => ({ userId, body: { n }, label: `Workout ${n}`, date: '2026-11-25' });

function waitingOf(userId: string): OutboxItem[] {
  return renderHook(() => useOutbox(userId, 'workout')).result.current;
}

describe('the outbox', () => {
  it('sends at once when it can: the answer is shown and nothing waits', async () => {
    const user = newUser();
    const { channel, sent, shown } = server();
    expect(await logThroughOutbox(channel, record(user, 1))).toEqual({ queued: false, saved: { id: 'saved-1' } });
    expect(sent).toHaveLength(1);
    expect(shown).toEqual(['saved-1']);
    expect(waitingOf(user)).toEqual([]);
  });

  it('offline, keeps the item; the next flush sends it with the same key, once', async () => {
    const user = newUser();
    let down = true;
    const { channel, sent, shown } = server(() => (down ? offline() : null));
    expect(await logThroughOutbox(channel, record(user, 1))).toEqual({ queued: true });
    const [item] = waitingOf(user);
    expect(item).toMatchObject({ label: 'Workout 1', failure: null });
    expect(item!.key).toMatch(/^[0-9a-f-]{36}$/);

    down = false;
    expect(await act(() => flushOutbox(user, [channel]))).toBe(1);
    expect(await act(() => flushOutbox(user, [channel]))).toBe(0);
    expect(sent).toEqual([item!.key]);
    expect(shown).toEqual(['saved-1']);
    expect(waitingOf(user)).toEqual([]);
  });

  it('a refusal while online is the caller’s error, and nothing is kept', async () => {
    const user = newUser();
    const { channel } = server(refused);
    await expect(logThroughOutbox(channel, record(user, 1))).rejects.toMatchObject({ statusCode: 400 });
    expect(waitingOf(user)).toEqual([]);
  });

  it('a flush sends oldest first, stops while offline, marks a refused item and never sends it again', async () => {
    const user = newUser();
    const answers: (ApiError | null)[] = [offline(), offline(), offline()];
    const { channel, sent } = server(() => answers.shift() ?? null);
    for (const n of [1, 2, 3]) await logThroughOutbox(channel, record(user, n));
    expect(waitingOf(user).map((i) => i.label)).toEqual(['Workout 1', 'Workout 2', 'Workout 3']);

    // Still offline: the first fails, the others are not tried.
    answers.push(offline(), null, null);
    await act(() => flushOutbox(user, [channel]));
    expect(sent).toEqual([]);
    expect(answers).toHaveLength(2);

    // The server refuses the first: it stays, marked; the others go.
    answers.splice(0, answers.length, new ApiError({ code: 'IDEMPOTENCY_KEY_REUSED', ...codeMessage('IDEMPOTENCY_KEY_REUSED'), statusCode: 422 }));
    await act(() => flushOutbox(user, [channel]));
    const left = waitingOf(user);
    expect(left.map((i) => i.label)).toEqual(['Workout 1']);
    expect(left[0]!.failure).toEqual({ code: 'IDEMPOTENCY_KEY_REUSED', ...codeMessage('IDEMPOTENCY_KEY_REUSED'), statusCode: 422 });
    expect(sent).toHaveLength(2);

    await act(() => flushOutbox(user, [channel]));
    expect(sent).toHaveLength(2);
  });

  it("sends and shows only the signed-in account's items", async () => {
    const [a, b] = [newUser(), newUser()];
    const down = server(offline);
    await logThroughOutbox(down.channel, record(a, 1));
    const up = server();
    await act(() => flushOutbox(b, [up.channel]));
    expect(up.sent).toEqual([]);
    expect(waitingOf(b)).toEqual([]);
    expect(waitingOf(a)).toHaveLength(1);
  });
});
