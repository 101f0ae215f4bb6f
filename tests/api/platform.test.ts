import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '#server/env';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ BODY_LIMIT_BYTES: '2048' });
});
afterAll(() => t.close());

function expectEnvelope(body: any, code: string, status: number, path: string, method: string) {
  expect(body.error).toMatchObject({ code, statusCode: status, path, method });
  expect(typeof body.error.message).toBe('string');
  expect(body.error.messageKey).toMatch(/^\w+\.\w+/);
  expect(new Date(body.error.timestamp).toString()).not.toBe('Invalid Date');
  expect(body.error.requestId).toMatch(/\S/);
}

describe('health', () => {
  it('reports the database', async () => {
    const res = await t.client().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: 'ok' });
  });
});

describe('anti-forgery', () => {
  it('issues 32 random bytes as hex in the body and a strict cookie', async () => {
    const c = t.client();
    const res = await c.get('/api/csrf-token');
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^[0-9a-f]{64}$/);
    const cookie = res.headers.getSetCookie().find((s) => s.startsWith('csrf-token='))!;
    expect(cookie).toContain(`csrf-token=${res.body.token}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=604800/);
  });

  it('gives each browser its own token and keeps it across calls', async () => {
    const a = t.client();
    const first = (await a.get('/api/csrf-token')).body.token;
    expect((await a.get('/api/csrf-token')).body.token).toBe(first);
    expect((await t.client().get('/api/csrf-token')).body.token).not.toBe(first);
  });

  it('rejects a write without the header, without the cookie, or with a different token', async () => {
    const c = t.client();
    await c.signUp();
    const noHeader = await c.request('PATCH', '/api/me', { json: { name: 'X' }, csrf: false });
    expect(noHeader.status).toBe(403);
    expectEnvelope(noHeader.body, 'FORBIDDEN', 403, '/api/me', 'PATCH');
    expect(noHeader.body.error.message).toBe('Invalid CSRF token');

    const wrong = await c.request('PATCH', '/api/me', { json: { name: 'X' }, headers: { 'x-csrf-token': 'a'.repeat(64) } });
    expect(wrong.status).toBe(403);
    const short = await c.request('PATCH', '/api/me', { json: { name: 'X' }, headers: { 'x-csrf-token': 'abc' } });
    expect(short.status).toBe(403);

    const token = c.csrf!;
    c.cookies.delete('csrf-token');
    const noCookie = await c.request('PATCH', '/api/me', { json: { name: 'X' }, headers: { 'x-csrf-token': token } });
    expect(noCookie.status).toBe(403);
    expect(noCookie.body.error.message).toBe('Invalid CSRF token');

    await c.fetchCsrf();
    expect((await c.get('/api/me')).body.name).not.toBe('X');
  });

  it('guards the auth routes too', async () => {
    const res = await t.client().request('POST', '/api/auth/sign-up/email', { json: { email: 'a@b.co', password: 'Str0ngPass' }, csrf: false });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('Invalid CSRF token');
  });

  it('exempts webhook paths', async () => {
    const res = await t.client().request('POST', '/api/webhooks/nothing-here', { json: {}, csrf: false });
    expect(res.status).toBe(404);
  });

  it('lets safe methods through without a token', async () => {
    expect((await t.client().request('HEAD', '/api/health', { csrf: false })).status).toBe(200);
  });
});

describe('errors', () => {
  it('answers an unknown API path with a 404 envelope', async () => {
    const res = await t.client().get('/api/does-not-exist');
    expect(res.status).toBe(404);
    expectEnvelope(res.body, 'NOT_FOUND', 404, '/api/does-not-exist', 'GET');
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const c = t.client();
    await c.signUp();
    const res = await c.request('PATCH', '/api/me', { body: '{"name": ', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expectEnvelope(res.body, 'VALIDATION_ERROR', 400, '/api/me', 'PATCH');
    expect(res.body.error.details).toEqual([{ field: 'body', message: 'Malformed JSON in request body', messageKey: 'request.malformedJson' }]);
  });

  it('answers a body that is not JSON with a 400 envelope', async () => {
    const c = t.client();
    await c.signUp();
    const res = await c.request('PATCH', '/api/me', { body: 'name=X', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
  });

  it('answers an oversized body with a 413 envelope', async () => {
    const c = t.client();
    await c.signUp();
    const res = await c.patch('/api/me', { name: 'x'.repeat(5000) });
    expect(res.status).toBe(413);
    expectEnvelope(res.body, 'PAYLOAD_TOO_LARGE', 413, '/api/me', 'PATCH');
  });

  it('echoes a request id on every response', async () => {
    const res = await t.client().get('/api/health', { 'x-request-id': 'trace-123' });
    expect(res.headers.get('x-request-id')).toBe('trace-123');
    const bad = await t.client().get('/api/nope', { 'x-request-id': '<script>' });
    expect(bad.body.error.requestId).not.toBe('<script>');
    expect(bad.headers.get('x-request-id')).toBe(bad.body.error.requestId);
  });
});

describe('security headers', () => {
  it('sends nosniff and same-origin on API answers, and the CSP, frame-ancestors and a referrer policy on documents', async () => {
    const api = await t.client().get('/api/health');
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    expect(api.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    // The document policies mean nothing on JSON (ADR 030).
    expect(api.headers.get('content-security-policy')).toBeNull();
    expect(api.headers.get('strict-transport-security')).toBeNull(); // HSTS only in production

    const res = await t.client().get('/api/docs');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('OpenAPI', () => {
  it('describes the API as OpenAPI 3.1 from the route schemas', async () => {
    const res = await t.client().get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    for (const path of ['/api/health', '/api/csrf-token', '/api/me', '/api/me/preferences', '/api/billing/plans']) {
      expect(res.body.paths).toHaveProperty([path]);
    }
    expect(res.body.paths['/api/me'].patch.requestBody.content['application/json'].schema).toBeTruthy();
  });

  it('describes the sign-up, sign-in and password-reset routes with their bodies', async () => {
    const res = await t.client().get('/api/openapi.json');
    for (const path of [
      '/api/auth/sign-up/email',
      '/api/auth/sign-in/email',
      '/api/auth/sign-out',
      '/api/auth/request-password-reset',
      '/api/auth/reset-password',
      '/api/auth/two-factor/verify-totp',
    ]) {
      expect(res.body.paths[path]?.post, path).toBeTruthy();
    }
    expect(res.body.paths['/api/auth/get-session'].get).toBeTruthy();
    const signUp = res.body.paths['/api/auth/sign-up/email'].post.requestBody.content['application/json'].schema;
    expect(signUp.required).toEqual(expect.arrayContaining(['email', 'password']));
    expect(res.body.paths['/api/auth/sign-in/email'].post.responses['401']).toBeTruthy();
  });

  it("documents each error message's key and params, in the envelope and in each detail", async () => {
    const res = await t.client().get('/api/openapi.json');
    const error = res.body.components.schemas.ErrorEnvelope.properties.error;
    expect(error.required).toEqual(expect.arrayContaining(['code', 'message', 'messageKey', 'statusCode']));
    expect(error.properties.params.type).toBe('object');
    const detail = error.properties.details.items;
    expect(detail.required).toEqual(expect.arrayContaining(['field', 'message', 'messageKey']));
    expect(Object.keys(detail.properties)).toEqual(expect.arrayContaining(['params']));
  });

  it('serves a docs page without a CDN', async () => {
    const res = await t.client().get('/api/docs');
    expect(res.status).toBe(200);
    expect(res.body).toContain('/api/docs/swagger-ui-bundle.js');
    expect(res.body).not.toMatch(/https?:\/\//);
    const js = await t.client().get('/api/docs/swagger-ui-bundle.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toContain('javascript');
  });
});

describe('catalogue and config', () => {
  it('lists the three tiers with the spec prices and entitlements', async () => {
    const res = await t.client().get('/api/billing/plans');
    expect(res.status).toBe(200);
    const byId = Object.fromEntries(res.body.map((p: any) => [p.id, p]));
    expect(byId.free).toMatchObject({
      priceMonthlyCents: 0,
      price: 0,
      entitlements: { maxPlansPerMonth: 3, hasProgressTracking: true, hasCommunityAccess: true, hasNutritionTracking: false },
    });
    expect(byId.basic).toMatchObject({ priceMonthlyCents: 999, priceYearlyCents: 9990, price: 9.99, entitlements: { maxPlansPerMonth: -1, hasNutritionTracking: true } });
    expect(byId.pro).toMatchObject({ priceMonthlyCents: 1999, priceYearlyCents: 19990, entitlements: { maxPlansPerMonth: -1 } });
    expect(byId.free.features).toContain('7-day Pro trial');
    expect(byId.free.limitations).toContain('No AI calorie tracker');
    const zh = await t.client().get('/api/billing/plans?locale=zh');
    expect(zh.body[2].name).toBe('专业版');
  });

  it('says Google sign-in is off when it is not configured', async () => {
    const res = await t.client().get('/api/config');
    expect(res.body).toMatchObject({ googleEnabled: false, environment: 'test' });
  });

  it('names no support address unless SUPPORT_EMAIL gives one, and refuses one that is not an address', async () => {
    expect((await t.client().get('/api/config')).body.supportEmail).toBeNull();
    const withSupport = await startTestApp({ SUPPORT_EMAIL: 'help@fitforge.example' });
    try {
      expect((await withSupport.client().get('/api/config')).body.supportEmail).toBe('help@fitforge.example');
    } finally {
      await withSupport.close();
    }
    expect(() => readEnv({ SUPPORT_EMAIL: 'not an address' })).toThrow(/SUPPORT_EMAIL: must be an email address/);
  });
});
