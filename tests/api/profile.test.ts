import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAccount, authSession, authUser, communitySettings, fitnessGoals, userPreferences, users } from '#server/db/schema';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_AUTH: '1000/15m' });
});
afterAll(() => t.close());

describe('GET /api/me', () => {
  it('needs a session', async () => {
    const res = await t.client().get('/api/me');
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ code: 'UNAUTHORIZED', message: 'Please sign in to continue', path: '/api/me', method: 'GET' });
  });

  it('returns the profile with defaults for what was never saved', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    const res = await c.get('/api/me');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      email,
      twoFactorEnabled: false,
      hasPassword: true,
      subscription: { tier: 'free', status: 'active', interval: null, startedAt: null, cancelAt: null, trialEndsAt: null, currentPeriodEnd: null },
      entitlements: { maxPlansPerMonth: 3, hasProgressTracking: true, hasCommunityAccess: true, hasNutritionTracking: false },
      preferences: { locale: 'en', timezone: 'UTC', units: 'metric', theme: 'system' },
      fitnessGoals: { goals: ['general_health'], fitnessLevel: 'beginner', equipment: ['none'], workoutsPerWeek: 3 },
      communitySettings: { displayName: null, showStreak: true, bio: null },
    });
    expect(res.body.stats.memberSince).toBe(res.body.createdAt);
  });

  it('answers 404 User profile not found when the account has no profile', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    await t.db.delete(users).where(eq(users.email, email));
    const res = await c.get('/api/me');
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'NOT_FOUND', message: 'User profile not found' });
  });

  it('reflects the paid entitlements of an active subscription and the free ones of an inactive one', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    await t.db.update(users).set({ subscriptionTier: 'pro', subscriptionStatus: 'active' }).where(eq(users.email, email));
    expect((await c.get('/api/me')).body.entitlements.maxPlansPerMonth).toBe(-1);
    await t.db.update(users).set({ subscriptionStatus: 'inactive' }).where(eq(users.email, email));
    expect((await c.get('/api/me')).body.entitlements).toMatchObject({ maxPlansPerMonth: 3, hasNutritionTracking: false });
  });
});

describe('PATCH /api/me', () => {
  it('changes the name on the profile and the account', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    const res = await c.patch('/api/me', { name: '  Mei Chen ' });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Mei Chen');
    const [account] = await t.db.select().from(authUser).where(eq(authUser.email, email));
    expect(account.name).toBe('Mei Chen');
  });

  it('validates and changes nothing on bad input', async () => {
    const c = t.client();
    await c.signUp(undefined, 'Str0ngPass', 'Kept Name');
    for (const body of [{ name: '' }, { name: 'x'.repeat(101) }, {}, { name: 'A', email: 'new@example.com' }, { subscriptionTier: 'pro' }]) {
      const res = await c.patch('/api/me', body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.details.length).toBeGreaterThan(0);
    }
    const me = (await c.get('/api/me')).body;
    expect(me.name).toBe('Kept Name');
    expect(me.subscription.tier).toBe('free');
  });
});

