import type { MessageParams } from '#core/messages/format';
import { useMemo, useSyncExternalStore } from 'react';
import { type ApiError, isApiError } from './api-client';

/**
 * Workouts and meals logged on this device wait here until the server has them (ADR 023). An item is written before
 * its first send and removed once the server answers it, so a closed tab or a lost connection loses nothing; each
 * item carries the Idempotency-Key it is always sent with, so however often it is sent, the server stores it once.
 * Kept in localStorage: a few kilobytes per item, read synchronously on start, shared by the tabs of the device.
 */
export type OutboxKind = 'workout' | 'meal' | 'savedMeal';

export interface OutboxItem<Body = unknown> {
  /** The Idempotency-Key of every send of this item. */
  key: string;
  /** The account that logged it: another account signed in on this device neither sees nor sends it. */
  userId: string;
  kind: OutboxKind;
  body: Body;
  /** What the lists show while it waits ("Push day", "Banana · 105 kcal"), in the language it was logged in. */
  label: string;
  /** The user's day it belongs to (YYYY-MM-DD): where the day's log shows it. */
  date: string;
  queuedAt: string;
  /** The server refused it (a client error): shown with the server's message, never sent again. */
  /** The server's refusal, kept with its message key so it reads in the user's language (ADR 022). */
  failure: { code: string; message: string; messageKey: string; params?: MessageParams; statusCode: number } | null;
}

const STORAGE_KEY = 'fitforge.outbox';
const listeners = new Set<() => void>();
let snapshot: OutboxItem[] | null = null;

function read(): OutboxItem[] {
  if (snapshot) return snapshot;
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    snapshot = Array.isArray(parsed) ? (parsed as OutboxItem[]) : [];
  } catch {
    snapshot = [];
  }
  return snapshot;
}

function write(change: (items: OutboxItem[]) => OutboxItem[]): void {
  // Read afresh: another tab may have changed the list since this one last looked.
  snapshot = null;
  snapshot = change(read());
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(snapshot));
  } catch {
    /* storage full or blocked: the item lives as long as this page */
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY) return;
    snapshot = null;
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The items of one kind waiting (or refused) for this user, oldest first. */
export function useOutbox(userId: string | undefined, kind: OutboxKind): OutboxItem[] {
  const items = useSyncExternalStore(subscribe, read);
  return useMemo(() => items.filter((i) => i.userId === userId && i.kind === kind), [items, userId, kind]);
}

function addToOutbox<Body>(item: Pick<OutboxItem<Body>, 'userId' | 'kind' | 'body' | 'label' | 'date'>): OutboxItem<Body> {
  const added: OutboxItem<Body> = { ...item, key: crypto.randomUUID(), queuedAt: new Date().toISOString(), failure: null };
  write((items) => [...items, added]);
  return added;
}

/** Forgets an item: sent, or a refused one the user dismissed. */
export function removeFromOutbox(key: string): void {
  write((items) => items.filter((i) => i.key !== key));
}

/**
 * A client error means the server will never take the item as it is: it is shown, not sent again. A lost session
 * (401), a rate limit (429), a network failure or a server error may pass: the item waits for the next try.
 */
function isRefusal(error: unknown): error is ApiError {
  return isApiError(error) && error.statusCode >= 400 && error.statusCode < 500 && error.statusCode !== 401 && error.statusCode !== 408 && error.statusCode !== 429;
}

/** Sent (the server's answer), refused (the server's error: the item is marked), or still waiting (refused: null). */
type Delivery<Answer> = { sent: true; answer: Answer } | { sent: false; refused: ApiError | null };

/** Sends one item: taken off the list once the server answers it, marked when refused, kept when it may pass later. */
async function deliver<Body, Answer>(item: OutboxItem<Body>, send: (item: OutboxItem<Body>) => Promise<Answer>): Promise<Delivery<Answer>> {
  try {
    const answer = await send(item);
    removeFromOutbox(item.key);
    return { sent: true, answer };
  } catch (error) {
    if (!isRefusal(error)) return { sent: false, refused: null };
    const failure = { code: error.code, message: error.message, messageKey: error.messageKey, ...(error.params ? { params: error.params } : {}), statusCode: error.statusCode };
    write((items) => items.map((i) => (i.key === item.key ? { ...i, failure } : i)));
    return { sent: false, refused: error };
  }
}

/** How one kind of record reaches the server. Methods, so a channel of any kind fits a list of channels. */
export interface OutboxChannel<Body = unknown, Answer = unknown> {
  kind: OutboxKind;
  send(item: OutboxItem<Body>): Promise<Answer>;
  /** Shows what the server stored at once (the query cache), then refreshes what depends on it. */
  onSent(answer: Answer): Promise<unknown>;
}

/** What logging answered: what the server stored, or that it waits on this device for the connection. */
export type Logged<Answer> = { queued: false; saved: Answer } | { queued: true };

/**
 * Logs a record through the outbox: kept on the device first, then sent with its key. Offline (or with the server
 * unreachable) it stays queued for the next flush; a refusal is thrown, for the form to show, and the item dropped.
 */
export async function logThroughOutbox<Body, Answer>(channel: OutboxChannel<Body, Answer>, record: Pick<OutboxItem<Body>, 'userId' | 'body' | 'label' | 'date'>): Promise<Logged<Answer>> {
  const item = addToOutbox({ ...record, kind: channel.kind });
  const delivery = await deliver(item, (i) => channel.send(i));
  if (delivery.sent) {
    await channel.onSent(delivery.answer);
    return { queued: false, saved: delivery.answer };
  }
  if (delivery.refused) {
    removeFromOutbox(item.key);
    throw delivery.refused;
  }
  return { queued: true };
}

let flushing: Promise<number> | null = null;

/**
 * Sends this user's waiting items, oldest first, each through its kind's channel; stops at the first that cannot pass
 * now (still offline). Answers how many the server took. One run at a time in a tab (a second call shares the run);
 * two tabs sending the same item store it once (its key).
 */
export function flushOutbox(userId: string, channels: OutboxChannel[]): Promise<number> {
  flushing ??= (async () => {
    let sent = 0;
    for (const item of read().filter((i) => i.userId === userId && !i.failure)) {
      const channel = channels.find((c) => c.kind === item.kind)!;
      const delivery = await deliver(item, (i) => channel.send(i));
      if (delivery.sent) {
        sent += 1;
        await channel.onSent(delivery.answer);
      } else if (!delivery.refused) break;
    }
    return sent;
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}
