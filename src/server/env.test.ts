import { describe, expect, it } from 'vitest';
import { readEnv } from './env';

describe('readEnv', () => {
  it('gives the embedded defaults with nothing set', () => {
    const env = readEnv({});
    expect(env).toMatchObject({ port: 3000, nodeEnv: 'development', trustProxy: false, databaseUrl: undefined, redisUrl: undefined });
    expect(env.dataDir).toMatch(/data$/);
    expect(env.rateLimits.auth.free).toEqual({ max: 5, windowMs: 900_000 });
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
  ])('names the variable of a bad value %j', (vars, named) => {
    expect(() => readEnv(vars)).toThrow(named);
  });

  it('overrides a limit, free and paid', () => {
    const env = readEnv({ RATE_LIMIT_AI: '10/1m', RATE_LIMIT_AI_PAID: '50/1m', RATE_LIMIT_API: '1000/1m' });
    expect(env.rateLimits.ai.free).toEqual({ max: 10, windowMs: 60_000 });
    expect(env.rateLimits.ai.paid).toEqual({ max: 50, windowMs: 60_000 });
    expect(env.rateLimits.api.paid).toEqual({ max: 1000, windowMs: 60_000 });
  });
});