describe('preferences, fitness goals and community settings', () => {
  it('upsert one row per user, changing only what is sent', async () => {
    const c = t.client();
    await c.signUp();
    const first = await c.put('/api/me/preferences', { locale: 'zh', timezone: 'Asia/Shanghai', heightCm: 172 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ locale: 'zh', timezone: 'Asia/Shanghai', heightCm: 172, units: 'metric' });
    const second = await c.put('/api/me/preferences', { weightKg: 70.5, theme: 'dark' });
    expect(second.body).toMatchObject({ locale: 'zh', timezone: 'Asia/Shanghai', heightCm: 172, weightKg: 70.5, theme: 'dark' });
    const me = (await c.get('/api/me')).body;
    expect(me.preferences).toEqual(second.body);
    const rows = await t.db.select().from(userPreferences).where(eq(userPreferences.userId, me.id));
    expect(rows).toHaveLength(1);

    await t.db.update(users).set({ subscriptionTier: 'basic' }).where(eq(users.id, me.id));
    const goals = await c.put('/api/me/fitness-goals', { goals: ['build_muscle', 'increase_strength'], fitnessLevel: 'intermediate', equipment: ['dumbbells', 'pull_up_bar'] });
    expect(goals.status).toBe(200);
    expect(goals.body).toMatchObject({ goals: ['build_muscle', 'increase_strength'], fitnessLevel: 'intermediate', workoutsPerWeek: 3 });
    await c.put('/api/me/fitness-goals', { workoutsPerWeek: 5 });
    expect(await t.db.select().from(fitnessGoals).where(eq(fitnessGoals.userId, me.id))).toHaveLength(1);
    expect((await c.get('/api/me')).body.fitnessGoals).toMatchObject({ goals: ['build_muscle', 'increase_strength'], workoutsPerWeek: 5 });

    const community = await c.put('/api/me/community-settings', { displayName: 'IronMei', showStreak: false });
    expect(community.body).toEqual({ displayName: 'IronMei', showStreak: false, bio: null });
    await c.put('/api/me/community-settings', { bio: 'Lifting since 2020' });
    expect(await t.db.select().from(communitySettings).where(eq(communitySettings.userId, me.id))).toHaveLength(1);
  });

  it('rejects bad values with a message per field and saves nothing', async () => {
    const c = t.client();
    await c.signUp();
    const bad = await c.put('/api/me/preferences', { locale: 'fr', timezone: 'Mars/Olympus', heightCm: 20, units: 'cubits' });
    expect(bad.status).toBe(400);
    const fields = Object.fromEntries(bad.body.error.details.map((d: any) => [d.field, d.message]));
    expect(fields).toMatchObject({ locale: 'Locale must be en or zh', timezone: 'Unknown time zone', heightCm: 'Height must be between 100 and 250 cm' });
    const goals = await c.put('/api/me/fitness-goals', { goals: ['lose_weight', 'build_muscle', 'general_health', 'improve_endurance'] });
    expect(goals.body.error.details).toContainEqual({ field: 'goals', message: 'Choose at most 3 goals', messageKey: 'profile.goalsMax' });
    const name = await c.put('/api/me/community-settings', { displayName: 'x' });
    expect(name.body.error.details).toContainEqual({ field: 'displayName', message: 'Display name must be 2 to 40 characters', messageKey: 'profile.displayName' });
    const me = (await c.get('/api/me')).body;
    expect(me.preferences.locale).toBe('en');
    expect(await t.db.select().from(userPreferences).where(eq(userPreferences.userId, me.id))).toHaveLength(0);
  });

  it('keeps to the goals and equipment of the tier, as the plan generator does, and saves nothing locked', async () => {
    const c = t.client();
    await c.signUp();
    const free = await c.put('/api/me/fitness-goals', { goals: ['lose_weight', 'build_muscle'], equipment: ['dumbbells', 'barbell'], workoutsPerWeek: 6 });
    expect(free.status).toBe(403);
    expect(free.body.error).toMatchObject({ code: 'SUBSCRIPTION_REQUIRED', message: 'This feature requires a subscription' });
    expect(free.body.error.details).toEqual([
      { field: 'goals.1', message: 'Available with a Basic or Pro subscription', messageKey: 'plansApi.locked' },
      { field: 'equipment.1', message: 'Available with a Basic or Pro subscription', messageKey: 'plansApi.locked' },
    ]);
    const me = (await c.get('/api/me')).body;
    expect(me.fitnessGoals).toMatchObject({ goals: ['general_health'], equipment: ['none'], workoutsPerWeek: 3 });

    const allowed = await c.put('/api/me/fitness-goals', { goals: ['lose_weight', 'improve_endurance'], equipment: ['dumbbells', 'resistance_bands'] });
    expect(allowed.status).toBe(200);
    await t.db.update(users).set({ subscriptionTier: 'pro' }).where(eq(users.id, me.id));
    expect((await c.put('/api/me/fitness-goals', { goals: ['build_muscle'], equipment: ['barbell'] })).status).toBe(200);
  });

  it('refuses "no equipment" beside other equipment', async () => {
    const c = t.client();
    await c.signUp();
    const res = await c.put('/api/me/fitness-goals', { equipment: ['none', 'dumbbells'] });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toContainEqual({ field: 'equipment', message: 'No equipment cannot be combined with other equipment', messageKey: 'profile.equipmentNone' });
    expect((await c.put('/api/me/fitness-goals', { equipment: ['none'] })).status).toBe(200);
  });

  it("never touches another user's rows", async () => {
    const a = t.client();
    const b = t.client();
    await a.signUp();
    await b.signUp();
    await a.put('/api/me/preferences', { locale: 'zh' });
    await b.put('/api/me/preferences', { locale: 'en', timezone: 'Europe/Paris' });
    expect((await a.get('/api/me')).body.preferences).toMatchObject({ locale: 'zh', timezone: 'UTC' });
  });
});

