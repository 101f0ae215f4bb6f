import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '#server/db/schema';
import type { TestApp, TestClient } from './test-app';

export interface NutritionClient extends TestClient {
  id: string;
  zone: string;
}

/** A signed-up user with these preferences (UTC unless told), and their profile id. */
export async function nutritionUser(t: TestApp, preferences: Record<string, unknown> = {}): Promise<NutritionClient> {
  const c = t.client() as NutritionClient;
  await c.signUp();
  const zone = (preferences.timezone as string | undefined) ?? 'UTC';
  expect((await c.put('/api/me/preferences', { timezone: zone, ...preferences })).status).toBe(200);
  c.id = (await c.get('/api/me')).body.id;
  c.zone = zone;
  return c;
}

export async function setTier(t: TestApp, c: NutritionClient, tier: 'free' | 'basic' | 'pro', status: 'active' | 'inactive' | 'canceling' | 'past_due' = 'active') {
  await t.db.update(users).set({ subscriptionTier: tier, subscriptionStatus: status }).where(eq(users.id, c.id));
}

/** The `details` of an error answer as { field: message }. */
export function fields(res: { body: any }): Record<string, string> {
  return Object.fromEntries((res.body?.error?.details ?? []).map((d: { field: string; message: string }) => [d.field, d.message]));
}

export const HOUR = 3_600_000;
export const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
