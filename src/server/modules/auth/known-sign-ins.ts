import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { authUser, knownSignIns } from '#server/db/schema';
import { COOKIE_PREFIX } from '#server/lib/auth-cookies';

/** How long a place where an account signed in stays known to it (ADR 005). */
export const KNOWN_FOR_DAYS = 30;

/** A random identifier of the browser, ours: it names no account and vouches for nothing by itself. */
export const DEVICE_COOKIE = `${COOKIE_PREFIX}.device`;
const DEVICE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;
const DEVICE_ID = /^[A-Za-z0-9_-]{32}$/;

export function newDeviceId(): string {
  return randomBytes(24).toString('base64url');
}

/** The Set-Cookie line that gives a browser its device identifier. */
export function deviceCookie(id: string): string {
  return `${DEVICE_COOKIE}=${id}; Path=/; Max-Age=${DEVICE_MAX_AGE_SECONDS}; HttpOnly; Secure; SameSite=Lax`;
}

/** The device identifier in a Cookie header, if it holds a well-formed one. */
export function deviceIdIn(cookieHeader: string | null | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (part.slice(0, eq).trim() === DEVICE_COOKIE) {
      const value = part.slice(eq + 1).trim();
      return DEVICE_ID.test(value) ? value : undefined;
    }
  }
  return undefined;
}

/** The places a request comes from: its address, and its device when it has one. */
export function placesOf(address: string | null | undefined, device: string | undefined): string[] {
  return [...(address ? [`ip:${address}`] : []), ...(device ? [`device:${device}`] : [])];
}

/** Notes that the account has just signed in from these places (every new session). */
export async function rememberSignIn(db: Db, userId: string, places: string[]): Promise<void> {
  if (places.length === 0) return;
  await db
    .insert(knownSignIns)
    .values(places.map((place) => ({ userId, place })))
    .onConflictDoUpdate({ target: [knownSignIns.userId, knownSignIns.place], set: { lastAt: sql`now()` } });
}

/** Whether the account with this (normalised) email signed in from one of these places within the last 30 days. */
export async function isKnownPlace(db: Db, email: string, places: string[]): Promise<boolean> {
  if (places.length === 0) return false;
  const [row] = await db
    .select({ one: sql`1` })
    .from(authUser)
    .innerJoin(knownSignIns, eq(knownSignIns.userId, authUser.id))
    .where(and(eq(authUser.email, email), inArray(knownSignIns.place, places), gt(knownSignIns.lastAt, sql`now() - make_interval(days => ${KNOWN_FOR_DAYS})`)))
    .limit(1);
  return row !== undefined;
}
