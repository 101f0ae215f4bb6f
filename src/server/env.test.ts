import { describe, expect, it } from 'vitest';
import { readEnv } from './env';

describe('readEnv', () => {
  it('gives the embedded defaults with nothing set', () => {
    const env = readEnv({});
    expect(env).toMatchObject({ port: 3000, nodeEnv: 'development', trustProxy: 0, databaseUrl: undefined, redisUrl: undefined });
    expect(env.dataDir).toMatch(/data$/);
    expect(env.rateLimits.auth.free).toEqual({ max: 5, windowMs: 900_000 });
    expect(env.openFoodFacts).toBeUndefined();
    expect(readEnv({ OPENFOODFACTS_URL: 'https://world.openfoodfacts.org' }).openFoodFacts).toEqual({ url: 'https://world.openfoodfacts.org', timeoutMs: 4000 });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL'],
    [{ RATE_LIMIT_AUTH: '5/15x' }, 'RATE_LIMIT_AUTH: Invalid window format'],
    [{ RATE_LIMIT_AI_PAID: 'lots' }, 'RATE_LIMIT_AI_PAID'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET'],
    [{ GOOGLE_CLIENT_ID: 'id-only' }, 'GOOGLE_CLIENT_SECRET'],
    [{ NODE_ENV: 'production' }, 'AUTH_SECRET'],
    [{ STRIPE_SECRET_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }, 'STRIPE_SECRET_KEY'],
    [{ STRIPE_SECRET_KEY: 'sk_test_1' }, 'STRIPE_WEBHOOK_SECRET'],
    [{ STRIPE_API_URL: 'ftp://stripe' }, 'STRIPE_API_URL'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
    [{ PAYMENTS_SANDBOX: 'yes' }, 'PAYMENTS_SANDBOX'],
    [{ MODERATOR_EMAILS: 'mod@example.com, not-an-address' }, 'MODERATOR_EMAILS'],
    [{ MODERATION_AUTO_HIDE_REPORTS: '-1' }, 'MODERATION_AUTO_HIDE_REPORTS'],
    [{ OPENFOODFACTS_URL: 'world.openfoodfacts.org' }, 'OPENFOODFACTS_URL'],
    [{ OPENFOODFACTS_URL: 'https://world.openfoodfacts.org', OPENFOODFACTS_TIMEOUT_MS: '10' }, 'OPENFOODFACTS_TIMEOUT_MS'],
  ])('names the variable of a bad value %j', (vars, named) => {
    expect(() => readEnv(vars)).toThrow(named);
  });

  it('chooses the sandbox provider without a Stripe key, and reads the Stripe settings with one', () => {
    expect(readEnv({})).toMatchObject({ stripe: undefined, stripeWebhookSecret: undefined, stripePrices: { basic: { month: undefined } } });
    const env = readEnv({
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_API_URL: 'http://localhost:12111',
      STRIPE_PRICE_BASIC_MONTH: 'price_b_m',
      STRIPE_PRICE_PRO_YEAR: 'price_p_y',
    });
    expect(env.stripe).toEqual({ secretKey: 'sk_test_1', apiUrl: 'http://localhost:12111' });
    expect(env.stripeWebhookSecret).toBe('whsec_1');
    expect(env.stripePrices).toEqual({ basic: { month: 'price_b_m', year: undefined }, pro: { month: undefined, year: 'price_p_y' } });
  });

  it('reads the moderators as a list of addresses in lower case, and hides after 3 reports unless told otherwise', () => {
    expect(readEnv({})).toMatchObject({ moderatorEmails: [], autoHideReports: 3 });
    const env = readEnv({ MODERATOR_EMAILS: ' Mod@Example.com,second@example.com,,mod@example.com ', MODERATION_AUTO_HIDE_REPORTS: '0' });
    expect(env).toMatchObject({ moderatorEmails: ['mod@example.com', 'second@example.com'], autoHideReports: 0 });
  });

  it.each([
    ['false', 0],
    ['true', 1],
    ['1', 1],
    ['2', 2],
  ])('reads TRUST_PROXY=%s as %d trusted proxies', (value, count) => {
    expect(readEnv({ TRUST_PROXY: value }).trustProxy).toBe(count);
  });

  it('runs the sandbox provider in production only when PAYMENTS_SANDBOX=true asks for it', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'a'.repeat(32) };
    const refusal = () => readEnv(production);
    expect(refusal).toThrow(/STRIPE_SECRET_KEY: must be set in production, or PAYMENTS_SANDBOX=true/);
    expect(readEnv({ ...production, PAYMENTS_SANDBOX: 'true' }).stripe).toBeUndefined();
    expect(() => readEnv({ ...production, PAYMENTS_SANDBOX: 'false' })).toThrow('PAYMENTS_SANDBOX');
    expect(readEnv({ ...production, STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }).stripe).toEqual({ secretKey: 'sk_live_1', apiUrl: undefined });
    expect(() => readEnv({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', PAYMENTS_SANDBOX: 'true' })).toThrow('PAYMENTS_SANDBOX: cannot be true with STRIPE_SECRET_KEY');
    // Development keeps the embedded default with nothing set.
    expect(readEnv({}).stripe).toBeUndefined();
  });

  it('overrides a limit, free and paid', () => {
    const env = readEnv({ RATE_LIMIT_AI: '10/1m', RATE_LIMIT_AI_PAID: '50/1m', RATE_LIMIT_API: '1000/1m' });
    expect(env.rateLimits.ai.free).toEqual({ max: 10, windowMs: 60_000 });
    expect(env.rateLimits.ai.paid).toEqual({ max: 50, windowMs: 60_000 });
    expect(env.rateLimits.api.paid).toEqual({ max: 1000, windowMs: 60_000 });
  });
});