describe('profile rate limit (10 per 5 minutes)', () => {
  it('refuses the 11th profile write with its message', async () => {
    const c = t.client();
    await c.signUp();
    for (let i = 0; i < 10; i++) expect((await c.put('/api/me/preferences', { units: i % 2 ? 'metric' : 'imperial' })).status).toBe(200);
    const res = await c.patch('/api/me', { name: 'Too Fast' });
    expect(res.status).toBe(429);
    expect(res.body.error).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', message: 'Too many profile updates. Please try again later.' });
    expect(res.body.error.retryAfter).toBeGreaterThan(0);
    expect((await c.get('/api/me')).body.name).not.toBe('Too Fast');
  });
});

describe('DELETE /api/me', () => {
  it('removes the account and all its data, and signs the browser out', async () => {
    const c = t.client();
    const { email, password } = await c.signUp();
    const me = (await c.get('/api/me')).body;
    await c.put('/api/me/preferences', { locale: 'zh' });
    await c.put('/api/me/fitness-goals', { workoutsPerWeek: 4 });
    await c.put('/api/me/community-settings', { showStreak: false });
    const other = t.client();
    await other.signUp();

    const res = await c.delete('/api/me', { password });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await c.get('/api/me')).status).toBe(401);
    expect((await t.client().post('/api/auth/sign-in/email', { email, password })).status).toBe(401);
    for (const table of [userPreferences, fitnessGoals, communitySettings]) {
      expect(await t.db.select().from(table).where(eq(table.userId, me.id))).toHaveLength(0);
    }
    expect(await t.db.select().from(users).where(eq(users.id, me.id))).toHaveLength(0);
    const [{ count }] = await t.db.select({ count: sql<number>`count(*)::int` }).from(authSession).innerJoin(authUser, eq(authUser.id, authSession.userId)).where(eq(authUser.email, email));
    expect(count).toBe(0);
    expect((await other.get('/api/me')).status).toBe(200);
  });

  it('asks for the current password, and a wrong or missing one changes nothing', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    const wrong = await c.delete('/api/me', { password: 'Wr0ngPass' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Invalid password', statusCode: 401 });
    const missing = await c.delete('/api/me', {});
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'password', message: 'Password is required' }] });
    expect((await c.delete('/api/me')).status).toBe(400);
    expect((await c.get('/api/me')).body.email).toBe(email);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  /** The account as Google sign-in leaves it: no password. Returns its id. */
  async function withoutPassword(email: string) {
    const [account] = await t.db.select({ id: authUser.id }).from(authUser).where(eq(authUser.email, email));
    await t.db.update(authAccount).set({ password: null }).where(eq(authAccount.userId, account.id));
    return account.id;
  }

  it('asks an account without a password (Google sign-in) for a sign-in within the last 10 minutes', async () => {
    const stale = t.client();
    const { email } = await stale.signUp();
    const id = await withoutPassword(email);
    await t.db
      .update(authSession)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(authSession.userId, id));
    expect((await stale.get('/api/me')).body.hasPassword).toBe(false);
    const refused = await stale.delete('/api/me', {});
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'FORBIDDEN', message: 'Please sign in again to delete your account' });
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);

    const fresh = t.client();
    const { email: freshEmail } = await fresh.signUp();
    await withoutPassword(freshEmail);
    expect((await fresh.delete('/api/me', {})).status).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.email, freshEmail))).toHaveLength(0);
  });
});
