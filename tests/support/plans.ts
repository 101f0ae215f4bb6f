import { eq } from 'drizzle-orm';
import { users } from '#server/db/schema';
import type { TestApp, TestClient, TestResponse } from './test-app';

/** A request every tier may make: a free plan type, goal and equipment. */
export const FREE_INPUT = {
  planType: 'general_fitness',
  goals: ['general_health'],
  fitnessLevel: 'beginner',
  equipment: ['none'],
  duration: 4,
} as const;

/** A request only basic and pro may make. */
export const PAID_INPUT = {
  planType: 'strength',
  goals: ['increase_strength', 'build_muscle'],
  fitnessLevel: 'intermediate',
  equipment: ['barbell', 'dumbbells'],
  duration: 8,
} as const;

/** A signed-up user on the given tier (written straight to the profile: billing has its own tests). */
export async function userOnTier(t: TestApp, tier: 'free' | 'basic' | 'pro' = 'free', status: 'active' | 'inactive' | 'canceling' | 'past_due' = 'active') {
  const c = t.client();
  const { email } = await c.signUp();
  if (tier !== 'free' || status !== 'active') await t.db.update(users).set({ subscriptionTier: tier, subscriptionStatus: status }).where(eq(users.email, email));
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { c, email, userId: row.id };
}

/** A plan of the client's own, generated as a free user may (the id to point workouts and schedules at). */
export async function ownPlan(c: TestClient): Promise<string> {
  const res = await c.post('/api/fitness-plans', FREE_INPUT);
  if (res.status !== 201) throw new Error(`plan generation failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

export interface SseEvent {
  event: string;
  data: any;
}

/** The events of a text/event-stream body, in order, with their data parsed as JSON. */
export function parseSse(body: string): SseEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((l) => l.startsWith('event: '))?.slice(7) ?? 'message';
      const data = lines
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n');
      return { event, data: JSON.parse(data) };
    });
}

/** POST /api/fitness-plans asking for the event stream. */
export function generateStreamed(c: TestClient, body: unknown): Promise<TestResponse<string>> {
  return c.request<string>('POST', '/api/fitness-plans', { json: body, headers: { accept: 'text/event-stream' } });
}
